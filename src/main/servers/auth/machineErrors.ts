// Why a server that signs in without a person could not get (or use) a token, in words that say what to fix.
import {
  AuthorizationServerMismatchError,
  OAuthError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { formatHostText, type HostText, type HostWords, said } from '../../../shared/hostText';
import { messageOf, textOf } from '../../errors';

/** Something in the OAuth settings that only the person can fix (an unreadable key, a refused ID token). */
export class MachineGrantError extends Error {
  /** The message by id, where it has one. */
  readonly text?: HostText;

  constructor(message: string | HostText, options?: { cause?: unknown }) {
    super(typeof message === 'string' ? message : formatHostText(message), options);
    this.name = 'MachineGrantError';
    if (typeof message !== 'string') this.text = message;
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
      { id: 'host.signIn.idpRefused', values: { where, error: short(messageOf(error)) } },
      { cause: error },
    );
  }
}

/** What the entry's secret is called, for messages. */
export type GrantKind = 'client-secret' | 'private-key-jwt' | 'cross-app';

/** Which credentials to check, as the `credential` select of `host.signIn.clientRefused` names them. */
const CREDENTIAL: Record<GrantKind, string> = {
  'client-secret': 'secret',
  'private-key-jwt': 'key',
  'cross-app': 'secret',
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
export function describeMachineFailure(
  server: string,
  kind: GrantKind,
  error: unknown,
): HostWords | undefined {
  const text = machineFailureText(server, kind, error);
  return text && said(text);
}

function machineFailureText(server: string, kind: GrantKind, error: unknown): HostText | undefined {
  for (const cause of causes(error)) {
    if (cause instanceof MachineGrantError)
      return { id: 'host.signIn.couldNotSignIn', values: { server, error: textOf(cause) } };
    if (cause instanceof AuthorizationServerMismatchError)
      return { id: 'host.signIn.otherAuthorizationServer', values: { server } };
    if (cause instanceof OAuthError) {
      const said = short(cause.message) || cause.code;
      const code = String(cause.code);
      if (code === 'invalid_client' || code === 'unauthorized_client')
        return { id: 'host.signIn.clientRefused', values: { server, said, credential: CREDENTIAL[kind] } };
      if (code === 'invalid_grant') {
        return kind === 'cross-app'
          ? { id: 'host.signIn.assertionRefused', values: { server, said } }
          : { id: 'host.signIn.grantRefused', values: { server, said } };
      }
      if (code === 'invalid_scope') return { id: 'host.signIn.scopesRefused', values: { server, said } };
      if (code === 'unsupported_grant_type')
        return { id: 'host.signIn.grantTypeUnsupported', values: { server, said } };
      return { id: 'host.signIn.noAccessToken', values: { server, code, said } };
    }
    if (
      cause instanceof UnauthorizedError ||
      (cause instanceof SdkHttpError && cause.code === SdkErrorCode.ClientHttpAuthentication)
    ) {
      return { id: 'host.signIn.tokenTurnedDown', values: { server } };
    }
  }
  return undefined;
}
