// The Content-Security-Policy of an app view, built from what its resource declares and never looser than that.
import { APP_PERMISSIONS, type AppCsp, type AppPermission } from '../../shared/apps';

/** What a view resource's `_meta.ui` declares, as far as the host uses it. */
export type ViewMeta = {
  csp?: Partial<Record<keyof AppCsp, unknown>>;
  permissions: AppPermission[];
  prefersBorder?: boolean;
};

export type ViewPolicy = {
  /** The sources the view gets, per directive family. */
  csp: AppCsp;
  /** Declared sources that were dropped, as the server wrote them. */
  refused: string[];
  /** The value of the sandbox proxy page's `Content-Security-Policy` header (the view inherits it). */
  header: string;
};

export type ViewPolicyOptions = {
  /** The app's own origin: the only page that may frame the sandbox. */
  hostOrigin: string;
  /** Origins a view must never reach, whatever it declares (the app's own and the sandbox's). */
  forbiddenOrigins: readonly string[];
};

const LISTS: readonly (keyof AppCsp)[] = [
  'connectDomains',
  'resourceDomains',
  'frameDomains',
  'baseUriDomains',
];
/** What the view makes from its own bytes, inside its own opaque origin: no address is reached through these. */
const LOCAL = ['blob:', 'data:'];
const MAX_SOURCES = 32;
const MAX_SOURCE_LENGTH = 200;
const SOURCE =
  /^(https|wss|http|ws):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d{1,5}))?(\/[A-Za-z0-9._~%/-]*)?$/i;

/** Reads `_meta.ui` of a resource (content item first, the listing as fallback); anything malformed is left out. */
export function readViewMeta(...candidates: unknown[]): ViewMeta {
  const ui = candidates
    .map((meta) => (isRecord(meta) && isRecord(meta.ui) ? meta.ui : undefined))
    .find((found) => found !== undefined);
  if (!ui) return { permissions: [] };
  const permissions = isRecord(ui.permissions)
    ? APP_PERMISSIONS.filter((name) => isRecord((ui.permissions as Record<string, unknown>)[name]))
    : [];
  return {
    ...(isRecord(ui.csp) ? { csp: ui.csp as ViewMeta['csp'] } : {}),
    permissions,
    ...(typeof ui.prefersBorder === 'boolean' ? { prefersBorder: ui.prefersBorder } : {}),
  };
}

/**
 * The view's policy. Without declarations it reaches no address (no network, no frames), and, as the
 * extension's reference host allows, runs scripts, workers and media made from its own bytes
 * (`blob:`, `data:`, eval) inside its opaque origin; declared sources are added only when they are plain origins (https/wss anywhere,
 * http/ws only on this machine with an explicit port), never the app's or the sandbox's origin, and
 * never a keyword, a scheme alone or a wildcard port.
 */
export function buildViewPolicy(declared: ViewMeta['csp'], options: ViewPolicyOptions): ViewPolicy {
  const refused: string[] = [];
  const forbidden = new Set(options.forbiddenOrigins.map(hostAndPort).filter((key) => key !== undefined));
  const csp = {} as AppCsp;
  for (const list of LISTS) {
    const value = declared?.[list];
    const entries = Array.isArray(value) ? value : value === undefined ? [] : [value];
    const kept: string[] = [];
    for (const entry of entries) {
      const source = allowedSource(entry, forbidden);
      if (source && kept.length < MAX_SOURCES && !kept.includes(source)) kept.push(source);
      else if (!source) refused.push(typeof entry === 'string' ? entry : JSON.stringify(entry));
    }
    csp[list] = kept;
  }
  return { csp, refused, header: policyHeader(csp, options.hostOrigin) };
}

function policyHeader(csp: AppCsp, hostOrigin: string): string {
  const resources = csp.resourceDomains;
  const or = (sources: string[], fallback: string) => (sources.length > 0 ? sources : [fallback]);
  const directives: [string, string[]][] = [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...LOCAL, ...resources]],
    ['style-src', ["'self'", "'unsafe-inline'", ...LOCAL, ...resources]],
    ['img-src', ["'self'", ...LOCAL, ...resources]],
    ['font-src', ["'self'", ...LOCAL, ...resources]],
    ['media-src', ["'self'", ...LOCAL, ...resources]],
    ['connect-src', or(csp.connectDomains, "'none'")],
    ['frame-src', or(csp.frameDomains, "'none'")],
    ['worker-src', LOCAL],
    ['object-src', ["'none'"]],
    ['base-uri', or(csp.baseUriDomains, "'self'")],
    ['form-action', ["'none'"]],
    ['frame-ancestors', [hostOrigin]],
    // The standard's directive for WebRTC; Chromium ignores it today (see viewGuard.ts for what holds).
    ['webrtc', ["'block'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * The second policy of a view's page: a parsed script runs only with `nonce`, which the view's guard
 * gives to the view's own scripts and to nothing else (see viewGuard.ts); scripts, workers and eval a
 * running script starts still meet the first policy. It comes second, on its own, so a violation of the
 * first policy never quotes the nonce.
 */
export function scriptNoncePolicy(nonce: string): string {
  return `script-src 'nonce-${nonce}' 'strict-dynamic' 'unsafe-eval'`;
}

/**
 * The `Permissions-Policy` of a view's page: no powerful feature but those a view may be granted
 * (camera, microphone, location, clipboard writes), which its frame's `allow` attribute hands on only
 * when the person allowed them. Screen capture and speaker choice, the other media WebRTC could send,
 * are off. No feature of the policy covers WebRTC's connections themselves.
 */
export const VIEW_PERMISSIONS_POLICY = [
  'accelerometer',
  'captured-surface-control',
  'clipboard-read',
  'display-capture',
  'gyroscope',
  'hid',
  'identity-credentials-get',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'midi',
  'otp-credentials',
  'payment',
  'publickey-credentials-create',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'speaker-selection',
  'storage-access',
  'usb',
  'window-management',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** The source as it goes into the policy, or undefined when it is not allowed. */
export function allowedSource(
  entry: unknown,
  forbidden: ReadonlySet<string> = new Set(),
): string | undefined {
  if (typeof entry !== 'string' || entry.length > MAX_SOURCE_LENGTH) return undefined;
  const match = SOURCE.exec(entry.trim());
  if (!match) return undefined;
  const scheme = (match[1] ?? '').toLowerCase();
  const wildcard = match[2];
  const host = (match[3] ?? '').toLowerCase();
  const port = match[4];
  const path = match[5] && match[5] !== '/' ? match[5] : '';
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return undefined;
  if (wildcard && host.split('.').length < 2) return undefined;
  const local = isLoopback(host);
  if ((scheme === 'http' || scheme === 'ws') && !local) return undefined;
  if (local && (wildcard || port === undefined)) return undefined;
  if (forbidden.has(`${host}:${port ?? defaultPort(scheme)}`)) return undefined;
  return `${scheme}://${wildcard ?? ''}${host}${port ? `:${port}` : ''}${path}`;
}

/** The permissions a view gets: what it asked for and the person allowed, nothing else. */
export function grantedPermissions(
  requested: readonly AppPermission[],
  allowed: readonly AppPermission[],
): AppPermission[] {
  return requested.filter((name) => allowed.includes(name));
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host);
}

function defaultPort(scheme: string): string {
  return scheme === 'https' || scheme === 'wss' ? '443' : '80';
}

/** `host:port` of an origin, to compare sources whatever their scheme (http and ws share a port). */
function hostAndPort(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    const scheme = url.protocol.replace(':', '');
    return `${url.hostname}:${url.port || defaultPort(scheme)}`;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
