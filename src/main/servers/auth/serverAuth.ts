// One remote server's sign-in: its OAuth client per address, what the person sees of it, and Sign in / Sign out.
import { computeScopeUnion, type FetchLike, isStrictScopeSuperset } from '@modelcontextprotocol/client';
import { type HostText, type HostWords, said } from '../../../shared/hostText';
import type { AuthView, RemoteServerEntry, SignInPrompt } from '../../../shared/types';
import { HostFault } from '../../errors';
import { describeSignIn } from './account';
import { type CredentialStore, type Credentials, identityKey } from './credentials';
import { signInFailureText } from './errors';
import { HostOAuthProvider } from './provider';
import { revokeTokens } from './revoke';
import { type PendingSignIn, SignInCancelled, startSignIn } from './signIn';

/** What every server's sign-in shares: where credentials are kept and how a page is opened. */
export type AuthSettings = {
  store: CredentialStore;
  /** Opens a page in the person's browser after they confirm (Electron); absent in browser mode. */
  openExternal?: (url: string) => Promise<boolean>;
  /** Where Switchboard's Client ID Metadata Document is published, if anywhere. */
  clientMetadataUrl?: string;
  signInTimeoutMs?: number;
};

export type ServerAuthEvents = {
  /** Something the view shows changed. */
  changed: () => void;
  /** A sign-in finished; the connection picks up the new tokens. */
  signedIn: () => void;
};

const SIGN_IN_TIMEOUT_MS = 10 * 60_000;

export class ServerAuth {
  private provider: HostOAuthProvider | undefined;
  private pending: PendingSignIn | undefined;
  private snapshot: Credentials | undefined;
  private problem: HostWords | undefined;
  private moreScopes: string[] | undefined;

  constructor(
    private readonly settings: AuthSettings,
    private readonly name: string,
    private readonly entry: RemoteServerEntry,
    private readonly events: ServerAuthEvents,
  ) {}

  /** The OAuth client for `url`; tokens are kept per address and client, so another address starts signed out. */
  providerFor(url: URL, fetchFn: FetchLike): HostOAuthProvider {
    const key = identityKey(url.href, this.entry.oauth?.clientId);
    if (this.provider?.key !== key) {
      this.pending?.cancel();
      this.provider = new HostOAuthProvider({
        store: this.settings.store,
        key,
        serverUrl: url,
        serverName: this.name,
        preRegistered: this.entry.oauth,
        clientMetadataUrl: this.settings.clientMetadataUrl,
        changed: () => void this.reload(),
      });
      void this.reload();
    }
    this.provider.fetchFn = fetchFn;
    return this.provider;
  }

  /** Sees every answer of the server, for its 401 and 403 challenges. */
  observe(response: Response): void {
    this.provider?.observe(response);
  }

  /** What the person sees; undefined for a server that has never asked anyone to sign in. */
  view(required: boolean): AuthView | undefined {
    const signedIn = this.snapshot?.tokens !== undefined;
    if (!signedIn && !this.pending && !required && !this.problem && !this.moreScopes) return undefined;
    return {
      status: this.pending ? 'signing-in' : signedIn ? 'signed-in' : 'signed-out',
      ...this.describe(),
      moreScopes: this.moreScopes,
      problem: this.problem?.message,
      problemText: this.problem?.text,
    };
  }

  /** A request needed scopes beyond those granted (`403 insufficient_scope`): signing in again asks for them. */
  needMoreScopes(scope: string | undefined): void {
    this.moreScopes = scope ? scope.split(' ').filter(Boolean) : [];
    this.events.changed();
  }

  /** Prepares a sign-in and answers what the person must confirm before the page opens; null when none was needed. */
  async signIn(): Promise<SignInPrompt | null> {
    const provider = this.provider;
    if (!provider) {
      throw new HostFault('not_running', { id: 'host.servers.notReachedYet', values: { name: this.name } });
    }
    this.pending?.cancel();
    this.pending = undefined;
    this.problem = undefined;
    const granted = this.snapshot?.tokens?.scope;
    const stepUp = this.moreScopes !== undefined;
    const scope = computeScopeUnion(
      this.entry.oauth?.scopes?.join(' '),
      provider.challenge.scope,
      stepUp ? granted : undefined,
      this.moreScopes?.join(' '),
    );
    // A fresh sign-in looks the authorization server up again, in case the server moved to another one.
    if (!stepUp) await provider.invalidateCredentials('discovery');
    let started: PendingSignIn | 'signed-in';
    try {
      started = await startSignIn(provider, {
        serverName: this.name,
        scope,
        forceReauthorization: stepUp && isStrictScopeSuperset(scope, granted),
        timeoutMs: this.settings.signInTimeoutMs ?? SIGN_IN_TIMEOUT_MS,
      });
    } catch (error) {
      const text: HostText = {
        id: 'host.servers.signInCouldNotStart',
        values: { name: this.name, why: signInFailureText(error) },
      };
      this.problem = said(text);
      this.events.changed();
      throw new HostFault('server_error', text, { cause: error });
    }
    if (started === 'signed-in') {
      this.finished();
      return null;
    }
    const pending = started;
    this.pending = pending;
    pending.completion.then(
      () => {
        if (this.pending === pending) this.finished();
      },
      (error: unknown) => {
        if (this.pending !== pending) return;
        this.pending = undefined;
        if (!(error instanceof SignInCancelled)) {
          this.problem = said({
            id: 'host.signIn.failed',
            values: { name: this.name, error: signInFailureText(error) },
          });
        }
        this.events.changed();
      },
    );
    this.events.changed();
    const url = pending.authorizationUrl;
    return {
      server: this.name,
      authorizationServer: url.origin,
      scopes: (url.searchParams.get('scope') ?? '').split(' ').filter(Boolean),
      url: url.href,
    };
  }

  /** Opens the waiting sign-in page in the browser where the host can (Electron); false where the page must. */
  async openInBrowser(): Promise<boolean> {
    const pending = this.pending;
    if (!pending)
      throw new HostFault('not_found', { id: 'host.servers.noSignInWaiting', values: { name: this.name } });
    return this.settings.openExternal ? this.settings.openExternal(pending.authorizationUrl.href) : false;
  }

  cancelSignIn(): void {
    this.pending?.cancel();
  }

  /** Resolves once the sign-in under way (if any) has ended, however it ended. */
  async whenDone(): Promise<void> {
    // However it ended: the sign-in reports its own outcome.
    await this.pending?.completion.catch(() => {});
  }

  /** Revokes the tokens where the authorization server supports it, and forgets them; true when revoked. */
  async signOut(): Promise<boolean> {
    this.pending?.cancel();
    const provider = this.provider;
    const credentials = await provider?.credentials();
    let revoked = false;
    if (provider && credentials?.tokens) {
      // A revocation that could not be sent reads as not revoked; the tokens are forgotten all the same.
      revoked = await revokeTokens(credentials, provider.fetchFn).catch(() => false);
    }
    this.moreScopes = undefined;
    this.problem = undefined;
    await provider?.forgetTokens();
    return revoked;
  }

  private finished(): void {
    this.pending = undefined;
    this.moreScopes = undefined;
    this.problem = undefined;
    this.events.changed();
    this.events.signedIn();
  }

  private describe() {
    return describeSignIn(this.snapshot);
  }

  private async reload(): Promise<void> {
    this.snapshot = await this.provider?.credentials();
    this.events.changed();
  }
}
