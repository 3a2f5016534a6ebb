// API keys encrypted with the OS keychain through Electron's safeStorage, kept in the data folder.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type BrowserWindow, dialog, safeStorage } from 'electron';
import {
  chooseSecretStorage,
  type SecretStorageChoice,
  secretStorageNotice,
} from '../security/secretStorage';
import type { SecretStore } from '../settings/secrets';
import { writeFileAtomic } from '../storage/atomicFile';

const NOTICE_FILE = 'secret-storage-notice';

/** Where keys can go on this system (call after the app is ready: the Linux backend is known only then). */
export function secretStorageChoice(): SecretStorageChoice {
  return chooseSecretStorage({
    platform: process.platform,
    encryptionAvailable: safeStorage.isEncryptionAvailable(),
    linuxBackend: process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : undefined,
  });
}

/** A SecretStore in `path` when `choice` is the keychain; undefined otherwise (keys then stay in config.json, 0600). */
export function createSafeSecretStore(path: string, choice: SecretStorageChoice): SecretStore | undefined {
  if (choice.kind !== 'keychain') return undefined;
  let cache: Promise<Record<string, string>> | undefined;
  const load = () => {
    cache ??= readFile(path, 'utf8')
      .then((text) => Object.assign(Object.create(null) as Record<string, string>, JSON.parse(text)))
      .catch(() => Object.create(null) as Record<string, string>);
    return cache;
  };
  const save = async (entries: Record<string, string>) => {
    await writeFileAtomic(path, JSON.stringify(entries), 0o600);
  };
  return {
    async get(id) {
      const entries = await load();
      const sealed = Object.hasOwn(entries, id) ? entries[id] : undefined;
      return sealed ? safeStorage.decryptString(Buffer.from(sealed, 'base64')) : undefined;
    },
    async set(id, key) {
      const entries = await load();
      entries[id] = safeStorage.encryptString(key).toString('base64');
      await save(entries);
    },
    async delete(id) {
      const entries = await load();
      if (!Object.hasOwn(entries, id)) return;
      delete entries[id];
      await save(entries);
    },
  };
}

/**
 * Tells the person, once per data folder and reason, that their keys are kept in `configPath` and why.
 * Nothing is shown when keys go to the keychain.
 */
export async function tellWhereKeysAre(
  choice: SecretStorageChoice,
  options: { dataDir: string; configPath: string; window: BrowserWindow | null },
): Promise<void> {
  const notice = secretStorageNotice(choice, options.configPath);
  if (!notice || choice.kind !== 'config-file') return;
  const marker = join(options.dataDir, NOTICE_FILE);
  // No marker (or none to read): the person has not been told yet.
  const told = await readFile(marker, 'utf8').catch(() => '');
  if (told.trim() === choice.reason) return;
  const box = { type: 'info' as const, title: notice.title, message: notice.message, detail: notice.detail };
  const parent = options.window && !options.window.isDestroyed() ? options.window : null;
  await (parent ? dialog.showMessageBox(parent, box) : dialog.showMessageBox(box));
  await writeFile(marker, `${choice.reason}\n`, { mode: 0o600 });
}
