// Locks the session and every web contents down: CSP, no permissions, no popups, no navigation, no webviews.
import type { Session, WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../../shared/csp';

/** Serve the app's CSP on every response and refuse every permission request or check. */
export function hardenSession(session: Session): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = Object.fromEntries(
      Object.entries(details.responseHeaders ?? {}).filter(
        ([name]) => name.toLowerCase() !== 'content-security-policy',
      ),
    );
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
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
