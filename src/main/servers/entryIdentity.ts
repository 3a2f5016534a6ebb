// A stable hash of what makes a configured server the same server, for keying what is remembered about it.
import { createHash } from 'node:crypto';
import type { ServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';

/**
 * sha256 (hex) of the entry's command, arguments, working folder and environment (stdio), or its
 * URL and headers (remote). Switches such as `disabled` and `autoStart` do not count, and neither
 * does the server's name. Secrets in `env` or `headers` go into the hash only, never in the clear.
 */
export function entryIdentity(entry: ServerEntry): string {
  const essentials = isRemoteEntry(entry)
    ? { type: entry.type, url: entry.url, headers: sorted(entry.headers) }
    : {
        type: 'stdio',
        command: entry.command,
        args: entry.args ?? [],
        cwd: entry.cwd ?? null,
        env: sorted(entry.env),
      };
  return createHash('sha256').update(JSON.stringify(essentials)).digest('hex');
}

function sorted(record: Record<string, string> | undefined): [string, string][] {
  return Object.entries(record ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
