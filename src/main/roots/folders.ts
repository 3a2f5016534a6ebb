// The host's folder browser: the folders (never files) inside one folder, for the person to pick a root from.
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FolderListing } from '../../shared/roots';
import { HostFault } from '../errors';
import { userPath } from './paths';
import { explainFsError } from './validate';

/**
 * The folders inside `path` (the home folder when absent; `~` expanded; relative paths refused), sorted by
 * name with hidden (dot) folders last. Links to folders count as folders. `parent` is absent at the top of
 * the file system. A missing, unreadable or non-folder path throws a `HostFault` in plain words.
 */
export async function listFolders(path?: string): Promise<FolderListing> {
  const home = homedir();
  const folder = path === undefined || path === '' ? home : userPath(path, home);
  let entries: Dirent[];
  try {
    const info = await stat(folder);
    if (!info.isDirectory())
      throw new HostFault('invalid_input', { id: 'host.roots.isAFile', values: { path: folder } });
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    throw explainFsError(error, folder);
  }
  const names = await Promise.all(
    entries.map(async (entry) => ((await isFolder(folder, entry)) ? entry.name : '')),
  );
  const folders = names
    .filter((name) => name !== '')
    .sort(byName)
    .map((name) => ({ name, path: join(folder, name) }));
  const parent = dirname(folder);
  return { path: folder, ...(parent !== folder ? { parent } : {}), home, folders };
}

async function isFolder(folder: string, entry: Dirent): Promise<boolean> {
  if (entry.isDirectory()) return true;
  if (!entry.isSymbolicLink()) return false;
  try {
    return (await stat(join(folder, entry.name))).isDirectory();
  } catch {
    return false;
  }
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function byName(a: string, b: string): number {
  const hidden = Number(a.startsWith('.')) - Number(b.startsWith('.'));
  return hidden !== 0 ? hidden : collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
