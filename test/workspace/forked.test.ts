// The built-in workspace server forked with a message channel (as the app runs it, without run-as-node), through the host's connection.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ForkBuiltin } from '../../src/main/servers/transport/builtin';
import { Connections, isAlive, until } from '../helpers';
import { removeAll, tempFolder, writeTree } from './harness';

const rolldown = await import('rolldown').catch(() => undefined);

/** Pids this file forked, to tell a forked start from a stdio one. */
const forked: number[] = [];

/** The Node counterpart of the app's utility-process fork: the same events, over Node's IPC channel. */
const forkNode: ForkBuiltin = (script, options, events) => {
  const child: ChildProcess = fork(script, options.args, {
    env: options.env,
    cwd: options.cwd,
    execArgv: [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.once('spawn', () => {
    if (!child.pid) return events.failed(new Error('no pid'));
    forked.push(child.pid);
    events.spawned(child.pid);
  });
  child.on('message', (data) => events.message(data));
  child.on('error', (error) => events.failed(error));
  child.once('exit', (code) => events.exited(code));
  return {
    get pid() {
      return child.pid;
    },
    stdout: child.stdout,
    stderr: child.stderr,
    post: (text) => {
      child.send(text);
    },
  };
};

describe.skipIf(!rolldown)('the forked workspace entry', { timeout: 30_000 }, () => {
  let build: string;
  let root: string;
  let script: string;
  const connections = new Connections();

  beforeAll(async () => {
    build = await tempFolder('ws-fork-build-');
    root = await tempFolder('ws-fork-');
    await writeTree(root, { 'hello.txt': 'hello over the channel' });
    script = path.join(build, 'workspace.mjs');
    await rolldown?.build({
      input: path.resolve('src/workspace/main.ts'),
      platform: 'node',
      logLevel: 'silent',
      output: { file: script, format: 'esm' },
    });
  }, 30_000);

  afterEach(() => connections.stopAll(), 20_000);
  afterAll(() => removeAll(build, root));

  const workspace = () =>
    connections.create(
      'workspace',
      { command: 'builtin:workspace' },
      {
        builtinScripts: { workspace: script, fork: forkNode },
        backoffMs: [60_000],
        capabilities: { roots: { listChanged: true } },
        onClientCreated: (client) => {
          client.setRequestHandler('roots/list', () => ({
            roots: [{ uri: pathToFileURL(root).href, name: 'root' }],
          }));
        },
      },
    );

  it('starts as a forked child, not over stdio, and works inside the roots it is given', async () => {
    const server = workspace();
    await server.start();
    expect(server.view().state.kind).toBe('running');
    expect(forked).toContain(server.pid);
    expect(server.view().tools.map((tool) => tool.name)).toContain('read_file');
    const read = await server.callTool('read_file', { path: 'hello.txt' });
    expect(JSON.stringify(read)).toContain('hello over the channel');
    const refused = await server.callTool('read_file', { path: '../../etc/passwd' });
    expect(refused.isError).toBe(true);
  });

  it('ends its process when stopped', async () => {
    const server = workspace();
    await server.start();
    const pid = server.pid;
    expect(pid).toBeTypeOf('number');
    await server.stop();
    expect(isAlive(pid as number)).toBe(false);
  });

  it('says plainly when its script cannot start', async () => {
    const server = connections.create(
      'workspace',
      { command: 'builtin:workspace' },
      { builtinScripts: { workspace: path.join(build, 'missing.mjs'), fork: forkNode }, backoffMs: [60_000] },
    );
    await server.start();
    const state = server.view().state;
    expect(state.kind).toBe('error');
    if (state.kind !== 'error') return;
    expect(state.error.exitCode).toBe(1);
    expect(state.error.stderrTail.join('\n')).toMatch(/cannot find module/i);
  });

  it('reports its exit when it dies, with the exit in the state', async () => {
    const server = workspace();
    await server.start();
    const pid = server.pid as number;
    process.kill(pid, 'SIGKILL');
    const state = await until('the connection to notice the exit', () => {
      const current = server.view().state;
      return current.kind === 'error' ? current : undefined;
    });
    expect(state.error.message).toMatch(/exit|signal|closed/i);
  });
});
