// Checks a folder before it is shared: it exists, is a folder, and overlaps no shared folder.
import { realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute, relative, sep } from 'node:path';
import type { RootView } from '../../shared/roots';
import { HostFault, messageOf } from '../errors';
import { userPath } from './paths';
import { pathToUri } from './uris';

/**
 * The root to store for `path` (`~` expanded, symlinks resolved: the stored path is the real one), named
 * `name` or the folder's own name. Throws a `HostFault` in plain words when the folder is missing, is a
 * file, cannot be read, or is, contains or sits inside a folder in `existing`.
 */
export async function validateRoot(path: string, existing: RootView[], name?: string): Promise<RootView> {
  const given = userPath(path);
  let real: string;
  try {
    const info = await stat(given);
    if (!info.isDirectory())
      throw new HostFault('invalid_input', { id: 'host.roots.isAFile', values: { path: given } });
    real = await realpath(given);
  } catch (error) {
    throw explainFsError(error, given);
  }
  for (const root of existing) {
    const overlap = compare(real, root.path);
    if (overlap === 'same')
      throw new HostFault('invalid_input', {
        id: 'host.roots.alreadyShared',
        values: { path: given, name: root.name },
      });
    if (overlap === 'inside')
      throw new HostFault('invalid_input', {
        id: 'host.roots.insideShared',
        values: { path: given, name: root.name },
      });
    if (overlap === 'contains')
      throw new HostFault('invalid_input', {
        id: 'host.roots.containsShared',
        values: { path: given, name: root.name },
      });
  }
  return { uri: pathToUri(real), name: name?.trim() || basename(real) || real, path: real };
}

/** How `path` relates to `other`; case is ignored where the file system usually ignores it. */
export function compare(path: string, other: string): 'same' | 'inside' | 'contains' | 'apart' {
  const a = fold(path);
  const b = fold(other);
  if (a === b) return 'same';
  if (isBelow(a, b)) return 'inside';
  if (isBelow(b, a)) return 'contains';
  return 'apart';
}

/** A file-system error about `path`, in words a person can act on. */
export function explainFsError(error: unknown, path: string): HostFault {
  if (error instanceof HostFault) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR')
    return new HostFault('not_found', { id: 'host.roots.noFolder', values: { path } });
  if (code === 'EACCES' || code === 'EPERM')
    return new HostFault('forbidden', { id: 'host.roots.notAllowed', values: { path } });
  if (code === 'ELOOP')
    return new HostFault('invalid_input', { id: 'host.roots.linkLoop', values: { path } });
  return new HostFault('internal', {
    id: 'host.roots.cannotOpen',
    values: { path, error: messageOf(error) },
  });
}

function isBelow(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

function fold(path: string): string {
  return process.platform === 'win32' || process.platform === 'darwin' ? path.toLowerCase() : path;
}
