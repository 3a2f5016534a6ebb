// What the host benchmarks share: the bench server's entry, bare SDK clients, in-process hosts and browser-mode hosts.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import WebSocket from 'ws';
import { type RunningHost, startHost } from '../../e2e/hostProcess';
import { Host, type HostOptions } from '../../src/main/host';
import { createDispatcher, type Dispatch } from '../../src/main/rpc/dispatch';
import { socketProtocols, WS_PATH } from '../../src/shared/channels';
import type { StdioServerEntry } from '../../src/shared/types';

export const BENCH_SERVER = resolve('test/fixtures/sized.mjs');

/** The stdio entry of the bench server, with `tools` padding tools. */
export function benchEntry(tools = 0): StdioServerEntry {
  return { command: process.execPath, args: [BENCH_SERVER], env: { TOOLS: String(tools) } };
}

/** A bare SDK client connected to `entry` (the baseline: no host around it). */
export async function bareClient(entry: StdioServerEntry): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: entry.command,
      args: entry.args,
      env: { ...getDefaultEnvironment(), ...entry.env },
    }),
  );
  return client;
}

/** A fresh data folder with a config holding `servers`. */
export async function dataFolder(
  servers: Record<string, StdioServerEntry>,
): Promise<{ dir: string; config: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-bench-'));
  const config = join(dir, 'config.json');
  await writeFile(config, JSON.stringify({ mcpServers: servers }));
  return { dir, config };
}

/** A host in this process over `servers`, with its dispatcher (the same one both transports use). */
export async function inProcessHost(
  servers: Record<string, StdioServerEntry>,
  dir?: string,
  options: Partial<HostOptions> = {},
): Promise<{ host: Host; dispatch: Dispatch; dir: string; close(): Promise<void> }> {
  const folder = dir ? { dir, config: join(dir, 'config.json') } : await dataFolder(servers);
  const host = await Host.create({ ...options, dataDir: folder.dir, configPath: folder.config });
  await host.ready();
  return {
    host,
    dispatch: createDispatcher(host),
    dir: folder.dir,
    async close() {
      await host.shutdown();
      if (!dir) await rm(folder.dir, { recursive: true, force: true });
    },
  };
}

/** Requires the built host (`npm run build`). */
export function requireBuild(): void {
  if (!existsSync('out/main/web.js')) throw new Error('The host is not built: run `npm run build` first.');
}

/** `node out/main/web.js` over the config in `dir`, once it printed its address (`open`) or every server started. */
export async function browserHost(dir: string, until: 'open' | 'ready' = 'ready'): Promise<RunningHost> {
  requireBuild();
  return startHost(undefined, { dataDir: dir, until });
}

/** A page's socket to a browser-mode host: it receives every event a page would and invokes commands. */
export async function pageSocket(host: Pick<RunningHost, 'origin' | 'token'>): Promise<{
  invoke(name: string, args: unknown): Promise<unknown>;
  events: () => number;
  close(): void;
}> {
  const socket = new WebSocket(
    `${host.origin.replace('http', 'ws')}${WS_PATH}`,
    socketProtocols(host.token),
    {
      origin: host.origin,
    },
  );
  await new Promise((done, fail) => socket.once('open', done).once('error', fail));
  let next = 1;
  let events = 0;
  const waiting = new Map<number, { done: (value: unknown) => void; fail: (error: Error) => void }>();
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as {
      id?: number;
      reply?: { ok: boolean; value?: unknown; error?: { message: string } };
    };
    if (frame.id === undefined) {
      events++;
      return;
    }
    const wait = waiting.get(frame.id);
    waiting.delete(frame.id);
    if (frame.reply?.ok) wait?.done(frame.reply.value);
    else wait?.fail(new Error(frame.reply?.error?.message ?? 'no reply'));
  });
  return {
    invoke(name, args) {
      const id = next++;
      return new Promise((done, fail) => {
        waiting.set(id, { done, fail });
        socket.send(JSON.stringify({ id, name, args }));
      });
    },
    events: () => events,
    close: () => socket.close(),
  };
}
