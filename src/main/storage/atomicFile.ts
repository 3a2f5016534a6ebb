// Crash-safe whole-file writes: temp file, fsync, rename, fsync of the folder.
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export type AtomicWriteOptions = {
  /** Runs once the new content is safely on disk, just before it replaces the file; throwing cancels the write. */
  beforeReplace?: () => Promise<void>;
};

export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  mode = 0o644,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  const temp = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
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
