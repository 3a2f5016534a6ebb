// API keys encrypted with the OS keychain through Electron's safeStorage, kept in the data folder.
import { readFile } from 'node:fs/promises';
import { safeStorage } from 'electron';
import type { SecretStore } from '../settings/secrets';
import { writeFileAtomic } from '../storage/atomicFile';

/** A SecretStore where the OS can encrypt; undefined where it cannot (keys then stay in config.json, 0600). */
export function createSafeSecretStore(path: string): SecretStore | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  let cache: Promise<Record<string, string>> | undefined;
  const load = () => {
    cache ??= readFile(path, 'utf8')
      .then((text) => JSON.parse(text) as Record<string, string>)
      .catch(() => ({}));
    return cache;
  };
  const save = async (entries: Record<string, string>) => {
    await writeFileAtomic(path, JSON.stringify(entries), 0o600);
  };
  return {
    async get(id) {
      const sealed = (await load())[id];
      return sealed ? safeStorage.decryptString(Buffer.from(sealed, 'base64')) : undefined;
    },
    async set(id, key) {
      const entries = await load();
      entries[id] = safeStorage.encryptString(key).toString('base64');
      await save(entries);
    },
    async delete(id) {
      const entries = await load();
      if (!(id in entries)) return;
      delete entries[id];
      await save(entries);
    },
  };
}
