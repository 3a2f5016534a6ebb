// Shared helpers for host-core tests: fixture entries, polling until a condition holds, cleanup of connections.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PayloadStore, type PayloadStoreLimits } from '../src/main/payloads/payloadStore';
import { type ConnectionOptions, ServerConnection } from '../src/main/servers/session/connection';
import type { ServerEntry, StdioServerEntry } from '../src/shared/types';

const require = createRequire(import.meta.url);

/** A stdio entry that runs `test/fixtures/<name>` with this Node binary. */
export function fixtureEntry(
  name: string,
  options: { env?: Record<string, string>; token?: string; sandbox?: false } = {},
): StdioServerEntry {
  const script = fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
  return {
    command: process.execPath,
    args: options.token ? [script, options.token] : [script],
    ...(options.env ? { env: options.env } : {}),
    ...(options.sandbox === false ? { sandbox: false } : {}),
  };
}

/** The domain-tools fixture as the server of `domain` (github, slack …), offering that domain's tools. */
export function domainServer(domain: string): StdioServerEntry {
  const entry = fixtureEntry('domain-tools.mjs');
  return { ...entry, args: [...(entry.args ?? []), domain] };
}

/** The stdio entry for the reference server-everything. */
export function everythingEntry(): StdioServerEntry {
  // The package has no main entry; resolve its package.json and take the bin script next to it.
  const pkg = require.resolve('@modelcontextprotocol/server-everything/package.json');
  const script = join(dirname(pkg), 'dist', 'index.js');
  return { command: process.execPath, args: [script, 'stdio'] };
}

/** Polls `read` every 20 ms until it returns (or resolves to) something truthy; fails with `what` after `timeoutMs`. */
export async function until<T>(
  what: string,
  read: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** True while `pid` is a live process; a zombie (exited, not yet reaped) counts as gone. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Milliseconds taken by `promise`, and how it settled. */
export async function timed<T>(promise: Promise<T>): Promise<{ ms: number; value?: T; error?: unknown }> {
  const started = performance.now();
  try {
    const value = await promise;
    return { ms: performance.now() - started, value };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

/** Pids of live processes whose command line contains `token` (Linux only; elsewhere an empty list). */
export function processesWith(token: string): number[] {
  if (process.platform !== 'linux') return [];
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (cmdline.includes(token) && isAlive(Number(name))) found.push(Number(name));
    } catch {
      // Gone while reading.
    }
  }
  return found;
}

/**
 * Pids of live server programs whose command line contains `token`: those run by this Node, not the shells and
 * sandbox wrappers around them (Linux only).
 */
export function programsWith(token: string): number[] {
  return processesWith(token).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] === process.execPath;
    } catch {
      return false;
    }
  });
}

/** Starts connections and stops every one of them at the end of the test. */
export class Connections {
  private readonly open: ServerConnection[] = [];

  create(name: string, entry: ServerEntry, options?: ConnectionOptions): ServerConnection {
    const connection = new ServerConnection(name, entry, options);
    this.open.push(connection);
    return connection;
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.open.splice(0).map((connection) => connection.stop()));
  }
}

/** A token unique to this test run, to find the processes one test started. */
export function uniqueToken(label: string): string {
  return `switchboard-test-${label}-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A payload store in a fresh temporary folder of its own. */
export function tempPayloadStore(limits: PayloadStoreLimits): PayloadStore {
  return new PayloadStore(limits, mkdtempSync(join(tmpdir(), 'switchboard-payloads-')));
}
