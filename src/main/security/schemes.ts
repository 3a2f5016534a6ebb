// The custom schemes the Electron shell registers, each a privileged origin of its own, listed in one place.

/** The privileges a custom scheme may be given; the same fields as Electron's `CustomScheme.privileges`. */
export type SchemePrivileges = {
  standard?: boolean;
  secure?: boolean;
  bypassCSP?: boolean;
  allowServiceWorkers?: boolean;
  supportFetchAPI?: boolean;
  corsEnabled?: boolean;
  stream?: boolean;
  codeCache?: boolean;
  allowExtensions?: boolean;
};

export type PrivilegedScheme = { scheme: string; privileges: SchemePrivileges };

/** The scheme the renderer is served from in Electron. */
export const APP_SCHEME = 'app';
/** The one host the app scheme answers for. */
export const APP_HOST = 'switchboard';
/** The renderer's origin in Electron. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The address the window loads. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** The scheme MCP App views are served from: an origin of their own, never the app's. */
export const APP_VIEW_SCHEME = 'switchboard-view';
/** The app view sandbox's origin; the app's page may frame it and nothing else. */
export const APP_VIEW_ORIGIN = `${APP_VIEW_SCHEME}://sandbox`;

/**
 * Every privileged scheme, registered with Electron in one call before the app is ready (Electron
 * accepts only one such call), each with a handler of its own.
 *
 * The app scheme is standard (relative URLs, an origin, storage) and secure (like https, so module
 * scripts and workers load), and may be fetched. Its scripts' compiled code is cached (`codeCache`, which
 * needs `standard`), so a launch after the first does not compile the page's start-up script again,
 * as browser mode's page gets from Chromium's cache over http. It does not bypass the CSP, does not let other
 * origins read it (no `corsEnabled`), and registers no service workers. The app view scheme is
 * standard and secure, so views get a real, secure origin, and nothing more.
 */
export const PRIVILEGED_SCHEMES: readonly PrivilegedScheme[] = [
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
  },
  { scheme: APP_VIEW_SCHEME, privileges: { standard: true, secure: true } },
];
