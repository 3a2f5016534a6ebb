// Where API keys live when the platform can encrypt them (Electron's safeStorage); absent in browser mode.

/** Keeps provider API keys out of config.json. */
export interface SecretStore {
  get(providerId: string): Promise<string | undefined>;
  set(providerId: string, key: string): Promise<void>;
  delete(providerId: string): Promise<void>;
}

/** How a key is shown once saved: enough to recognise it, never enough to use it. */
export function maskKey(key: string): string {
  return key.length > 12 ? `${key.slice(0, 3)}…${key.slice(-4)}` : '••••';
}
