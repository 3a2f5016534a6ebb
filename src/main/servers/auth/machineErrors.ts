// Why a server that signs in without a person could not get (or use) a token, in words that say what to fix.
import {
  AuthorizationServerMismatchError,
  OAuthError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { messageOf } from '../../errors';

/** Something in the OAuth settings that only the person can fix (an unreadable key, a refused ID token). */
export class MachineGrantError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MachineGrantError';
  }

  /** The identity provider refused to exchange the ID token for an identity assertion. */
  static fromIdp(tokenEndpoint: string, error: unknown): MachineGrantError {
    let where = tokenEndpoint;
    try {
      where = new URL(tokenEndpoint).origin;
    } catch {
      // Not a URL: named as written.
    }
    return new MachineGrantError(
      `The identity provider at ${where} did not exchange the ID token (${short(messageOf(error))}). Check the IdP token endpoint and IdP client ID, and that the ID token is current.`,
      { cause: error },
    );
  }
}

/** What the entry's secret is called, for messages. */
export type GrantKind = 'client-secret' | 'private-key-jwt' | 'cross-app';

const CREDENTIAL: Record<GrantKind, string> = {
  'client-secret': 'client ID and client secret',
  'private-key-jwt': 'client ID and private key (and that the authorization server has its public key)',
  'cross-app': 'client ID and client secret',
};

function* causes(error: unknown): Generator<unknown> {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** Authorization servers' descriptions are their own text: one line, and not too long. */
function short(text: string): string {
  const line = text.split('\n')[0]?.trim() ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/**
 * A failure no automatic retry can fix, in plain words; undefined for anything else (a network failure, a server
 * that is down), which is retried as usual.
 */
export function describeMachineFailure(server: string, kind: GrantKind, error: unknown): string | undefined {
  for (const cause of causes(error)) {
    if (cause instanceof MachineGrantError) return `"${server}" could not sign in: ${cause.message}`;
    if (cause instanceof AuthorizationServerMismatchError) {
      return `"${server}" sends its clients to another authorization server than the issuer in its settings, so its credentials were not sent. Check the issuer in the server's settings.`;
    }
    if (cause instanceof OAuthError) {
      const said = short(cause.message) || cause.code;
      const code = String(cause.code);
      if (code === 'invalid_client' || code === 'unauthorized_client') {
        return `"${server}" could not get an access token: the authorization server did not accept the client (${said}). Check the ${CREDENTIAL[kind]} in the server's settings.`;
      }
      if (code === 'invalid_grant') {
        return kind === 'cross-app'
          ? `"${server}" could not get an access token: the authorization server did not accept the identity assertion from the IdP (${said}). Check that the IdP and this authorization server trust each other, and that the ID token is current.`
          : `"${server}" could not get an access token: the authorization server refused the grant (${said}). Check the server's OAuth settings.`;
      }
      if (code === 'invalid_scope') {
        return `"${server}" could not get an access token: the authorization server did not grant the scopes asked for (${said}). Check the scopes in the server's settings.`;
      }
      if (code === 'unsupported_grant_type') {
        return `"${server}" could not get an access token: its authorization server does not offer this kind of sign-in (${said}). Choose another sign-in in the server's settings.`;
      }
      return `"${server}" could not get an access token (${code}: ${said}). Check the server's OAuth settings.`;
    }
    if (
      cause instanceof UnauthorizedError ||
      (cause instanceof SdkHttpError && cause.code === SdkErrorCode.ClientHttpAuthentication)
    ) {
      return `"${server}" turned down the access token its authorization server gave (HTTP 401). The token may be meant for another server: check the scopes and the authorization server in the server's settings.`;
    }
  }
  return undefined;
}
