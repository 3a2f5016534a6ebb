// The sandbox library as the host runs it: its signal handlers taken out, and a server with any network beside others.
import { spawn } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { policyFor } from '../../src/main/sandbox/policy';
import { resolveProgram } from '../../src/main/sandbox/resolve';
import { SandboxRuntime } from '../../src/main/sandbox/runtime';
import type { NetworkChoice } from '../../src/shared/sandbox';

const runtime = new SandboxRuntime();
const cleanup: (() => Promise<void> | void)[] = [() => runtime.shutdown()];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** Runs `node -e code` in a sandbox with `network`; what it printed. */
async function run(code: string, network: NetworkChoice): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-runtime-')));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  const program = await resolveProgram({
    command: 'node',
    args: ['-e', code],
    path: process.env.PATH ?? '',
    home: homedir(),
    dataDir: dir,
    hostCwd: process.cwd(),
    privateHome: dir,
  });
  const policy = policyFor({
    platform: 'linux',
    program,
    roots: [],
    home: dir,
    tmp: dir,
    network,
    runtimePaths: runtime.runtimePaths(),
    systemDirs: runtime.systemDirs(),
  });
  const wrapped = await runtime.wrap(policy, () => {});
  const child = spawn(wrapped.argv[0] ?? '', wrapped.argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  await new Promise((done) => child.once('close', done));
  wrapped.release();
  return out.trim();
}

it('leaves SIGINT and SIGTERM to the host, and gives a server with any network its own, unrestricted reach', {
  timeout: 30_000,
}, async () => {
  const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
  expect(await runtime.status()).toEqual({ ok: true });
  expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before);

  const service = createServer((_request, response) => response.end('reached'));
  await new Promise<void>((done) => service.listen(0, '127.0.0.1', done));
  cleanup.push(() => void service.close());
  const port = (service.address() as { port: number }).port;
  const probe = `require('net').connect(${port}, '127.0.0.1').on('connect', () => { console.log('connected'); process.exit(0) }).on('error', (e) => { console.log(e.code); process.exit(0) })`;
  const [none, any, listed] = await Promise.all([
    run(probe, 'none'),
    run(probe, 'any'),
    run(probe, [`127.0.0.1:${port}`]),
  ]);
  expect({ none, any, listed }).toEqual({ none: 'ECONNREFUSED', any: 'connected', listed: 'connected' });
});
