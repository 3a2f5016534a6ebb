// The sign-in conditions a remote connection can end in, told apart from other failures.
import {
  InsufficientScopeError,
  IssuerMismatchError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { englishOf, formatHostText, type HostText, type HostTextValue } from '../../../shared/hostText';
import { messageOf } from '../../errors';

/** The server wants a token the host cannot get without the person (no token, or one it can no longer renew). */
export class SignInRequired extends Error {
  constructor(
    readonly text: HostText,
    readonly reason: 'no-token' | 'expired',
  ) {
    super(formatHostText(text));
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
export function signInFailureText(error: unknown): HostTextValue | HostText {
  for (const cause of causes(error)) {
    if (cause instanceof IssuerMismatchError) {
      return cause.kind === 'authorization_response'
        ? { id: 'host.signIn.answerFromOtherServer' }
        : { id: 'host.signIn.issuerMismatch' };
    }
  }
  return messageOf(error);
}

/** `signInFailureText` in English. */
export function describeSignInFailure(error: unknown): string {
  return englishOf(signInFailureText(error));
}

/** The server's `403 insufficient_scope` challenge along `error`'s causes, if any. */
export function insufficientScopeOf(error: unknown): InsufficientScopeError | undefined {
  for (const cause of causes(error)) if (cause instanceof InsufficientScopeError) return cause;
  return undefined;
}
