// Servers that crash, print garbage or never answer: the host reports each plainly and keeps control.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionState, ServerView } from '../src/shared/types';
import { onMovableClock } from './clock';
import { Connections, fixtureEntry, processesWith, timed, uniqueToken, until } from './helpers';

const connections = new Connections();
afterEach(() => connections.stopAll(), 20_000);

/** Long enough that no automatic restart happens while a test looks at the error. */
const NO_RETRY = { backoffMs: [60_000] };

function errorOf(state: ConnectionState) {
  if (state.kind !== 'error') throw new Error(`expected state error, got ${JSON.stringify(state)}`);
  return state.error;
}

describe('a server that exits during initialize', { timeout: 20_000 }, () => {
  it('ends in error with its exit code and its last stderr line', async () => {
    const server = connections.create('crashy', fixtureEntry('exit-during-initialize.mjs'), NO_RETRY);
    await server.start();
    const error = errorOf(server.view().state);
    expect(error.exitCode).toBe(3);
    expect(error.stderrTail.join('\n')).toContain('fatal: cannot open database');
    expect(error.message).toMatch(/exit|code 3/i);
    expect(error.gaveUp ?? false).toBe(false);
    expect(error.retryAt).toBeGreaterThan(Date.now());
  });

  it('shows the stderr line in the log', async () => {
    const server = connections.create('crashy', fixtureEntry('exit-during-initialize.mjs'), NO_RETRY);
    await server.start();
    expect(
      server.logs().some((log) => log.source === 'stderr' && log.text.includes('cannot open database')),
    ).toBe(true);
  });
});

describe('a server that exits during a tool call', { timeout: 20_000 }, () => {
  it('rejects the pending call within a second, saying the server exited', async () => {
    const server = connections.create('mid-call', fixtureEntry('exit-mid-call.mjs'), NO_RETRY);
    await server.start();
    expect(server.view().state.kind).toBe('running');
    const { ms, error } = await timed(server.callTool('slow', {}));
    expect(error, 'the call should have failed').toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/exit/i);
    expect(ms).toBeLessThan(1000);
    const failure = errorOf(server.view().state);
    expect(failure.exitCode).toBe(1);
    expect(failure.stderrTail.join('\n')).toContain('panic: worker thread crashed');
  });

  it('refuses new calls while it is in error', async () => {
    const server = connections.create('mid-call', fixtureEntry('exit-mid-call.mjs'), NO_RETRY);
    await server.start();
    await server.callTool('slow', {}).catch(() => {});
    await expect(server.callTool('slow', {})).rejects.toThrow(/not running/i);
  });
});

describe('a server that prints garbage on stdout', { timeout: 20_000 }, () => {
  it('still runs and answers tool calls', async () => {
    const server = connections.create('garbage', fixtureEntry('garbage-stdout.mjs'), NO_RETRY);
    await server.start();
    expect(server.view().state.kind, JSON.stringify(server.view().state)).toBe('running');
    expect(server.view().tools.map((tool) => tool.name)).toEqual(['echo']);
    const result = await server.callTool('echo', { message: 'still here' });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: still here' }]);
    expect(server.view().state.kind).toBe('running');
  });

  it('shows the garbage lines in the log', async () => {
    const server = connections.create('garbage', fixtureEntry('garbage-stdout.mjs'), NO_RETRY);
    await server.start();
    await server.callTool('echo', { message: 'x' });
    const text = () =>
      server
        .logs()
        .map((log) => log.text)
        .join('\n');
    await until('the garbage in the log', () => text().includes('Listening on port 1234'), 3000).catch(
      () => {},
    );
    expect(text()).toContain('Listening on port 1234');
    expect(text()).toContain('{not json');
    expect(text()).toContain('debug: echoing 1 characters');
  });
});

describe('a server that never answers initialize', { timeout: 20_000 }, () => {
  it('ends in error after initTimeoutMs with a message saying what to check', async () => {
    const server = connections.create('silent', fixtureEntry('never-initialize.mjs'), {
      ...NO_RETRY,
      initTimeoutMs: 1500,
    });
    const { ms } = await timed(server.start());
    expect(ms).toBeGreaterThanOrEqual(1400);
    expect(ms).toBeLessThan(5000);
    const error = errorOf(server.view().state);
    expect(error.message).toMatch(/did not finish starting|timed out|did not answer/i);
    expect(error.message).toMatch(/check/i);
    expect(error.message).toContain('never-initialize.mjs');
  });

  it('leaves no server process behind once stopped', { timeout: 20_000 }, async () => {
    const token = uniqueToken('silent');
    await onMovableClock(async () => {
      const server = connections.create('silent', fixtureEntry('never-initialize.mjs', { token }), {
        ...NO_RETRY,
        initTimeoutMs: 1500,
      });
      await server.start();
      expect(server.view().state.kind).toBe('error');
      await server.stop();
      // Past the 5 s protocol probe and the planned retry: anything they would start late has started.
      await vi.advanceTimersByTimeAsync(NO_RETRY.backoffMs[0]! + 1000);
      expect(server.view().state.kind).toBe('stopped');
      await until(`no process running with ${token}`, () => processesWith(token).length === 0, 5000);
    });
  });
});

describe('automatic restarts', { timeout: 20_000 }, () => {
  it('give up after maxFailures failures in a row, and restart() afterwards works', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-flaky-'));
    const marker = join(dir, 'broken');
    writeFileSync(marker, 'present while the server should fail');
    await onMovableClock(async () => {
      const server = connections.create(
        'flaky',
        fixtureEntry('flaky.mjs', { env: { FLAKY_MARKER: marker } }),
        {
          backoffMs: [50, 50, 50],
          maxFailures: 3,
        },
      );
      const states: ConnectionState[] = [];
      // A view is announced for every change; keep each state transition once.
      server.onDidChange((view: ServerView) => {
        if (states.at(-1) !== view.state) states.push(view.state);
      });
      await server.start();
      const error = await until(
        'the connection to give up',
        () => {
          const state = server.view().state;
          return state.kind === 'error' && state.error.gaveUp ? state.error : undefined;
        },
        15_000,
      );
      expect(error.retryAt).toBeUndefined();
      expect(error.stderrTail.join('\n')).toContain('refusing to start');
      const errors = states.filter((state) => state.kind === 'error');
      expect(errors).toHaveLength(3);
      expect(states.filter((state) => state.kind === 'restarting').length).toBe(2);
      // No further attempt once it gave up, with the clock well past when one would have come.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(server.view().state).toEqual({ kind: 'error', error });

      rmSync(marker);
      expect(existsSync(marker)).toBe(false);
      await server.restart();
      expect(server.view().state.kind, JSON.stringify(server.view().state)).toBe('running');
      const result = await server.callTool('ok', {});
      expect(result.content).toEqual([{ type: 'text', text: 'ok' }]);
    }).finally(() => rmSync(dir, { recursive: true, force: true }));
  });

  it('bring a crashed server back by itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-flaky-'));
    const marker = join(dir, 'broken');
    writeFileSync(marker, '');
    try {
      const server = connections.create(
        'flaky',
        fixtureEntry('flaky.mjs', { env: { FLAKY_MARKER: marker } }),
        {
          backoffMs: [500],
          maxFailures: 5,
        },
      );
      await server.start();
      expect(server.view().state.kind).toBe('error');
      rmSync(marker);
      await until('running again', () => server.view().state.kind === 'running', 10_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a server that cannot be started', { timeout: 20_000 }, () => {
  it('ends in error saying the command was not found, without throwing', async () => {
    const server = connections.create(
      'missing',
      { command: 'switchboard-test-no-such-command', args: [] },
      NO_RETRY,
    );
    await expect(server.start()).resolves.toBeUndefined();
    const error = errorOf(server.view().state);
    expect(error.message).toContain('switchboard-test-no-such-command');
    expect(error.message).toMatch(/not find|not found/i);
  });
});

describe('stopping a server that is still starting', { timeout: 20_000 }, () => {
  it('settles start(), ends in stopped and ends the process', async () => {
    const token = uniqueToken('stop-early');
    const server = connections.create('silent', fixtureEntry('never-initialize.mjs', { token }), {
      ...NO_RETRY,
      initTimeoutMs: 15_000,
    });
    const starting = server.start();
    await until('the process to be spawned', () => server.pid, 10_000);
    await server.stop();
    const { ms } = await timed(starting);
    expect(ms).toBeLessThan(1000);
    expect(server.view().state).toEqual({ kind: 'stopped' });
    await until(`no process running with ${token}`, () => processesWith(token).length === 0, 5000);
  });
});
