// Where app views are served from: the sandbox origin's routes, shared by browser mode's server and Electron's scheme.
import { randomBytes } from 'node:crypto';
import { proxyPage, proxyScript } from './sandboxProxy';
import { scriptNoncePolicy, VIEW_PERMISSIONS_POLICY } from './viewCsp';

/** The place app views live: an origin of their own, framed only by the app, one policy per open view. */
export interface AppViewHosting {
  /** The sandbox's origin, e.g. `http://127.0.0.1:43118` or `switchboard-view://sandbox`. */
  readonly sandboxOrigin: string;
  /** The app's own origin, the only one that may frame the sandbox and talk to it. */
  readonly hostOrigin: string;
  /** Serves `/view/<appId>` with `header` as its Content-Security-Policy until `unregister`. */
  register(appId: string, header: string): void;
  unregister(appId: string): void;
}

export type SandboxRequest = { method: string; path: string };
export type SandboxResponse = { status: number; headers: Record<string, string>; body: string };

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

const VIEW_PATH = /^\/view\/([A-Za-z0-9_-]{16,64})$/;

/** The policies of the views open right now, by app id. */
export class ViewPolicies {
  private readonly headers = new Map<string, string>();

  register(appId: string, header: string): void {
    this.headers.set(appId, header);
  }

  unregister(appId: string): void {
    this.headers.delete(appId);
  }

  headerFor(appId: string): string | undefined {
    return this.headers.get(appId);
  }
}

/**
 * Answers one request to the sandbox origin: `/proxy.js`, and `/view/<appId>` for a view that is
 * open, with that view's policy, a second policy demanding a nonce new with each answer, and the
 * view's permissions policy. Nothing else is served there.
 */
export function sandboxResponse(
  request: SandboxRequest,
  policies: ViewPolicies,
  hostOrigin: string,
): SandboxResponse {
  const text = (status: number, body: string): SandboxResponse => ({
    status,
    headers: {
      ...COMMON_HEADERS,
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    },
    body,
  });
  if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Only GET is served here.');
  if (request.path === '/proxy.js') {
    return {
      status: 200,
      headers: {
        ...COMMON_HEADERS,
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cross-Origin-Resource-Policy': 'same-origin',
      },
      body: proxyScript(hostOrigin),
    };
  }
  const appId = VIEW_PATH.exec(request.path)?.[1];
  const header = appId === undefined ? undefined : policies.headerFor(appId);
  if (header === undefined) return text(404, 'There is no open app view here.');
  const nonce = randomBytes(18).toString('base64url');
  return {
    status: 200,
    headers: {
      ...COMMON_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `${header}, ${scriptNoncePolicy(nonce)}`,
      'Permissions-Policy': VIEW_PERMISSIONS_POLICY,
    },
    body: proxyPage(nonce),
  };
}
