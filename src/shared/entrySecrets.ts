// Which values of a server entry are secrets the window must not see, and the entry as the window may see it.
import type { ServerEntry } from './types';

/** What the window sees instead of a stored secret. */
export const SECRET_MASK = '••••••••';

const PLAIN_HEADERS = new Set(['accept', 'content-type', 'user-agent', 'mcp-protocol-version']);

/**
 * True when a header value may hold a secret. A value made only of `${env:…}` / `${input:…}`
 * references (with at most a scheme word such as `Bearer`) carries none itself.
 */
export function isSecretHeader(name: string, value: string): boolean {
  if (PLAIN_HEADERS.has(name.toLowerCase())) return false;
  if (!/\$\{[^}]*\}/.test(value)) return true;
  const literal = value.replace(/\$\{[^}]*\}/g, '').trim();
  return !(literal === '' || /^[A-Za-z-]+$/.test(literal));
}

/** `entry` with secret header values and the client secret replaced by the mask. */
export function maskEntry(entry: ServerEntry): ServerEntry {
  if (!('url' in entry)) return entry;
  const masked = { ...entry };
  if (entry.headers) {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(entry.headers)) {
      headers[name] = isSecretHeader(name, value) ? SECRET_MASK : value;
    }
    masked.headers = headers;
  }
  if (entry.oauth?.clientSecret) masked.oauth = { ...entry.oauth, clientSecret: SECRET_MASK };
  return masked;
}

/** `entry` as the window sent it back, with masked values replaced by those of `stored`. */
export function unmaskEntry(entry: ServerEntry, stored: ServerEntry | undefined): ServerEntry {
  if (!('url' in entry)) return entry;
  const previous = stored && 'url' in stored ? stored : undefined;
  const restored = { ...entry };
  if (entry.headers) {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(entry.headers)) {
      const old =
        previous?.headers && Object.hasOwn(previous.headers, name) ? previous.headers[name] : undefined;
      if (value !== SECRET_MASK) headers[name] = value;
      else if (old !== undefined) headers[name] = old;
    }
    restored.headers = headers;
  }
  if (entry.oauth?.clientSecret === SECRET_MASK) {
    const secret = previous?.oauth?.clientSecret;
    restored.oauth = { ...entry.oauth, clientSecret: secret };
    if (!secret) delete restored.oauth.clientSecret;
  }
  return restored;
}
