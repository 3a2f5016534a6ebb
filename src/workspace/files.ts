// What the workspace shows of a folder: ignore rules, mime types, walking the tree, and reading within size limits.
import type { Dirent } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { WorkspaceError } from './errors';

/** Folders never listed, searched or watched: tool caches, dependencies and build output. */
export const IGNORED_FOLDERS: ReadonlySet<string> = new Set([
  '.git',
  '.hg',
  '.svn',
  'node_modules',
  '.venv',
  'venv',
  '__pycache__',
  '.mypy_cache',
  '.pytest_cache',
  '.ruff_cache',
  '.tox',
  'dist',
  'out',
  'build',
  'target',
  '.next',
  '.nuxt',
  '.turbo',
  '.cache',
  '.gradle',
  '.idea',
  'coverage',
]);

/** Files never listed: operating-system droppings. */
export const IGNORED_FILES: ReadonlySet<string> = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini']);

/** Largest file read as text. */
export const TEXT_LIMIT = 1024 * 1024;
/** Largest binary file returned as a base64 blob. */
export const BLOB_LIMIT = 5 * 1024 * 1024;

const MIME_TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.log': 'text/plain',
  '.ini': 'text/plain',
  '.cfg': 'text/plain',
  '.env': 'text/plain',
  '.sh': 'text/plain',
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.json': 'application/json',
  '.jsonc': 'application/json',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.cjs': 'text/javascript',
  '.jsx': 'text/javascript',
  '.ts': 'text/typescript',
  '.mts': 'text/typescript',
  '.cts': 'text/typescript',
  '.tsx': 'text/typescript',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.css': 'text/css',
  '.py': 'text/x-python',
  '.rs': 'text/x-rust',
  '.go': 'text/x-go',
  '.java': 'text/x-java',
  '.c': 'text/x-c',
  '.h': 'text/x-c',
  '.cpp': 'text/x-c++',
  '.xml': 'application/xml',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.toml': 'application/toml',
  '.csv': 'text/csv',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
};

const TEXT_APPLICATION_TYPES = new Set([
  'application/json',
  'application/xml',
  'application/yaml',
  'application/toml',
]);

/** The mime type of a file, by its extension; `application/octet-stream` when unknown. */
export function mimeTypeOf(name: string): string {
  return MIME_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/** True for types read as text. */
export function isTextType(mimeType: string): boolean {
  return mimeType.startsWith('text/') || mimeType === 'image/svg+xml' || TEXT_APPLICATION_TYPES.has(mimeType);
}

/** True for a folder or file name the workspace leaves out. */
export function isIgnored(name: string, isFolder: boolean): boolean {
  return isFolder ? IGNORED_FOLDERS.has(name) : IGNORED_FILES.has(name);
}

/** True when any folder on a relative path (`/` or native separators) is ignored, or its file name is. */
export function isIgnoredPath(relative: string): boolean {
  const parts = relative.split(/[\\/]/).filter(Boolean);
  const last = parts.at(-1);
  return (
    parts.slice(0, -1).some((part) => IGNORED_FOLDERS.has(part)) ||
    (last !== undefined && isIgnoredName(last))
  );
}

function isIgnoredName(name: string): boolean {
  return IGNORED_FOLDERS.has(name) || IGNORED_FILES.has(name);
}

/** One thing found under a folder; `relative` uses `/`. Links are shown but never followed. */
export type Entry = { path: string; relative: string; kind: 'file' | 'folder' | 'link'; size?: number };

/** What a walk found, in path order, and whether it stopped at its limit. */
export type Walk = { entries: Entry[]; truncated: boolean };

/** The entries under `dir` that are not ignored, in path order; `recursive` descends into folders. */
export async function walk(dir: string, options: { recursive: boolean; limit: number }): Promise<Walk> {
  const entries: Entry[] = [];
  let truncated = false;
  const visit = async (folder: string, prefix: string): Promise<void> => {
    let children: Dirent[];
    try {
      children = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (folder === dir) throw error;
      return;
    }
    children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const found = await Promise.all(children.map((child) => describe(folder, prefix, child)));
    for (const entry of found) {
      if (!entry) continue;
      if (entries.length >= options.limit) {
        truncated = true;
        return;
      }
      entries.push(entry);
      if (options.recursive && entry.kind === 'folder') await visit(entry.path, `${entry.relative}/`);
      if (truncated) return;
    }
  };
  await visit(dir, '');
  return { entries, truncated };
}

async function describe(folder: string, prefix: string, child: Dirent): Promise<Entry | undefined> {
  const full = path.join(folder, child.name);
  const relative = `${prefix}${child.name}`;
  if (child.isSymbolicLink()) {
    return IGNORED_FILES.has(child.name) ? undefined : { path: full, relative, kind: 'link' };
  }
  if (child.isDirectory()) {
    return isIgnored(child.name, true) ? undefined : { path: full, relative, kind: 'folder' };
  }
  if (!child.isFile() || isIgnored(child.name, false)) return undefined;
  try {
    return { path: full, relative, kind: 'file', size: (await stat(full)).size };
  } catch {
    return undefined;
  }
}

/** A file's content: text within 1 MB, or a base64 blob within 5 MB. */
export type FileContent =
  | { kind: 'text'; text: string; mimeType: string; size: number }
  | { kind: 'blob'; base64: string; mimeType: string; size: number };

/** Reads a file (a real path already checked by paths.ts); `label` names it in messages. */
export async function readContent(real: string, label: string): Promise<FileContent> {
  const info = await stat(real);
  if (info.isDirectory()) throw new WorkspaceError(`${label} is a folder, not a file.`);
  if (!info.isFile()) throw new WorkspaceError(`${label} is not a regular file.`);
  const mimeType = mimeTypeOf(real);
  if (isTextType(mimeType)) {
    tooLarge(label, info.size, TEXT_LIMIT, 'as text');
    const bytes = await readBounded(real, info.size, TEXT_LIMIT, label, 'as text');
    return { kind: 'text', text: bytes.toString('utf8'), mimeType, size: bytes.length };
  }
  if (mimeType === 'application/octet-stream' && info.size <= TEXT_LIMIT) {
    const bytes = await readBounded(real, info.size, TEXT_LIMIT, label, 'as text');
    if (looksLikeText(bytes)) {
      return { kind: 'text', text: bytes.toString('utf8'), mimeType: 'text/plain', size: bytes.length };
    }
    return { kind: 'blob', base64: bytes.toString('base64'), mimeType, size: bytes.length };
  }
  tooLarge(label, info.size, BLOB_LIMIT, '');
  const bytes = await readBounded(real, info.size, BLOB_LIMIT, label, '');
  return { kind: 'blob', base64: bytes.toString('base64'), mimeType, size: bytes.length };
}

/** Reads a file as text for a model (search, sampling, prompts); refuses binary files. */
export async function readText(real: string, label: string): Promise<string> {
  const content = await readContent(real, label);
  if (content.kind !== 'text') {
    throw new WorkspaceError(`${label} is a binary file (${content.mimeType}), not text.`);
  }
  return content.text;
}

function tooLarge(label: string, size: number, limit: number, how: string): void {
  if (size <= limit) return;
  const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  const reading = how ? ` to read ${how}` : ' to read';
  throw new WorkspaceError(`${label} is too large${reading} (${mb(size)}; the limit is ${mb(limit)}).`);
}

async function readBounded(
  real: string,
  expected: number,
  limit: number,
  label: string,
  how: string,
): Promise<Buffer> {
  const handle = await open(real, 'r');
  try {
    const capacity = Math.min(expected, limit) + 1;
    const buffer = Buffer.alloc(capacity);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    tooLarge(label, filled, limit, how);
    if (filled === capacity) throw new WorkspaceError(`${label} changed while it was being read; try again.`);
    return buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

/** No NUL byte in the first 8 KB and valid UTF-8 throughout. */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.subarray(0, 8192).includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
