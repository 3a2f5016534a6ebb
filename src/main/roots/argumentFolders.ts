// The folders a server's launch arguments name (as the filesystem server's README has them), and which of them it is not shown as roots.
import { realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RootView } from '../../shared/roots';
import type { ServerEntry } from '../../shared/types';

/** Arguments looked at, at most: a launch line longer than this names its folders early. */
const MAX_ARGUMENTS = 64;

/** Real paths of the existing folders `entry`'s arguments name (absolute, `~/…` or `file://`), each once, in order. */
export async function foldersInArguments(entry: ServerEntry): Promise<string[]> {
  if (!('command' in entry)) return [];
  const found: string[] = [];
  for (const argument of (entry.args ?? []).slice(0, MAX_ARGUMENTS)) {
    const candidate = plainFolder(argument);
    if (!candidate) continue;
    const real = await realpath(candidate).catch(() => undefined);
    if (!real || found.includes(real)) continue;
    if ((await stat(real).catch(() => undefined))?.isDirectory()) found.push(real);
  }
  return found;
}

/** The folders `entry`'s arguments name that no root in `shown` (the server's roots) covers. */
export async function unsharedArgumentFolders(
  entry: ServerEntry,
  shown: readonly RootView[],
): Promise<string[]> {
  const folders = await foldersInArguments(entry);
  return folders.filter((folder) => !shown.some((root) => inside(root.path, folder)));
}

/** The folders of `folders` a write to `target` would land in; all of them for a relative path. */
export function foldersHolding(target: string, folders: readonly string[]): string[] {
  const plain = plainFolder(target);
  if (!plain) return [...folders];
  return folders.filter((folder) => inside(folder, path.resolve(plain)));
}

function plainFolder(argument: string): string | undefined {
  if (argument.includes('\0')) return undefined;
  if (/^file:/i.test(argument)) {
    try {
      return fileURLToPath(argument);
    } catch {
      return undefined;
    }
  }
  if (argument === '~' || argument.startsWith('~/')) return path.join(homedir(), argument.slice(1));
  return path.isAbsolute(argument) ? argument : undefined;
}

function inside(folder: string, candidate: string): boolean {
  const rel = path.relative(folder, candidate);
  return rel === '' || (!path.isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${path.sep}`));
}
