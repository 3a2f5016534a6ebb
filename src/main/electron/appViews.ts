// Electron's app view sandbox: a privileged scheme of its own serving the view proxy, and frames kept on their pages.
import type { BrowserWindowConstructorOptions, Session, WebContents } from 'electron';
import type { AppViewHosting } from '../apps/viewHosting';
import { sandboxResponse, ViewPolicies } from '../apps/viewHosting';
import { spoken } from '../hostLanguage';
import { APP_VIEW_ORIGIN, APP_VIEW_SCHEME } from '../security/schemes';
import { viewWindowPreferences } from '../security/windowPreferences';

export { APP_VIEW_ORIGIN } from '../security/schemes';

/**
 * Serves the sandbox on `session` (after ready) for the app page at `hostOrigin` (its origin must
 * be a real one, such as `app://switchboard`, not `file://`), and answers what `Host.attachAppViews` takes.
 */
export function serveAppViews(session: Session, hostOrigin: string): AppViewHosting {
  const policies = new ViewPolicies();
  session.protocol.handle(APP_VIEW_SCHEME, (request) => {
    const answer = sandboxAnswer(request.method, request.url, policies, hostOrigin);
    return new Response(request.method === 'HEAD' ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  });
  return {
    sandboxOrigin: APP_VIEW_ORIGIN,
    hostOrigin,
    register: (appId, header) => policies.register(appId, header),
    unregister: (appId) => policies.unregister(appId),
  };
}

/** The sandbox's answer to one request on the scheme; only `switchboard-view://sandbox/…` is served. */
export function sandboxAnswer(method: string, url: string, policies: ViewPolicies, hostOrigin: string) {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  // Node gives custom schemes no origin, so the scheme and host are compared one by one.
  const ours = parsed?.protocol === `${APP_VIEW_SCHEME}:` && parsed.host === 'sandbox';
  const path = ours && parsed ? parsed.pathname : '/not-here';
  return sandboxResponse({ method, path }, policies, hostOrigin);
}

/**
 * The origin of the app's page as the browser writes it (`app://switchboard`, `http://localhost:5173`),
 * or undefined for a `file://` page, which has none a sandbox could check messages against.
 */
export function pageOrigin(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol === 'file:' || !parsed.host) return undefined;
  return `${parsed.protocol}//${parsed.host}`;
}

/**
 * Whether a frame of the window may go to `url`. The sandbox frames the app page holds load only
 * view pages; a view's own frame (inside a sandbox frame) stays on the page it was given, so it
 * cannot carry data away by navigating; frames a view nests are left to its CSP.
 */
export function frameMayNavigate(
  url: string,
  parentOrigin: string | undefined,
  appOrigin: string | undefined,
): boolean {
  if (parentOrigin === undefined) return true;
  if (appOrigin !== undefined && parentOrigin === appOrigin)
    return url.startsWith(`${APP_VIEW_ORIGIN}/view/`);
  if (parentOrigin === APP_VIEW_ORIGIN) return url === 'about:srcdoc' || url === 'about:blank';
  return true;
}

/** Applies `frameMayNavigate` to every frame of `contents` (the main frame is `hardenContents`' job). */
export function guardViewFrames(contents: WebContents, appOrigin: string | undefined): void {
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame) return;
    const parent = event.frame?.parent;
    if (!frameMayNavigate(event.url, parent?.origin, appOrigin)) event.preventDefault();
  });
}

/** Whether `url` is a view's page on the sandbox, `switchboard-view://sandbox/view/<appId>`, and nothing more. */
export function isViewPage(url: string): boolean {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  return (
    parsed?.protocol === `${APP_VIEW_SCHEME}:` &&
    parsed.host === 'sandbox' &&
    /^\/view\/[A-Za-z0-9_-]{16,64}$/.test(parsed.pathname) &&
    !parsed.search &&
    !parsed.hash
  );
}

/**
 * The window a view gets of its own when the app page at `openerUrl` opens its page `url`: the
 * sandbox's page with every isolation on and no preload, as its frame has. Undefined for any other
 * window, which is refused.
 */
export function viewWindowOptions(
  url: string,
  openerUrl: string,
  appOrigin: string | undefined,
): BrowserWindowConstructorOptions | undefined {
  if (appOrigin === undefined || pageOrigin(openerUrl) !== appOrigin || !isViewPage(url)) return undefined;
  return {
    title: spoken('host.native.appView'),
    width: 960,
    height: 720,
    autoHideMenuBar: true,
    backgroundColor: '#ffffff',
    webPreferences: viewWindowPreferences(),
  };
}
