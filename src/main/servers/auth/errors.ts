// The sign-in conditions a remote connection can end in, told apart from other failures.
import {
  InsufficientScopeError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';

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

/** The server's `403 insufficient_scope` challenge along `error`'s causes, if any. */
export function insufficientScopeOf(error: unknown): InsufficientScopeError | undefined {
  for (const cause of causes(error)) if (cause instanceof InsufficientScopeError) return cause;
  return undefined;
}
