// Locks the session and every web contents down: CSP, permissions, no popups, no navigation, no webviews.
import type { Session, WebContents } from 'electron';
import { contentSecurityPolicy } from '../../shared/csp';
import { checkExternalLink } from '../security/externalLinks';
import { originOf } from '../security/origins';
import { permissionAllowed } from '../security/permissions';
import { APP_VIEW_ORIGIN, APP_VIEW_SCHEME } from '../security/schemes';
import { WEBRTC_IP_HANDLING_POLICY } from '../security/windowPreferences';
import { isViewPage, viewWindowOptions } from './appViews';

/**
 * Serve the app's CSP (framing only the app view sandbox) on every http response (the dev server;
 * the app scheme sets its own, and app view pages carry their own, stricter one) and
 * grant only the permissions `permissionAllowed` allows, to the page on `appUrl`'s origin.
 */
export function hardenSession(session: Session, appUrl: string): void {
  const appOrigin = originOf(appUrl) ?? '';
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
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(
      permissionAllowed(
        { permission, requestingUrl: details.requestingUrl, isMainFrame: details.isMainFrame },
        appOrigin,
      ),
    );
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    permissionAllowed(
      {
        permission,
        requestingUrl: details.requestingUrl ?? requestingOrigin,
        isMainFrame: details.isMainFrame,
      },
      appOrigin,
    ),
  );
}

/**
 * For every web contents: no new windows but a view's own (`viewWindowOptions`), no navigation or redirect away from the page, no webviews,
 * no WebRTC over UDP that does not go through a proxy.
 * A link the page tried to follow is offered to `openExternal` (which asks the person first) when it
 * passes `checkExternalLink`; otherwise it is dropped.
 */
export function hardenContents(
  contents: WebContents,
  openExternal: (url: string) => void,
  appOrigin: string | undefined,
): void {
  const offer = (url: string) => {
    const link = checkExternalLink(url);
    if (link.ok) openExternal(link.url);
  };
  contents.setWindowOpenHandler(({ url }) => {
    const viewWindow = viewWindowOptions(url, contents.getURL(), appOrigin);
    if (viewWindow) return { action: 'allow', overrideBrowserWindowOptions: viewWindow };
    offer(url);
    return { action: 'deny' };
  });
  const stay = (event: { preventDefault(): void; url: string }) => {
    // A view's window, fresh, loads the view's page it was opened for; after that it stays, as any.
    if (contents.getURL() === '' && isViewPage(event.url)) return;
    event.preventDefault();
    offer(event.url);
  };
  contents.on('will-navigate', stay);
  contents.on('will-redirect', stay);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWebRTCIPHandlingPolicy(WEBRTC_IP_HANDLING_POLICY);
}
