// What makes a configured server the same server: the canonical identity of its entry and its hash, for every trust record.
import { createHash } from 'node:crypto';
import type { NetworkChoice } from '../../shared/sandbox';
import type { ServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';

/** The version of the identity format; a stored identity of another format never matches. */
const FORMAT = 'server-v2';

/** A name with the sha256 of its value, so values (keys, tokens) are never kept in clear. */
export type HashedPair = [name: string, valueHash: string];

/**
 * Everything about an entry that changes which program runs or what it is given: command, args,
 * cwd and environment for a local server; transport, URL and headers for a remote one. Keys that
 * change no behaviour (`disabled`) are left out; maps are sorted by name; values are hashed.
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
  | { transport: 'http' | 'sse' | 'auto'; url: string; headers: HashedPair[] };

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
    return { transport: entry.type ?? 'auto', url: entry.url, headers: hashedPairs(headers) };
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

function hashedPairs(pairs: Iterable<readonly [string, string]>): HashedPair[] {
  return [...pairs]
    .map(([name, value]): HashedPair => [name, sha256(`value:${value}`)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
