// Which values of a server entry are secrets the window must not see, and the entry as the window may see it.
import type { OAuthSettings, ServerEntry } from './types';

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

/** The `oauth` fields that hold secrets (a client secret, a private key, an ID token). */
export const OAUTH_SECRET_FIELDS = ['clientSecret', 'privateKey', 'idpClientSecret', 'idToken'] as const;
type OAuthSecretField = (typeof OAUTH_SECRET_FIELDS)[number];

/** True when an `oauth` value holds a secret itself rather than only `${input:…}` / `${env:…}` references. */
export function isSecretOAuthValue(value: string): boolean {
  return value.replace(/\$\{[^}]*\}/g, '').trim() !== '';
}

function oauthField(oauth: OAuthSettings, field: OAuthSecretField): string | undefined {
  const value = (oauth as Partial<Record<OAuthSecretField, unknown>>)[field];
  return typeof value === 'string' ? value : undefined;
}

/** `entry` with secret header values and secret `oauth` values replaced by the mask. */
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
  if (entry.oauth) {
    const oauth: Record<string, unknown> = { ...entry.oauth };
    for (const field of OAUTH_SECRET_FIELDS) {
      const value = oauthField(entry.oauth, field);
      if (value !== undefined && isSecretOAuthValue(value)) oauth[field] = SECRET_MASK;
    }
    masked.oauth = oauth as OAuthSettings;
  }
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
  if (entry.oauth) {
    const oauth: Record<string, unknown> = { ...entry.oauth };
    for (const field of OAUTH_SECRET_FIELDS) {
      if (oauth[field] !== SECRET_MASK) continue;
      const old = previous?.oauth ? oauthField(previous.oauth, field) : undefined;
      if (old !== undefined) oauth[field] = old;
      else delete oauth[field];
    }
    restored.oauth = oauth as OAuthSettings;
  }
  return restored;
}
