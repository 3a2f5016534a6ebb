// Whether API keys go to the OS keychain through safeStorage, and what the person is told when they cannot.
import { spoken } from '../hostLanguage';

/** Linux keyrings that really encrypt; `basic_text` uses a key built into Chromium, so anyone with the file can read it. */
const LINUX_KEYRINGS: ReadonlySet<string> = new Set(['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6']);

export type SecretStorageChoice =
  | { kind: 'keychain' }
  | { kind: 'config-file'; reason: 'unavailable' | 'no-keyring' };

/**
 * Where API keys typed in Settings are kept. The OS keychain when safeStorage can encrypt; on Linux
 * only with a real keyring (libsecret or KWallet): its `basic_text` fallback (and an unknown backend)
 * would store keys under a fixed key, which only looks like encryption. Otherwise the keys stay in
 * config.json, written readable by the person only.
 */
export function chooseSecretStorage(system: {
  platform: NodeJS.Platform;
  encryptionAvailable: boolean;
  /** `safeStorage.getSelectedStorageBackend()`, on Linux only. */
  linuxBackend?: string;
}): SecretStorageChoice {
  if (!system.encryptionAvailable) return { kind: 'config-file', reason: 'unavailable' };
  if (system.platform === 'linux' && !LINUX_KEYRINGS.has(system.linuxBackend ?? '')) {
    return { kind: 'config-file', reason: 'no-keyring' };
  }
  return { kind: 'keychain' };
}

/** What to tell the person, once, when keys cannot go to the keychain; null when they can. */
export function secretStorageNotice(
  choice: SecretStorageChoice,
  configPath: string,
): { title: string; message: string; detail: string } | null {
  if (choice.kind === 'keychain') return null;
  const why = spoken(
    choice.reason === 'no-keyring' ? 'host.secretStorage.noKeyring' : 'host.secretStorage.noEncryption',
  );
  return {
    title: spoken('host.secretStorage.title'),
    message: spoken('host.secretStorage.message'),
    detail: spoken('host.secretStorage.detail', { why, path: configPath }),
  };
}
