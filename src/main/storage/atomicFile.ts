// Crash-safe whole-file writes: temp file, fsync, rename, fsync of the folder; and the sweep of temp files a killed
// write left behind.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export type AtomicWriteOptions = {
  /** Runs once the new content is safely on disk, just before it replaces the file; throwing cancels the write. */
  beforeReplace?: () => Promise<void>;
};

const TEMP_ID_BYTES = 6;
/** The temporary files `writeFileAtomic` makes: `.<name>.<12 hex digits>.tmp`. */
const TEMP_FILE = new RegExp(`^\\..+\\.[0-9a-f]{${TEMP_ID_BYTES * 2}}\\.tmp$`);
/** A write takes milliseconds: a temporary file this old is one whose process ended before the rename. */
export const LEFT_BEHIND_MS = 60 * 60_000;

export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  mode = 0o644,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  const temp = join(folder, `.${basename(path)}.${randomBytes(TEMP_ID_BYTES).toString('hex')}.tmp`);
  try {
    const file = await open(temp, 'w', mode);
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    await options.beforeReplace?.();
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(folder);
}

async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems cannot fsync a folder; the rename is still atomic.
  } finally {
    await handle.close();
  }
}

/**
 * Removes the temporary files in `folder` that writes cut short left behind (the app killed mid-write), once
 * they are older than `olderThanMs`, so a write under way in another process is never touched. Only files
 * named as `writeFileAtomic` names them go; anything that cannot be read or removed stays. Resolves to how
 * many went.
 */
export async function sweepLeftBehind(folder: string, olderThanMs = LEFT_BEHIND_MS): Promise<number> {
  // A folder that cannot be read has nothing to sweep.
  const names = await readdir(folder).catch(() => [] as string[]);
  const before = Date.now() - olderThanMs;
  const removed = await Promise.all(
    names
      .filter((name) => TEMP_FILE.test(name))
      .map(async (name) => {
        const path = join(folder, name);
        // Gone meanwhile, or not ours to read or remove: it stays.
        const info = await stat(path).catch(() => undefined);
        if (!info?.isFile() || info.mtimeMs > before) return false;
        // As above.
        return rm(path).then(
          () => true,
          () => false,
        );
      }),
  );
  return removed.filter(Boolean).length;
}
