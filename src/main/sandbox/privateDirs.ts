// Each sandboxed server's own home and temporary folder under the data folder: kept between runs, removed with the server.
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';
import { identityKey } from '../trust/identity';

export type PrivateDirs = { home: string; tmp: string };

/** The folder of `entry`'s own files: keyed by what it runs, not by its sandbox setting (a new network keeps its home). */
export function privateFolder(dataDir: string, entry: ServerEntry): string {
  const plain = isRemoteEntry(entry) ? entry : { ...entry, sandbox: undefined };
  return join(dataDir, 'sandbox', identityKey(plain));
}

/** Creates (if need be) and answers `entry`'s private home and temporary folder, readable by their owner alone. */
export async function privateDirs(dataDir: string, entry: ServerEntry): Promise<PrivateDirs> {
  const folder = privateFolder(dataDir, entry);
  const dirs = { home: join(folder, 'home'), tmp: join(folder, 'tmp') };
  await mkdir(dirs.home, { recursive: true, mode: 0o700 });
  await mkdir(dirs.tmp, { recursive: true, mode: 0o700 });
  return dirs;
}

/** Removes the private folders of servers no longer configured (or changed into another program). */
export async function sweepPrivateDirs(dataDir: string, entries: readonly ServerEntry[]): Promise<void> {
  const root = join(dataDir, 'sandbox');
  const kept = new Set(entries.map((entry) => privateFolder(dataDir, entry)));
  const names = await readdir(root).catch(() => [] as string[]);
  await Promise.all(
    names
      .map((name) => join(root, name))
      .filter((folder) => !kept.has(folder))
      .map((folder) => rm(folder, { recursive: true, force: true })),
  );
}
