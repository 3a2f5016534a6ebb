// Where secrets live: Electron's safeStorage where the OS can encrypt, else a file only its owner may read.

/** Keeps secrets out of config.json: API keys (by provider id), sign-in tokens and `${input:…}` values. */
export interface SecretStore {
  get(id: string): Promise<string | undefined>;
  set(id: string, value: string): Promise<void>;
  delete(id: string): Promise<void>;
}

/** How a key is shown once saved: enough to recognise it, never enough to use it. */
export function maskKey(key: string): string {
  return key.length > 12 ? `${key.slice(0, 3)}…${key.slice(-4)}` : '••••';
}
