// The host's OAuthClientProvider: credentials in the secret store, discovery that tolerates 2025-03-26 servers,
// and no browser ever opened on its own — only inside a sign-in the person started.
import { randomUUID } from 'node:crypto';
import {
  auth,
  extractWWWAuthenticateParams,
  type FetchLike,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { isLoopbackHost } from '../../../shared/remoteUrl';
import type { CredentialStore, Credentials } from './credentials';
import { discoverAuthorization } from './discovery';
import { SignInRequired, UnsafeAuthorizationUrl } from './errors';

export type ProviderSettings = {
  store: CredentialStore;
  key: string;
  serverUrl: URL;
  /** What the person calls the server, for messages. */
  serverName: string;
  /** A client registered beforehand (config.json's `oauth`). */
  preRegistered?: { clientId: string; clientSecret?: string };
  /** Where Switchboard's Client ID Metadata Document is published, if anywhere. */
  clientMetadataUrl?: string;
  /** The stored credentials changed (tokens saved or dropped). */
  changed: () => void;
};

/** A sign-in the person started: where the browser comes back, and what to do with the authorization URL. */
export type Interaction = { redirectUrl: string; state: string; authorize: (url: URL) => void };

/** The challenge of the server's last 401 or 403 (RFC 6750 / RFC 9728). */
export type Challenge = { resourceMetadataUrl?: URL; scope?: string };

const PLACEHOLDER_REDIRECT = 'http://127.0.0.1/callback';
/** An access token is renewed when less than this is left of it (or half its life, if that is shorter). */
const REFRESH_MARGIN_MS = 60_000;

export class HostOAuthProvider implements OAuthClientProvider {
  /** The fetch of the transport, so the OAuth requests show in the protocol log too. */
  fetchFn: FetchLike = fetch;
  challenge: Challenge = {};
  private interaction: Interaction | undefined;
  private verifier: string | undefined;
  private refreshing: Promise<void> | undefined;
  /** Set when the server's tokens were dropped as no longer valid: the next sign-in is a renewal. */
  private lostTokens = false;

  constructor(private readonly settings: ProviderSettings) {}

  get key(): string {
    return this.settings.key;
  }

  get serverUrl(): URL {
    return this.settings.serverUrl;
  }

  get redirectUrl(): string {
    return this.interaction?.redirectUrl ?? PLACEHOLDER_REDIRECT;
  }

  get clientMetadataUrl(): string | undefined {
    return this.settings.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Switchboard',
      // A desktop app with a loopback redirect: a native client (OpenID Connect Registration, RFC 8252).
      application_type: 'native',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  /** Starts a sign-in the person asked for; until `endInteraction`, a redirect goes to `interaction.authorize`. */
  beginInteraction(interaction: Interaction): void {
    this.interaction = interaction;
    this.verifier = undefined;
  }

  endInteraction(): void {
    this.interaction = undefined;
    this.verifier = undefined;
  }

  /** Notes the challenge of a 401 or 403 answer, for the sign-in that may follow. */
  observe(response: Response): void {
    if (response.status !== 401 && response.status !== 403) return;
    const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
    if (resourceMetadataUrl || scope) this.challenge = { resourceMetadataUrl, scope };
  }

  /** The loopback port the stored client was registered with, so it need not register again. */
  async preferredRedirectPort(): Promise<number | undefined> {
    const client = (await this.credentials())?.client;
    const uri = client && 'redirect_uris' in client ? client.redirect_uris?.[0] : undefined;
    try {
      const url = uri ? new URL(uri) : undefined;
      return url && isLoopbackHost(url.hostname) && url.port ? Number(url.port) : undefined;
    } catch {
      return undefined;
    }
  }

  credentials(): Promise<Credentials | undefined> {
    return this.settings.store.read(this.settings.key);
  }

  state(): string {
    return this.interaction?.state ?? randomUUID();
  }

  async clientInformation(ctx?: { issuer: string }): Promise<StoredOAuthClientInformation | undefined> {
    const pre = this.settings.preRegistered;
    const client = (await this.credentials())?.client;
    if (pre) {
      // The configured client, stamped with the issuer it was first used with once that is known.
      const stamped = client?.client_id === pre.clientId ? client.issuer : undefined;
      return {
        client_id: pre.clientId,
        ...(pre.clientSecret ? { client_secret: pre.clientSecret } : {}),
        ...(stamped ? { issuer: stamped } : {}),
      };
    }
    if (!this.interaction) {
      // Registering a client is the start of a sign-in: never without the person. A client registered with
      // another authorization server counts as none (it is never shown to this one).
      if (!client || boundElsewhere(client.issuer, ctx?.issuer)) throw this.signInRequired();
      return client;
    }
    const registered = client && 'redirect_uris' in client ? client.redirect_uris : undefined;
    // A client registered for another loopback port is registered again for this one.
    if (registered?.length && !registered.includes(this.interaction.redirectUrl)) return undefined;
    return client;
  }

  async saveClientInformation(client: StoredOAuthClientInformation): Promise<void> {
    const pre = this.settings.preRegistered;
    // Of a configured client only the issuer stamp is kept: its secret stays in config.json alone.
    const kept =
      pre && client.client_id === pre.clientId
        ? { client_id: client.client_id, issuer: client.issuer }
        : client;
    await this.update((credentials) => {
      credentials.client = kept;
    });
  }

  /**
   * The stored tokens. Read without `ctx` (the transport, before each request), an access token about to
   * expire is renewed first with the refresh token, so the request does not fail on a 401.
   */
  async tokens(ctx?: { issuer: string }): Promise<StoredOAuthTokens | undefined> {
    const credentials = await this.credentials();
    if (ctx || !credentials?.tokens?.refresh_token || this.interaction || !nearExpiry(credentials)) {
      return credentials?.tokens;
    }
    // A failed renewal leaves the tokens as they were: the request goes on; a 401 is handled as any.
    this.refreshing ??= auth(this, {
      serverUrl: this.serverUrl,
      resourceMetadataUrl: this.challenge.resourceMetadataUrl,
      fetchFn: this.fetchFn,
    })
      .then(
        () => {},
        () => {},
      )
      .finally(() => {
        this.refreshing = undefined;
      });
    await this.refreshing;
    return (await this.credentials())?.tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    this.lostTokens = false;
    await this.update((credentials) => {
      credentials.tokens = tokens;
      credentials.tokensSavedAt = Date.now();
    });
    this.settings.changed();
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    if (!this.interaction) throw this.signInRequired();
    checkAuthorizationUrl(authorizationUrl);
    this.interaction.authorize(authorizationUrl);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('This sign-in was not started here, or it was already finished.');
    return this.verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'verifier') {
      this.verifier = undefined;
      return;
    }
    if (scope === 'all' || scope === 'tokens') this.lostTokens = true;
    await this.update((credentials) => {
      if (scope === 'all' || scope === 'client') delete credentials.client;
      if (scope === 'all' || scope === 'tokens') {
        delete credentials.tokens;
        delete credentials.tokensSavedAt;
      }
      if (scope === 'all' || scope === 'discovery') delete credentials.discovery;
    });
    this.settings.changed();
  }

  /** What discovery found before, or finds now (see discoverAuthorization for the 2025-03-26 case). */
  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    const stored = (await this.credentials())?.discovery;
    if (stored) return stored;
    const found = await discoverAuthorization(this.serverUrl, {
      resourceMetadataUrl: this.challenge.resourceMetadataUrl,
      fetchFn: this.fetchFn,
    });
    await this.saveDiscoveryState(found);
    return found;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.update((credentials) => {
      credentials.discovery = state;
    });
  }

  /** Drops the tokens (after a sign-out) without marking them as lost. */
  async forgetTokens(): Promise<void> {
    await this.update((credentials) => {
      delete credentials.tokens;
      delete credentials.tokensSavedAt;
    });
    this.settings.changed();
  }

  private signInRequired(): SignInRequired {
    const name = this.settings.serverName;
    return this.lostTokens
      ? new SignInRequired({ id: 'host.signIn.expired', values: { name } }, 'expired')
      : new SignInRequired({ id: 'host.signIn.asksToSignIn', values: { name } }, 'no-token');
  }

  private async update(change: (credentials: Credentials) => void): Promise<void> {
    await this.settings.store.update(this.settings.key, this.serverUrl.href, change);
  }
}

/** Refuses to hand the person anything but an https page (or one on this machine): see CVE-2025-6514. */
export function checkAuthorizationUrl(url: URL): void {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return;
  throw new UnsafeAuthorizationUrl(
    `The authorization server's sign-in page is not a secure https address (${url.protocol}//${url.host}), so Switchboard will not open it. Ask the server's operator to fix its authorization server.`,
  );
}

function nearExpiry(credentials: Credentials): boolean {
  const lifetime = credentials.tokens?.expires_in;
  if (lifetime === undefined || credentials.tokensSavedAt === undefined) return false;
  const lifetimeMs = lifetime * 1000;
  const expiresAt = credentials.tokensSavedAt + lifetimeMs;
  return expiresAt - Date.now() < Math.min(REFRESH_MARGIN_MS, lifetimeMs / 2);
}

/** True when a credential stamped for `stamp` would go to another authorization server, `issuer`. */
function boundElsewhere(stamp: string | undefined, issuer: string | undefined): boolean {
  if (!stamp || !issuer) return false;
  return stamp.replace(/\/$/, '') !== issuer.replace(/\/$/, '');
}
