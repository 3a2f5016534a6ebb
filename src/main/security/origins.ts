// Origins of URLs the shell sees, for its own scheme too (Node's URL gives custom schemes the origin "null").
import { APP_SCHEME } from './schemes';

const ORIGIN_SCHEMES = new Set(['http:', 'https:', `${APP_SCHEME}:`]);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `scheme://host[:port]` of `url`, or null when it has no origin the shell trusts (file:, data:, blob:, about: …). */
export function originOf(url: string | undefined | null): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!ORIGIN_SCHEMES.has(parsed.protocol) || !parsed.host) return null;
  if (parsed.username || parsed.password) return null;
  return `${parsed.protocol}//${parsed.host}`;
}

/** True when `candidate` is on the same origin as the app's own page `appUrl`. */
export function isAppUrl(candidate: string, appUrl: string): boolean {
  const own = originOf(appUrl);
  return own !== null && originOf(candidate) === own;
}

/**
 * The dev server's address when developing: only an http URL on a loopback host, and never in a
 * packaged app (where the variable could come from anyone who starts it). Otherwise null.
 */
export function devRendererUrl(value: string | undefined, packaged: boolean): string | null {
  if (packaged || !value) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' || !LOOPBACK_HOSTS.has(parsed.hostname)) return null;
  if (parsed.username || parsed.password) return null;
  return parsed.href;
}
