// One sign-in: the loopback redirect, the SDK's authorization code flow with PKCE, and the code exchange when the
// browser comes back. Nothing is opened here: the authorization URL goes to the person first.
import { randomBytes } from 'node:crypto';
import { auth } from '@modelcontextprotocol/client';
import { describeSignInFailure } from './errors';
import { type CallbackPage, listenForRedirect } from './loopback';
import type { HostOAuthProvider } from './provider';

export type SignInOptions = {
  serverName: string;
  scope?: string;
  /** Skip the refresh token: a refresh cannot widen the scope (step-up). */
  forceReauthorization?: boolean;
  timeoutMs: number;
};

/** A sign-in waiting for the browser. */
export type PendingSignIn = {
  authorizationUrl: URL;
  /** Resolves once the tokens are saved; rejects when the sign-in failed, timed out or was cancelled. */
  completion: Promise<void>;
  cancel(): void;
};

/** The person cancelled the sign-in (or started another one). */
export class SignInCancelled extends Error {}

/** Starts a sign-in; `'signed-in'` when no browser was needed after all (the refresh token still worked). */
export async function startSignIn(
  provider: HostOAuthProvider,
  options: SignInOptions,
): Promise<PendingSignIn | 'signed-in'> {
  const state = randomBytes(24).toString('base64url');
  let authorizationUrl: URL | undefined;
  let settle: { resolve: () => void; reject: (error: unknown) => void } = {
    resolve: () => {},
    reject: () => {},
  };
  const completion = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // Whoever waits on it hears how it ended; this keeps a sign-in nobody waits on from an unhandled rejection.
  completion.catch(() => {});
  const common = () => ({
    serverUrl: provider.serverUrl,
    resourceMetadataUrl: provider.challenge.resourceMetadataUrl,
    fetchFn: provider.fetchFn,
    scope: options.scope,
  });
  let timer: NodeJS.Timeout | undefined;
  const redirect = await listenForRedirect(
    state,
    async (params): Promise<CallbackPage> => {
      try {
        const error = params.get('error');
        if (error) throw new Error(declined(error));
        const code = params.get('code');
        if (!code) throw new Error('The authorization server sent no authorization code.');
        const result = await auth(provider, {
          ...common(),
          authorizationCode: code,
          iss: params.get('iss') ?? undefined,
        });
        if (result !== 'AUTHORIZED') throw new Error('The authorization server did not issue tokens.');
        settle.resolve();
        return {
          ok: true,
          title: 'Signed in',
          text: `Switchboard is signed in to ${options.serverName}. You can close this tab.`,
        };
      } catch (error) {
        settle.reject(error);
        return {
          ok: false,
          title: 'Sign-in failed',
          text: `${describeSignInFailure(error)} You can close this tab.`,
        };
      } finally {
        end();
      }
    },
    await provider.preferredRedirectPort(),
  );
  const end = () => {
    clearTimeout(timer);
    redirect.close();
    provider.endInteraction();
  };
  provider.beginInteraction({
    redirectUrl: redirect.redirectUrl,
    state,
    authorize: (url) => {
      authorizationUrl = url;
    },
  });
  try {
    const result = await auth(provider, { ...common(), forceReauthorization: options.forceReauthorization });
    if (result === 'AUTHORIZED' || !authorizationUrl) {
      end();
      return 'signed-in';
    }
  } catch (error) {
    end();
    throw error;
  }
  timer = setTimeout(() => {
    settle.reject(
      new Error(`The sign-in was not finished within ${Math.round(options.timeoutMs / 60_000)} minutes.`),
    );
    end();
  }, options.timeoutMs);
  timer.unref();
  return {
    authorizationUrl,
    completion,
    cancel: () => {
      settle.reject(new SignInCancelled('The sign-in was cancelled.'));
      end();
    },
  };
}

/** The `error` of an authorization response, named only when it is a plain OAuth error code. */
function declined(error: string): string {
  const code = /^[a-z_]{1,40}$/.test(error) ? ` (${error})` : '';
  return error === 'access_denied'
    ? 'Access was denied at the authorization server.'
    : `The authorization server did not complete the sign-in${code}.`;
}
