// The sign-in conditions a remote connection can end in, told apart from other failures.
import {
  InsufficientScopeError,
  IssuerMismatchError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { messageOf } from '../../errors';

/** The server wants a token the host cannot get without the person (no token, or one it can no longer renew). */
export class SignInRequired extends Error {
  constructor(
    message: string,
    readonly reason: 'no-token' | 'expired',
  ) {
    super(message);
    this.name = 'SignInRequired';
  }
}

/** An authorization server address Switchboard will not open in a browser. */
export class UnsafeAuthorizationUrl extends Error {}

function* causes(error: unknown): Generator<unknown> {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** True when `error` means the person must sign in (again). */
export function needsSignIn(error: unknown): boolean {
  for (const cause of causes(error)) {
    if (cause instanceof SignInRequired || cause instanceof UnauthorizedError) return true;
    if (cause instanceof SdkHttpError && cause.code === SdkErrorCode.ClientHttpAuthentication) return true;
  }
  return false;
}

/** The SignInRequired along `error`'s causes, if any. */
export function signInRequiredOf(error: unknown): SignInRequired | undefined {
  for (const cause of causes(error)) if (cause instanceof SignInRequired) return cause;
  return undefined;
}

/**
 * A sign-in failure in words a person may see. An issuer mismatch is told without the issuer it received:
 * in a mix-up attack that value (and any text of the same answer) is the attacker's.
 */
export function describeSignInFailure(error: unknown): string {
  for (const cause of causes(error)) {
    if (cause instanceof IssuerMismatchError) {
      return cause.kind === 'authorization_response'
        ? 'The answer came back from another authorization server than the one asked, so the sign-in was stopped.'
        : "The authorization server's metadata names another server as its issuer, so Switchboard does not trust it.";
    }
  }
  return messageOf(error);
}

/** The server's `403 insufficient_scope` challenge along `error`'s causes, if any. */
export function insufficientScopeOf(error: unknown): InsufficientScopeError | undefined {
  for (const cause of causes(error)) if (cause instanceof InsufficientScopeError) return cause;
  return undefined;
}
