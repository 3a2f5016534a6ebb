// Secrets in a plain file of the data folder, readable by its owner only (mode 0600): the store where the OS offers no encryption.
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../storage/atomicFile';
import type { SecretStore } from './secrets';

/**
 * Not encrypted: anyone who can read files as this user can read it, as with config.json.
 * Browser mode uses it for sign-in tokens and `${input:…}` values; Electron uses safeStorage instead.
 */
export class FileSecretStore implements SecretStore {
  private entries: Promise<Map<string, string>> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly path: string) {}

  async get(id: string): Promise<string | undefined> {
    return (await this.load()).get(id);
  }

  async set(id: string, value: string): Promise<void> {
    const entries = await this.load();
    entries.set(id, value);
    await this.save(entries);
  }

  async delete(id: string): Promise<void> {
    const entries = await this.load();
    if (!entries.delete(id)) return;
    await this.save(entries);
  }

  private load(): Promise<Map<string, string>> {
    this.entries ??= readFile(this.path, 'utf8').then(
      (text) => {
        const parsed: unknown = JSON.parse(text);
        const map = new Map<string, string>();
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
          for (const [id, value] of Object.entries(parsed)) if (typeof value === 'string') map.set(id, value);
        }
        return map;
      },
      () => new Map<string, string>(),
    );
    return this.entries;
  }

  /** Writes one after another, so the last change always wins on disk. */
  private save(entries: Map<string, string>): Promise<void> {
    const text = JSON.stringify(Object.fromEntries(entries));
    const write = this.writing.then(() => writeFileAtomic(this.path, text, 0o600));
    // The caller hears of a failure through `write`; the next write only waits for it to end.
    this.writing = write.catch(() => {});
    return write;
  }
}
