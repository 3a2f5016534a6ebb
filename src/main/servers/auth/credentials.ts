// What is kept per server identity (address + client): the registered client, the tokens and what discovery found.
import { createHash } from 'node:crypto';
import type {
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { SecretStore } from '../../settings/secrets';

export type Credentials = {
  /** The resource the tokens are for, as connected to (a changed address is another identity). */
  url: string;
  client?: StoredOAuthClientInformation;
  tokens?: StoredOAuthTokens;
  /** When the tokens were saved (epoch ms), to know when `expires_in` runs out. */
  tokensSavedAt?: number;
  discovery?: OAuthDiscoveryState;
};

/** The identity tokens are kept under: the server's address and the client it signs in as. */
export function identityKey(url: string, clientId: string | undefined): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([url, clientId ?? '']))
    .digest('hex');
  return `oauth:${digest.slice(0, 32)}`;
}

/** Credentials in the secret store, one entry per identity, cached in memory. */
export class CredentialStore {
  private readonly cache = new Map<string, Promise<Credentials | undefined>>();
  /** Changes run one after another, so none is lost to another read at the same time. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly secrets: SecretStore) {}

  read(key: string): Promise<Credentials | undefined> {
    let entry = this.cache.get(key);
    if (!entry) {
      // Credentials that cannot be read count as none: the server then asks the person to sign in again.
      entry = this.secrets.get(key).then(
        (text) => (text ? (JSON.parse(text) as Credentials) : undefined),
        () => undefined,
      );
      this.cache.set(key, entry);
    }
    return entry;
  }

  /** Forgets the credentials of `key` (the last server that used them left the config). */
  forget(key: string): Promise<void> {
    const run = this.queue.then(async () => {
      this.cache.set(key, Promise.resolve(undefined));
      await this.secrets.delete(key);
    });
    // The caller hears of a failure through `run`; the queue only waits for it to end.
    this.queue = run.catch(() => {});
    return run;
  }

  /** Changes the entry of `key` (created for `url` when absent) and writes it. */
  update(key: string, url: string, change: (credentials: Credentials) => void): Promise<Credentials> {
    const run = this.queue.then(async () => {
      const next: Credentials = structuredClone((await this.read(key)) ?? { url });
      change(next);
      this.cache.set(key, Promise.resolve(next));
      await this.secrets.set(key, JSON.stringify(next));
      return next;
    });
    // The caller hears of a failure through `run`; the queue only waits for it to end.
    this.queue = run.catch(() => {});
    return run;
  }
}
