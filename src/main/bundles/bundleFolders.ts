// Where bundles live in the data folder: an opened bundle waits in a staging folder, and an installed one gets a
// folder named by its content hash that nothing ever replaces.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { HostFault, messageOf } from '../errors';
import { LEFT_BEHIND_MS } from '../storage/atomicFile';

const STAGING_PREFIX = '.opening-';

/** A new staging folder for a bundle being opened, inside `bundlesDir` (so moving it into place is a rename). */
export function stagingFolder(bundlesDir: string): string {
  return join(bundlesDir, `${STAGING_PREFIX}${randomUUID()}`);
}

/**
 * The folder a bundle is installed into: `<name>/<version>+<sha256 of the .mcpb file>`. A different bundle
 * always gets a different folder, so an approval of what runs from one never covers another's code. The `+`
 * never appears in a name `folderName` makes, so these never meet the folders of earlier versions.
 */
export function installFolder(bundlesDir: string, name: string, version: string, sha256: string): string {
  return join(bundlesDir, folderName(name), `${folderName(version)}+${sha256}`);
}

/**
 * Moves the unpacked `files` into `dir`. When `dir` is there already it holds the same bundle (its name is
 * the hash of the same bytes), and it is kept as it is: an installed folder is never replaced.
 */
export async function placeBundle(files: string, dir: string): Promise<void> {
  await mkdir(dirname(dir), { recursive: true, mode: 0o700 });
  try {
    await rename(files, dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new HostFault('not_found', { id: 'host.bundles.noLongerOpen' });
    }
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') {
      throw new HostFault('internal', {
        id: 'host.bundles.installFailed',
        values: { dir, error: messageOf(error) },
      });
    }
  }
}

/** Removes staging folders an earlier run left (opened, never installed) once they are `olderThanMs` old. */
export async function sweepStaging(bundlesDir: string, olderThanMs = LEFT_BEHIND_MS): Promise<void> {
  // No bundles folder yet, or none to read: nothing to sweep.
  const names = await readdir(bundlesDir).catch(() => [] as string[]);
  const before = Date.now() - olderThanMs;
  await Promise.all(
    names
      .filter((name) => name.startsWith(STAGING_PREFIX))
      .map(async (name) => {
        const path = join(bundlesDir, name);
        // Gone meanwhile: nothing to remove.
        const info = await stat(path).catch(() => undefined);
        if (!info?.isDirectory() || info.mtimeMs > before) return;
        // What cannot be removed now stays for the next run's sweep.
        await rm(path, { recursive: true, force: true }).catch(() => {});
      }),
  );
}

/** A folder name from a manifest's name or version: no separators, no dots alone. */
function folderName(text: string): string {
  const plain = text.replace(/[^A-Za-z0-9._@-]+/g, '_').replace(/^\.+/, '_');
  return plain.slice(0, 100) || '_';
}
