// Secrets in a file of the data folder only its owner may read (mode 0600), where the OS offers no encryption.
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../storage/atomicFile';
import type { SecretStore } from './secrets';

/** Not encrypted: whoever can read this user's files can read it, as with config.json. Browser mode uses it. */
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
    if (entries.delete(id)) await this.save(entries);
  }

  private load(): Promise<Map<string, string>> {
    this.entries ??= readFile(this.path, 'utf8').then(parseEntries, () => new Map<string, string>());
    return this.entries;
  }

  /** One write after another, each with the latest values. */
  private save(entries: Map<string, string>): Promise<void> {
    const write = this.writing.then(() =>
      writeFileAtomic(this.path, JSON.stringify(Object.fromEntries(entries)), 0o600),
    );
    this.writing = write.catch(() => {});
    return write;
  }
}

/** The file's JSON object as a map; a damaged file counts as empty. */
function parseEntries(text: string): Map<string, string> {
  const map = new Map<string, string>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return map;
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    for (const [id, value] of Object.entries(parsed)) if (typeof value === 'string') map.set(id, value);
  }
  return map;
}
