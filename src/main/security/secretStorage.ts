// Whether API keys go to the OS keychain through safeStorage, and what the person is told when they cannot.

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
  const why =
    choice.reason === 'no-keyring'
      ? 'No keyring (such as GNOME Keyring or KWallet) is available, and without one the system could only ' +
        'hide keys behind a key that is the same on every computer.'
      : 'This system offers Switchboard no way to encrypt them.';
  return {
    title: 'Where your API keys are kept',
    message: 'API keys you enter in Settings are kept in config.json, not encrypted.',
    detail:
      `${why}\n\nThe file is ${configPath}. Switchboard writes it readable by your user account only. ` +
      'To keep keys out of it, name an environment variable for each provider instead (apiKeyEnv), ' +
      'or set up a keyring, restart Switchboard and enter the keys again.',
  };
}
