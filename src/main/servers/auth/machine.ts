// Sign-in without a person (client credentials, private_key_jwt, cross-app access): the SDK's own providers behind
// the host's remote-auth seam, with tokens renewed shortly before they expire. Config entries and the conformance
// client both get them here.
import {
  auth,
  ClientCredentialsProvider,
  CrossAppAccessProvider,
  type FetchLike,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthTokens,
  PrivateKeyJwtProvider,
  requestJwtAuthorizationGrant,
} from '@modelcontextprotocol/client';
import type { RemoteAuth } from '../transport/http';
import { type GrantKind, MachineGrantError } from './machineErrors';

/** How a machine client authenticates; `issuer` pins the authorization server its credentials may go to. */
export type MachineGrant = { scope?: string; issuer?: string } & (
  | { kind: 'client-secret'; clientId: string; clientSecret: string }
  | { kind: 'private-key-jwt'; clientId: string; privateKeyPem: string; algorithm?: string }
  | {
      kind: 'cross-app';
      clientId: string;
      clientSecret: string;
      idp: {
        clientId: string;
        clientSecret?: string;
        /** The ID token, or where to read the current one for each exchange. */
        idToken: string | (() => Promise<string>);
        tokenEndpoint: string;
      };
    }
);

/** Gathers a grant before connecting; `fill` fills `${input:…}` / `${env:…}` (asking the person where needed). */
export type GrantSource = (fill: (text: string) => Promise<string>) => Promise<MachineGrant>;

/** An access token is renewed when less than this is left of it (or half its life, if that is shorter). */
const RENEW_MARGIN_MS = 60_000;

/** A RemoteAuth whose OAuth client needs no person; `kind` is known once the grant is gathered. */
export type MachineAuth = RemoteAuth & { readonly kind: GrantKind | undefined };

/** A RemoteAuth whose OAuth client needs no person: a fixed grant, or one gathered before each connection. */
export function machineAuth(source: MachineGrant | GrantSource): MachineAuth {
  let grant = typeof source === 'function' ? undefined : source;
  let provider: MachineProvider | undefined;
  return {
    get kind(): GrantKind | undefined {
      return grant?.kind;
    },
    async prepare(fill) {
      if (typeof source !== 'function') return;
      const next = await source(fill);
      // New values (a changed secret, another key) make a new client; the same ones keep their tokens.
      if (!grant || JSON.stringify(next) !== JSON.stringify(grant)) provider = undefined;
      grant = next;
    },
    providerFor(url, fetchFn) {
      if (!grant) throw new MachineGrantError('The OAuth client settings were not read before connecting.');
      provider ??= new MachineProvider(sdkProvider(grant), url);
      provider.fetchFn = fetchFn;
      return provider;
    },
    observe: () => {},
  };
}

/** The one place the SDK's machine providers are built. */
function sdkProvider(grant: MachineGrant): OAuthClientProvider {
  const common = { scope: grant.scope, expectedIssuer: grant.issuer, clientName: 'Switchboard' };
  switch (grant.kind) {
    case 'client-secret':
      return new ClientCredentialsProvider({
        ...common,
        clientId: grant.clientId,
        clientSecret: grant.clientSecret,
      });
    case 'private-key-jwt':
      return new PrivateKeyJwtProvider({
        ...common,
        clientId: grant.clientId,
        privateKey: grant.privateKeyPem,
        algorithm: grant.algorithm ?? 'ES256',
      });
    case 'cross-app': {
      const idp = grant.idp;
      return new CrossAppAccessProvider({
        clientId: grant.clientId,
        clientSecret: grant.clientSecret,
        expectedIssuer: grant.issuer,
        clientName: 'Switchboard',
        assertion: async (context) => {
          const idToken = typeof idp.idToken === 'string' ? idp.idToken : await idp.idToken();
          try {
            const answer = await requestJwtAuthorizationGrant({
              tokenEndpoint: idp.tokenEndpoint,
              audience: context.authorizationServerUrl,
              resource: context.resourceUrl,
              idToken,
              clientId: idp.clientId,
              clientSecret: idp.clientSecret,
              scope: context.scope,
              fetchFn: context.fetchFn,
            });
            return answer.jwtAuthGrant;
          } catch (error) {
            throw MachineGrantError.fromIdp(idp.tokenEndpoint, error);
          }
        },
      });
    }
  }
}

/**
 * The SDK provider with its tokens kept here: renewed (a new grant, as these flows have no refresh token) shortly
 * before they expire, so requests do not fail on a 401 first.
 */
class MachineProvider implements OAuthClientProvider {
  fetchFn: FetchLike = fetch;
  private current: OAuthTokens | undefined;
  private savedAt = 0;
  private renewing: Promise<void> | undefined;

  constructor(
    private readonly inner: OAuthClientProvider,
    private readonly serverUrl: URL,
  ) {}

  get redirectUrl(): undefined {
    return undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    return this.inner.clientMetadata;
  }

  get addClientAuthentication() {
    return this.inner.addClientAuthentication;
  }

  clientInformation(ctx?: { issuer: string }): Promise<OAuthClientInformationMixed | undefined> {
    return Promise.resolve(this.inner.clientInformation(ctx));
  }

  prepareTokenRequest(scope?: string) {
    return this.inner.prepareTokenRequest?.(scope);
  }

  saveAuthorizationServerUrl(url: string) {
    return this.inner.saveAuthorizationServerUrl?.(url);
  }

  authorizationServerUrl() {
    return this.inner.authorizationServerUrl?.();
  }

  saveResourceUrl(url: string) {
    return this.inner.saveResourceUrl?.(url);
  }

  resourceUrl() {
    return this.inner.resourceUrl?.();
  }

  /** Read without `ctx` (the transport, before each request), a token about to expire is renewed first. */
  async tokens(ctx?: { issuer: string }): Promise<OAuthTokens | undefined> {
    if (ctx || !this.current || !this.nearExpiry()) return this.current;
    this.renewing ??= auth(this, { serverUrl: this.serverUrl, fetchFn: this.fetchFn })
      .then(
        () => {},
        // The request goes on with the old token; its 401 asks again, and that failure is reported.
        () => {},
      )
      .finally(() => {
        this.renewing = undefined;
      });
    await this.renewing;
    return this.current;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.current = tokens;
    this.savedAt = Date.now();
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') this.current = undefined;
  }

  redirectToAuthorization(): void {
    throw new MachineGrantError('This server signs in without a browser; no sign-in page is opened.');
  }

  saveCodeVerifier(): void {}

  codeVerifier(): string {
    throw new MachineGrantError('This server signs in without a browser.');
  }

  private nearExpiry(): boolean {
    const lifetime = this.current?.expires_in;
    if (lifetime === undefined) return false;
    const lifetimeMs = lifetime * 1000;
    return this.savedAt + lifetimeMs - Date.now() < Math.min(RENEW_MARGIN_MS, lifetimeMs / 2);
  }
}
