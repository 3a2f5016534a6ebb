// The sandbox's cost: one server connected (handshake and lists) sandboxed vs not, 10 at once sandboxed vs not,
// and the wrap alone; the same connection code either way, the sandbox its only difference.
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { policyFor } from '../src/main/sandbox/policy';
import { resolveProgram } from '../src/main/sandbox/resolve';
import { SandboxRuntime } from '../src/main/sandbox/runtime';
import { Sandboxes } from '../src/main/sandbox/sandboxes';
import { ServerConnection } from '../src/main/servers/session/connection';
import { MemoryEraCache } from '../src/main/servers/session/eras';
import type { StdioServerEntry } from '../src/shared/types';
import { compare, report, summarize, timed } from './harness';
import { benchEntry } from './lib/setup';

const RUNS = Number(process.env.BENCH_SANDBOX_RUNS ?? 15);
const MANY = 10;

const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-sandbox-'));
const runtime = new SandboxRuntime();
const status = await runtime.status();
if (!status.ok) throw new Error(`The sandbox is not available here: ${status.message}`);
const sandboxes = new Sandboxes({
  runtime,
  dataDir,
  folders: () => [],
  changed: () => {},
  foldersChanged: () => {},
});
// Remembered between starts, as the host's file does.
const eraCache = new MemoryEraCache();

/** Milliseconds to connect `count` servers at once (each handshake and lists), then stops them. */
async function connectAll(count: number, sandboxed: boolean, network: 'none' | 'hosts'): Promise<number> {
  const entry: StdioServerEntry = {
    ...benchEntry(),
    sandbox: { network: network === 'none' ? 'none' : ['registry.npmjs.org'] },
  };
  const connections = Array.from(
    { length: count },
    (_, n) =>
      new ServerConnection(`bench${n}`, entry, { eraCache, ...(sandboxed ? { sandbox: sandboxes } : {}) }),
  );
  const ms = await timed(() => Promise.all(connections.map((connection) => connection.start())));
  if (!connections.every((connection) => connection.isRunning))
    throw new Error('A bench server did not start.');
  await Promise.all(connections.map((connection) => connection.stop()));
  return ms;
}

const none = await compare({
  name: 'connect one server, sandboxed with no network vs not sandboxed',
  runs: RUNS,
  warmup: 3,
  goal: 1.15,
  subject: () => connectAll(1, true, 'none'),
  baseline: () => connectAll(1, false, 'none'),
});
const hosts = await compare({
  name: 'connect one server, sandboxed with a host list (the proxy relays) vs not sandboxed',
  runs: RUNS,
  warmup: 3,
  goal: 1.15,
  subject: () => connectAll(1, true, 'hosts'),
  baseline: () => connectAll(1, false, 'hosts'),
});
const many = await compare({
  name: `connect ${MANY} servers at once, sandboxed with no network vs not sandboxed`,
  runs: Math.max(3, Math.round(RUNS / 3)),
  warmup: 1,
  goal: 1.15,
  subject: () => connectAll(MANY, true, 'none'),
  baseline: () => connectAll(MANY, false, 'none'),
});
report([none, hosts, many]);

// What the wrap alone costs (resolving the program, building its policy, the library's wrap), before any process.
const wraps: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  wraps.push(
    await timed(async () => {
      const entry = benchEntry();
      const program = await resolveProgram({
        command: entry.command,
        args: entry.args ?? [],
        path: process.env.PATH ?? '',
        home: homedir(),
        dataDir,
        hostCwd: process.cwd(),
        privateHome: dataDir,
      });
      const policy = policyFor({
        platform: 'linux',
        program,
        roots: [],
        home: dataDir,
        tmp: dataDir,
        network: 'none',
        runtimePaths: runtime.runtimePaths(),
        systemDirs: runtime.systemDirs(),
      });
      (await runtime.wrap(policy, () => {})).release();
    }),
  );
}
const wrap = summarize(wraps);
console.log(
  `wrap alone: median ${wrap.median.toFixed(1)} ms, p95 ${wrap.p95.toFixed(1)} ms (${wrap.runs} runs)`,
);

await runtime.shutdown();
await rm(dataDir, { recursive: true, force: true });
