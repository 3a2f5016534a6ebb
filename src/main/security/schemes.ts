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

/**
 * Every privileged scheme, registered with Electron in one call before the app is ready (Electron
 * accepts only one such call). A view that must not share the app's origin (an MCP App view) gets
 * one more entry here and a handler of its own.
 *
 * The app scheme is standard (relative URLs, an origin, storage) and secure (like https, so module
 * scripts and workers load), and may be fetched. It does not bypass the CSP, does not let other
 * origins read it (no `corsEnabled`), and registers no service workers.
 */
export const PRIVILEGED_SCHEMES: readonly PrivilegedScheme[] = [
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
];
