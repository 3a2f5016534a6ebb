// The prompt, completion and resource commands: get, complete, read, watch and save.

import type { CommandHandlers } from '../../shared/contract';
import { fileNameFromUri } from '../../shared/fileNames';
import { HostFault } from '../errors';
import type { PayloadStore } from '../payloads/payloadStore';
import { complete, getPrompt } from '../servers/catalogue/prompts';
import { readResource, subscribe, unsubscribe } from '../servers/catalogue/resources';
import type { ServerLookup } from '../servers/runningServers';
import { previewContents, resourceOwner } from './previews';

export type ResourceCommandDeps = {
  servers: ServerLookup;
  /** Where large contents wait for a page to fetch them, or to be attached by reference. */
  payloads: PayloadStore;
  /** Asks where to save and writes the file; resolves false when the person cancels. Absent in browser mode. */
  saveFile?: (suggestedName: string, data: Buffer) => Promise<boolean>;
};

export type ResourceCommands = Pick<
  CommandHandlers,
  | 'prompts.get'
  | 'completion.complete'
  | 'resources.read'
  | 'resources.subscribe'
  | 'resources.unsubscribe'
  | 'resources.saveAs'
>;

/**
 * Handlers for the prompt and resource commands. A completion request replaces the one still
 * running for the same server, reference and argument: the older one rejects with `cancelled`.
 */
export function resourceCommands(deps: ResourceCommandDeps): ResourceCommands {
  const completions = new Map<string, AbortController>();
  const { payloads } = deps;
  return {
    'prompts.get': async ({ server, name, args }) => getPrompt(deps.servers.get(server), name, args),
    'completion.complete': async ({ server, ref, argument, context }) => {
      const key = JSON.stringify([server, ref, argument.name]);
      completions.get(key)?.abort();
      const controller = new AbortController();
      completions.set(key, controller);
      try {
        return await complete(deps.servers.get(server), ref, argument, context, {
          signal: controller.signal,
        });
      } finally {
        if (completions.get(key) === controller) completions.delete(key);
      }
    },
    'resources.read': async ({ server, uri }) => {
      const { contents } = await readResource(deps.servers.get(server), uri);
      return { contents: previewContents(contents, payloads, resourceOwner(server, uri)) };
    },
    'resources.subscribe': async ({ server, uri }) => {
      await subscribe(deps.servers.get(server), uri);
      return null;
    },
    'resources.unsubscribe': async ({ server, uri }) => {
      await unsubscribe(deps.servers.get(server), uri);
      return null;
    },
    'resources.saveAs': async ({ server, uri, index }) => {
      if (!deps.saveFile) return false;
      const { contents } = await readResource(deps.servers.get(server), uri);
      const item = contents[index];
      if (!item) {
        throw new HostFault('not_found', {
          id: 'host.resources.partGone',
          values: { uri, count: contents.length, parts: String(contents.length), part: index + 1 },
        });
      }
      const data =
        item.blob !== undefined ? Buffer.from(item.blob, 'base64') : Buffer.from(item.text ?? '', 'utf8');
      return deps.saveFile(suggestedFileName(item.uri || uri, item.mimeType), data);
    },
  };
}

const EXTENSIONS: Record<string, string> = {
  'text/plain': '.txt',
  'text/markdown': '.md',
  'text/html': '.html',
  'text/csv': '.csv',
  'application/json': '.json',
  'application/pdf': '.pdf',
  'application/zip': '.zip',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/svg+xml': '.svg',
  'audio/wav': '.wav',
  'audio/mpeg': '.mp3',
};

/** A file name for a resource: the last part of its URI, made safe, with an extension from its type. */
export function suggestedFileName(uri: string, mimeType?: string): string {
  const name = fileNameFromUri(uri, 'resource');
  const extension = mimeType ? EXTENSIONS[mimeType.split(';')[0]?.trim().toLowerCase() ?? ''] : undefined;
  return extension && !/\.[A-Za-z0-9]{1,8}$/.test(name) ? `${name}${extension}` : name;
}
