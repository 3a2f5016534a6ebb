// Where this run of the host keeps large contents on disk (`<data>/payloads/<run>/`), and clearing what earlier runs left.
import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

export type PayloadFolders = { root: string; run: string; resources: string; frames: string };

/** Folders of this run's own: a second host on the same data folder never shares them. */
export function payloadFolders(dataDir: string): PayloadFolders {
  const root = join(dataDir, 'payloads');
  const run = join(root, `${process.pid}-${randomBytes(6).toString('base64url')}`);
  return { root, run, resources: join(run, 'resources'), frames: join(run, 'frames') };
}

/** Removes what earlier runs kept (their pages are gone, so nobody can ask for it again). */
export async function sweepEarlierRuns(folders: PayloadFolders): Promise<void> {
  const names = await readdir(folders.root).catch(() => [] as string[]);
  const own = folders.run.slice(folders.root.length + 1);
  await Promise.all(
    names
      .filter((name) => name !== own)
      .map((name) => rm(join(folders.root, name), { recursive: true, force: true })),
  );
}
