// What makes a configured server the same server: the canonical identity of its entry and its hash, for every trust record.
import { createHash } from 'node:crypto';
import { OAUTH_SECRET_FIELDS } from '../../shared/entrySecrets';
import type { NetworkChoice } from '../../shared/sandbox';
import type { OAuthSettings, ServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';

/** The version of the identity format; a stored identity of another format never matches. */
const FORMAT = 'server-v2';

/** A name with the sha256 of its value, so values (keys, tokens) are never kept in clear. */
export type HashedPair = [name: string, valueHash: string];

/**
 * Every field of a remote server's `oauth`, sorted by name: `settings` as JSON (client id, grant, issuer, scopes,
 * the IdP's token endpoint, key and token file paths …), `secrets` hashed (client secrets, private key, ID token).
 */
export type CanonicalOAuth = { settings: [field: string, json: string][]; secrets: HashedPair[] };

/**
 * Everything about an entry that changes which program runs or what it is given: command, args,
 * cwd, environment and sandbox setting for a local server; transport, URL, headers and how it signs
 * in (`oauth`) for a remote one. Keys that change no behaviour (`disabled`) are left out; maps are
 * sorted by name; secret values are hashed. `oauth` and `sandbox` are there only when the entry has
 * one, so the identity of an entry without them is what it always was.
 */
export type CanonicalIdentity =
  | {
      transport: 'stdio';
      command: string;
      args: string[];
      cwd: string | null;
      env: HashedPair[];
      /** Present only when the entry says: `off`, or the network it may reach (`default`: the list derived from it). */
      sandbox?: SandboxIdentity;
    }
  | { transport: 'http' | 'sse' | 'auto'; url: string; headers: HashedPair[]; oauth?: CanonicalOAuth };

/** An entry's own sandbox setting, as its identity holds it. */
export type SandboxIdentity = 'off' | { network: NetworkChoice | 'default' };

/** The canonical identity of `entry` (see `CanonicalIdentity`). */
export function canonicalIdentity(entry: ServerEntry): CanonicalIdentity {
  if (isRemoteEntry(entry)) {
    // Header names are case-insensitive in HTTP; their values are not.
    const headers = Object.entries(entry.headers ?? {}).map(
      ([name, value]) => [name.toLowerCase(), value] as const,
    );
    // No type: Streamable HTTP with a fall back to SSE, which is not the same as either alone.
    return {
      transport: entry.type ?? 'auto',
      url: entry.url,
      headers: hashedPairs(headers),
      ...(entry.oauth ? { oauth: canonicalOAuth(entry.oauth) } : {}),
    };
  }
  return {
    transport: 'stdio',
    command: entry.command,
    args: entry.args ?? [],
    cwd: entry.cwd ?? null,
    env: hashedPairs(Object.entries(entry.env ?? {})),
    // Absent without a setting of its own, so entries written before the sandbox keep their identity.
    ...(entry.sandbox === undefined
      ? {}
      : { sandbox: entry.sandbox === false ? 'off' : { network: entry.sandbox.network ?? 'default' } }),
  };
}

/**
 * The identity a trust record is pinned to: `server-v2:` and the sha256 of the canonical identity.
 * Two entries have the same identity exactly when they launch the same program the same way.
 */
export function serverIdentity(entry: ServerEntry): string {
  return `${FORMAT}:${sha256(JSON.stringify(canonicalIdentity(entry)))}`;
}

/** The identity as a key safe in file names (hex), for what is kept on disk per server. */
export function identityKey(entry: ServerEntry): string {
  return sha256(serverIdentity(entry));
}

function canonicalOAuth(oauth: OAuthSettings): CanonicalOAuth {
  const secret = new Set<string>(OAUTH_SECRET_FIELDS);
  const fields = Object.entries(oauth).filter(([, value]) => value !== undefined);
  return {
    settings: fields
      .filter(([field]) => !secret.has(field))
      .map(([field, value]): [string, string] => [field, JSON.stringify(value)])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    secrets: hashedPairs(
      fields
        .filter(([field]) => secret.has(field))
        .map(([field, value]) => [field, typeof value === 'string' ? value : JSON.stringify(value)] as const),
    ),
  };
}

function hashedPairs(pairs: Iterable<readonly [string, string]>): HashedPair[] {
  return [...pairs]
    .map(([name, value]): HashedPair => [name, sha256(`value:${value}`)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
