// Launch: the whole host process with 10 servers to its ready line vs a bare SDK process connecting 10 in parallel (its
// servers run as they are, or in sessions of their own as the host runs them); the same launch with a long chat history vs
// none; and one server connected by the host's connection vs the bare SDK client.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { ServerConnection } from '../src/main/servers/session/connection';
import { MemoryEraCache } from '../src/main/servers/session/eras';
import { compare, report, timed } from './harness';
import { writeHistory } from './lib/history';
import { bareClient, benchEntry, browserHost, dataFolder, requireBuild } from './lib/setup';

const SERVERS = 10;
const LAUNCH_RUNS = Number(process.env.BENCH_LAUNCH_RUNS ?? 5);
const CONNECT_RUNS = Number(process.env.BENCH_CONNECT_RUNS ?? 15);

requireBuild();
const servers = Object.fromEntries(Array.from({ length: SERVERS }, (_, n) => [`bench${n}`, benchEntry()]));
const folder = await dataFolder(servers);

/** Milliseconds from spawning the host to its ready line (every server started), or to its address (`open`). */
async function hostLaunch(dir = folder.dir, until: 'open' | 'ready' = 'ready'): Promise<number> {
  const started = performance.now();
  const host = await browserHost(dir, until);
  const ms = performance.now() - started;
  await host.stop();
  return ms;
}

/**
 * Milliseconds from spawning the bare SDK process to its line saying every server answered its tools;
 * with `ownSessions`, its servers run in sessions of their own, as the host's do.
 */
async function bareLaunch(ownSessions = false): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['bench/lib/bareLaunch.mjs'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, SERVERS: String(SERVERS), ...(ownSessions ? { OWN_SESSIONS: '1' } : {}) },
  });
  await new Promise<void>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) done();
    });
    child.once('exit', (code) => fail(new Error(`The bare launch exited with ${code}.`)));
  });
  const ms = performance.now() - started;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
  return ms;
}

const launch = await compare({
  name: `launch → ready, ${SERVERS} servers, whole process vs bare SDK process`,
  runs: LAUNCH_RUNS,
  warmup: 1,
  goal: 1.05,
  subject: () => hostLaunch(),
  baseline: () => bareLaunch(),
});

// The host starts each server in a session of its own (Ctrl+C in a terminal does not reach it, and its whole
// process group can be ended). Where Linux groups scheduling by session, that alone moves the launch; this row
// compares the host with a bare SDK process whose servers run the same way.
const SETSID = '/usr/bin/setsid';
const sessions = existsSync(SETSID)
  ? await compare({
      name: `launch → ready, ${SERVERS} servers, whole process vs bare SDK process with servers in their own sessions`,
      runs: LAUNCH_RUNS,
      warmup: 1,
      subject: () => hostLaunch(),
      baseline: () => bareLaunch(true),
    })
  : undefined;

// The same launch with a long chat history: the servers must not wait for it.
const HISTORY = Number(process.env.BENCH_HISTORY ?? 1000);
const withHistory = await dataFolder(servers);
await writeHistory(withHistory.dir, HISTORY);
const history = await compare({
  name: `launch → ready, ${SERVERS} servers, with ${HISTORY} saved conversations vs none`,
  runs: LAUNCH_RUNS,
  warmup: 1,
  subject: () => hostLaunch(withHistory.dir),
  baseline: () => hostLaunch(folder.dir),
});
const historyOpen = await compare({
  name: `launch → address printed, ${SERVERS} servers, with ${HISTORY} saved conversations vs none`,
  runs: LAUNCH_RUNS,
  warmup: 1,
  subject: () => hostLaunch(withHistory.dir, 'open'),
  baseline: () => hostLaunch(folder.dir, 'open'),
});
await rm(folder.dir, { recursive: true, force: true });
await rm(withHistory.dir, { recursive: true, force: true });

// The era is remembered between launches, as the host's file does.
const eraCache = new MemoryEraCache();
const connect = await compare({
  name: 'connect one server (handshake and lists) vs bare SDK connect + tools/list',
  runs: CONNECT_RUNS,
  warmup: 3,
  goal: 1.05,
  subject: async () => {
    const connection = new ServerConnection('bench', benchEntry(), { eraCache });
    const ms = await timed(() => connection.start());
    if (!connection.isRunning) throw new Error('The bench server did not start.');
    await connection.stop();
    return ms;
  },
  baseline: async () => {
    let client: Awaited<ReturnType<typeof bareClient>> | undefined;
    const ms = await timed(async () => {
      client = await bareClient(benchEntry());
      await client.listTools();
    });
    await client?.close();
    return ms;
  },
});

report([launch, ...(sessions ? [sessions] : []), history, historyOpen, connect]);
if (!sessions)
  console.log(`(The launch against servers in their own sessions needs ${SETSID}; it was left out.)`);
