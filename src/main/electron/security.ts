// Locks the session and every web contents down: CSP, no permissions, no popups, no navigation, no webviews.
import type { Session, WebContents } from 'electron';
import { contentSecurityPolicy } from '../../shared/csp';
import { APP_VIEW_ORIGIN, APP_VIEW_SCHEME } from './appViews';

/** Serve the app's CSP (framing only the app view sandbox) on every response and refuse every permission request or check. */
export function hardenSession(session: Session): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    // App view pages carry their own, stricter policy (see appViews.ts); the app's would break them.
    if (details.url.startsWith(`${APP_VIEW_SCHEME}:`)) return callback({});
    const headers = Object.fromEntries(
      Object.entries(details.responseHeaders ?? {}).filter(
        ([name]) => name.toLowerCase() !== 'content-security-policy',
      ),
    );
    callback({
      responseHeaders: { ...headers, 'Content-Security-Policy': [contentSecurityPolicy([APP_VIEW_ORIGIN])] },
    });
  });
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** Deny new windows and navigation; https targets are handed to `openExternal` (which asks first). */
export function hardenContents(contents: WebContents, openExternal: (url: string) => void): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https:')) openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    event.preventDefault();
    if (event.url.startsWith('https:')) openExternal(event.url);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
