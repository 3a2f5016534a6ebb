// Resources: every file under the shared folders as a file:// resource, listed in pages, readable and subscribable.
import { ProtocolError, ProtocolErrorCode, type ReadResourceResult } from '@modelcontextprotocol/server';
import { sharedRoots, type Workspace } from './context';
import { PathRefusal, toProtocolError } from './errors';
import { mimeTypeOf, readContent } from './files';
import { displayPath, fileUri, resolveInRoots, shown } from './paths';

/** Resources per page of resources/list. */
export const PAGE_SIZE = 200;

/** The template that names any file by its path. */
export const FILE_TEMPLATE = 'file:///{+path}';

/** An opaque cursor for a list offset. */
export function encodeCursor(offset: number): string {
  return Buffer.from(`offset:${offset}`, 'utf8').toString('base64url');
}

/** The offset in a cursor this server gave out; anything else is refused. */
export function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const match = /^offset:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      'That cursor did not come from this server; list the resources again from the start.',
    );
  }
  return Number(match[1]);
}

/** Installs resources/list, templates, read, subscribe and unsubscribe on the server. */
export function registerResources(workspace: Workspace): void {
  const server = workspace.mcp.server;
  server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });

  server.setRequestHandler('resources/list', async (request) => {
    const offset = decodeCursor(request.params?.cursor);
    const roots = await workspace.roots.current(workspace.listWaitMs);
    if (roots.length === 0) return { resources: [] };
    const files = await workspace.index.list();
    const page = files.slice(offset, offset + PAGE_SIZE);
    const resources = page.map((file) => ({
      uri: fileUri(file.path),
      name: displayPath(file.path, roots),
      mimeType: mimeTypeOf(file.path),
      size: file.size,
    }));
    const next = offset + PAGE_SIZE;
    return next < files.length ? { resources, nextCursor: encodeCursor(next) } : { resources };
  });

  server.setRequestHandler('resources/templates/list', () => ({
    resourceTemplates: [
      {
        uriTemplate: FILE_TEMPLATE,
        name: 'file',
        title: 'File in a shared folder',
        description: 'Any file inside the folders the person shared, by its absolute path.',
      },
    ],
  }));

  server.setRequestHandler('resources/read', async (request) => {
    const uri = request.params.uri;
    try {
      const { real, label } = await resolveFileUri(workspace, uri);
      const content = await readContent(real, label);
      const contents: ReadResourceResult['contents'] =
        content.kind === 'text'
          ? [{ uri, mimeType: content.mimeType, text: content.text }]
          : [{ uri, mimeType: content.mimeType, blob: content.base64 }];
      return { contents };
    } catch (error) {
      throw toProtocolError(error, 'Reading the resource', uri);
    }
  });

  server.setRequestHandler('resources/subscribe', async (request) => {
    const uri = request.params.uri;
    try {
      workspace.subscriptions.add(uri, (await resolveFileUri(workspace, uri)).real);
    } catch (error) {
      throw toProtocolError(error, 'Subscribing to the resource', uri);
    }
    return {};
  });

  server.setRequestHandler('resources/unsubscribe', (request) => {
    workspace.subscriptions.remove(request.params.uri);
    return {};
  });
}

async function resolveFileUri(workspace: Workspace, uri: string): Promise<{ real: string; label: string }> {
  if (!/^file:/i.test(uri)) {
    throw new PathRefusal(`Only file:// resources are served here, not ${shown(uri)}.`);
  }
  const roots = await sharedRoots(workspace);
  const real = await resolveInRoots(uri, roots);
  return { real, label: displayPath(real, roots) };
}
