// Reads the file a tool would write, for the person's preview: only inside the shared folders, never through a link out, size-bounded.
import { constants } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WritePreview } from '../../shared/consent';

/** The largest current file shown in a preview. */
export const PREVIEW_LIMIT = 1024 * 1024;

/** Where the shared folders really are (symlinks resolved), first one first: relative paths start there. */
export type SharedFolder = { path: string };

/**
 * What is at `requested` now, for a preview of writing it: `new`, `replace` with the current text, or
 * `unavailable` with the reason in plain words. Relative paths start at the first folder; a path or
 * `file://` URI outside every folder, or leading out of them through a link, is never read.
 */
export async function currentFile(
  requested: string,
  folders: readonly SharedFolder[],
  limit = PREVIEW_LIMIT,
): Promise<WritePreview> {
  const first = folders[0];
  const shown = requested.length > 200 ? `${requested.slice(0, 197)}...` : requested;
  const unavailable = (reason: string): WritePreview => ({ kind: 'unavailable', path: shown, reason });
  if (!first)
    return unavailable(
      'No folders are shared with this server, so the host does not look at files. Share the folder it works in (Roots) to see what the call changes.',
    );
  const plain = plainPath(requested);
  if (plain === undefined) return unavailable('It is not a path or file:// address on this computer.');
  const absolute = path.resolve(first.path, plain);
  if (!folders.some((folder) => inside(folder.path, absolute))) {
    return unavailable(
      'It is outside the shared folders, so the host does not read it. Share its folder with this server (Roots) to see what the call changes.',
    );
  }
  const target = await realTarget(absolute);
  if (target.kind === 'dangling') return unavailable('It is a link to something that does not exist.');
  if (target.kind === 'error') return unavailable(`The host could not look at it (${target.message}).`);
  if (!folders.some((folder) => inside(folder.path, target.real))) {
    return unavailable('It leads outside the shared folders through a link, so the host does not read it.');
  }
  if (!target.exists) return { kind: 'new', path: target.real };
  return readBounded(target.real, limit, unavailable);
}

/** A plain path from a path or a local `file://` URI; undefined when it is neither. */
function plainPath(requested: string): string | undefined {
  if (requested.includes('\0')) return undefined;
  if (!/^file:/i.test(requested)) return requested;
  try {
    return fileURLToPath(requested);
  } catch {
    return undefined;
  }
}

function inside(folder: string, candidate: string): boolean {
  const rel = path.relative(folder, candidate);
  return rel === '' || (!path.isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${path.sep}`));
}

type Target =
  | { kind: 'ok'; real: string; exists: boolean }
  | { kind: 'dangling' }
  | { kind: 'error'; message: string };

/** The real path of `absolute`, or of its nearest existing parent joined with the rest when it does not exist. */
async function realTarget(absolute: string): Promise<Target> {
  try {
    return { kind: 'ok', real: await realpath(absolute), exists: true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') return { kind: 'error', message: String(code ?? error) };
  }
  // Nothing there to read as a link: the folder above is checked next.
  const link = await lstat(absolute).then(
    (stats) => stats.isSymbolicLink(),
    () => false,
  );
  if (link) return { kind: 'dangling' };
  const parent = path.dirname(absolute);
  if (parent === absolute) return { kind: 'error', message: 'no folder above it exists' };
  const above = await realTarget(parent);
  if (above.kind !== 'ok') return above;
  return { kind: 'ok', real: path.join(above.real, path.basename(absolute)), exists: false };
}

/** The file's text, refusing folders, anything over `limit` bytes and binary contents. */
async function readBounded(
  real: string,
  limit: number,
  unavailable: (reason: string) => WritePreview,
): Promise<WritePreview> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    // The real path has no link left in it; O_NOFOLLOW refuses one swapped in since.
    handle = await open(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') return unavailable('It is a folder, not a file.');
    if (code === 'ELOOP') return unavailable('It became a link while the host looked; it was not read.');
    return unavailable(`The host could not read it (${code ?? String(error)}).`);
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) return unavailable('It is a folder, not a file.');
    if (!stats.isFile()) return unavailable('It is not a regular file.');
    if (stats.size > limit) {
      return unavailable(
        `The current file is larger than ${Math.round(limit / 1024)} KB, so no comparison is shown.`,
      );
    }
    const buffer = Buffer.alloc(Math.min(stats.size, limit) + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > limit) {
      return unavailable(
        `The current file is larger than ${Math.round(limit / 1024)} KB, so no comparison is shown.`,
      );
    }
    const bytes = buffer.subarray(0, bytesRead);
    if (bytes.includes(0)) return unavailable('The current file is binary, so no comparison is shown.');
    let current: string;
    try {
      current = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return unavailable('The current file is not UTF-8 text, so no comparison is shown.');
    }
    return { kind: 'replace', path: real, current };
  } finally {
    await handle.close();
  }
}
