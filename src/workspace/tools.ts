// The file tools: list_files, read_file and search_files (read-only) and write_file, all confined to the shared folders.
import { mkdir, realpath, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { sharedRoots, type Workspace } from './context';
import { guarded, PathRefusal, textResult, WorkspaceError } from './errors';
import { BLOB_LIMIT, type Entry, readContent, walk } from './files';
import { displayPath, fileUri, isInside, type RootPath, resolveInRoots, rootOf, shown } from './paths';
import { searchFiles } from './search';

const LIST_LIMIT = 1000;
const PATH_HELP =
  'A path inside a shared folder: relative to the first shared folder, or absolute, or a file:// URI.';

/** Registers list_files, read_file, search_files and write_file. */
export function registerFileTools(workspace: Workspace): void {
  const { mcp } = workspace;

  mcp.registerTool(
    'list_files',
    {
      title: 'List files',
      description:
        'Lists files and folders in a shared folder (all shared folders when no path is given). ' +
        'Dependency, cache and build folders such as node_modules and .git are left out.',
      inputSchema: z.object({
        path: z.string().optional().describe(`${PATH_HELP} Leave out to list every shared folder.`),
        recursive: z.boolean().optional().describe('Also list everything in subfolders (default false).'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ path: requested, recursive }) =>
      guarded('Listing files', async () => {
        const roots = await sharedRoots(workspace);
        const folders =
          requested === undefined ? roots.map((root) => root.real) : [await resolveInRoots(requested, roots)];
        const sections: string[] = [];
        for (const folder of folders) {
          if (!(await stat(folder)).isDirectory()) {
            throw new WorkspaceError(
              `${displayPath(folder, roots)} is a file, not a folder; use read_file to read it.`,
            );
          }
          sections.push(await listing(folder, roots, recursive ?? false));
        }
        return textResult(sections.join('\n\n'));
      }),
  );

  mcp.registerTool(
    'read_file',
    {
      title: 'Read a file',
      description:
        'Reads a file in a shared folder: text up to 1 MB, images and other binary files up to 5 MB.',
      inputSchema: z.object({ path: z.string().describe(PATH_HELP) }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ path: requested }) =>
      guarded('Reading the file', async () => {
        const roots = await sharedRoots(workspace);
        const real = await resolveInRoots(requested, roots);
        const content = await readContent(real, displayPath(real, roots));
        if (content.kind === 'text') return textResult(content.text);
        const result: CallToolResult = content.mimeType.startsWith('image/')
          ? { content: [{ type: 'image', data: content.base64, mimeType: content.mimeType }] }
          : {
              content: [
                {
                  type: 'resource',
                  resource: { uri: fileUri(real), mimeType: content.mimeType, blob: content.base64 },
                },
              ],
            };
        return result;
      }),
  );

  mcp.registerTool(
    'search_files',
    {
      title: 'Search files',
      description:
        'Finds files whose path contains the query, then lines of text files that contain it (case-insensitive). ' +
        'Returns at most 50 matches.',
      inputSchema: z.object({
        query: z.string().describe('The text to look for in file paths and contents.'),
        path: z.string().optional().describe(`${PATH_HELP} Leave out to search every shared folder.`),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, path: requested }) =>
      guarded('Searching', async () => {
        if (query.trim() === '') throw new WorkspaceError('Give some text to search for.');
        const roots = await sharedRoots(workspace);
        const bases =
          requested === undefined ? roots.map((root) => root.real) : [await resolveInRoots(requested, roots)];
        const lines: string[] = [];
        let truncated = false;
        for (const base of bases) {
          const result = await searchFiles(base, query, 50 - lines.length);
          truncated ||= result.truncated;
          for (const hit of result.hits) {
            const shownPath = displayPath(hit.path, roots);
            lines.push(hit.line === undefined ? shownPath : `${shownPath}:${hit.line}: ${hit.text}`);
          }
          if (lines.length >= 50) break;
        }
        if (lines.length === 0) return textResult(`Nothing matches "${query}".`);
        const more = truncated ? '\n…more matches not shown; narrow the query or the path.' : '';
        const count = lines.length === 1 ? '1 match' : `${lines.length} matches`;
        return textResult(`${count} for "${query}":\n${lines.join('\n')}${more}`);
      }),
  );

  mcp.registerTool(
    'write_file',
    {
      title: 'Write a file',
      description:
        'Writes text to a file in a shared folder, replacing it if it exists and creating missing folders ' +
        'inside the shared folder. Files inside .git folders cannot be written.',
      inputSchema: z.object({
        path: z.string().describe(PATH_HELP),
        content: z.string().describe('The full new text of the file.'),
      }),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ path: requested, content }) =>
      guarded('Writing the file', async () => {
        const roots = await sharedRoots(workspace);
        const bytes = Buffer.byteLength(content, 'utf8');
        if (bytes > BLOB_LIMIT) {
          throw new WorkspaceError('That content is larger than 5 MB; write smaller files.');
        }
        const real = await writableTarget(requested, roots);
        const existing = await stat(real).catch(() => undefined);
        if (existing?.isDirectory()) {
          throw new WorkspaceError(`${displayPath(real, roots)} is a folder, not a file.`);
        }
        await ensureFolder(path.dirname(real), requested);
        const parent = await realpath(path.dirname(real));
        if (!roots.some((root) => isInside(root.real, parent))) {
          throw new PathRefusal(`The path ${shown(requested)} is outside the shared folders.`);
        }
        await writeFile(real, content, 'utf8');
        const verb = existing ? 'Replaced' : 'Created';
        return textResult(`${verb} ${displayPath(real, roots)} (${bytes} bytes).`);
      }),
  );
}

/** The real path to write `requested` to, refused when it is outside the roots or inside a .git folder. */
export async function writableTarget(requested: string, roots: readonly RootPath[]): Promise<string> {
  const real = await resolveInRoots(requested, roots, 'write');
  const root = rootOf(real, roots);
  const relative = root ? path.relative(root.real, real) : real;
  if (relative.split(path.sep).includes('.git')) {
    throw new PathRefusal(
      `The path ${shown(requested)} is inside a .git folder, which this server does not write to.`,
    );
  }
  return real;
}

/** Creates the folders a new file needs; a file in the way is reported plainly. */
export async function ensureFolder(folder: string, requested: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      throw new WorkspaceError(`Part of the path ${shown(requested)} is a file, not a folder.`);
    }
    throw error;
  }
}

async function listing(folder: string, roots: readonly RootPath[], recursive: boolean): Promise<string> {
  const { entries, truncated } = await walk(folder, { recursive, limit: LIST_LIMIT });
  const lines = entries.map((entry) => describeEntry(entry, roots));
  if (entries.length === 0) lines.push('(empty)');
  if (truncated) lines.push(`…more than ${LIST_LIMIT} entries; list a subfolder to see the rest.`);
  const shownFolder = displayPath(folder, roots);
  return `${shownFolder === '.' ? `. (${folder})` : shownFolder}:\n${lines.join('\n')}`;
}

function describeEntry(entry: Entry, roots: readonly RootPath[]): string {
  const name = displayPath(entry.path, roots);
  if (entry.kind === 'folder') return `${name}/`;
  if (entry.kind === 'link') return `${name} (link)`;
  return `${name} (${formatSize(entry.size ?? 0)})`;
}

/** A size in plain units: bytes, KB or MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
