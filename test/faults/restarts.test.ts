// Automatic restarts: a server that keeps crashing soon after a good start is given up on, with the reason.
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionFailure, ConnectionState } from '../../src/shared/types';
import { Connections, fixtureEntry, until } from '../helpers';

const connections = new Connections();
afterEach(() => connections.stopAll(), 20_000);

function failures(states: ConnectionState[]): ConnectionFailure[] {
  return states.flatMap((state) => (state.kind === 'error' ? [state.error] : []));
}

describe('a server that crashes soon after each successful start', { timeout: 40_000 }, () => {
  it('is given up on after five crashes in a row, and the error says why', async () => {
    const server = connections.create('crash-loop', fixtureEntry('crash-after-start.mjs'), {
      backoffMs: [50],
      stableAfterMs: 5_000,
    });
    const states: ConnectionState[] = [];
    server.onDidChange((view) => {
      if (states.at(-1) !== view.state) states.push(view.state);
    });
    await server.start();
    expect(server.view().state.kind).toBe('running');
    const error = await until(
      'automatic restarts to give up',
      () => {
        const state = server.view().state;
        return state.kind === 'error' && state.error.gaveUp ? state.error : undefined;
      },
      30_000,
    );
    expect(error.failures).toBe(5);
    expect(error.retryAt).toBeUndefined();
    expect(error.message).toMatch(/exited with code 2/);
    expect(error.message).toMatch(/after starting, soon enough to count as a failed start/);
    expect(error.message).toMatch(/failed 5 times in a row, so Switchboard stopped restarting it/);
    expect(error.message).toMatch(/press Restart/);
    expect(error.stderrTail.join('\n')).toContain('lost the connection to the database');
    expect(failures(states).map((failure) => failure.failures)).toEqual([1, 2, 3, 4, 5]);
    expect(states.filter((state) => state.kind === 'running')).toHaveLength(5);
  });

  it('starts counting again once a run lasted longer than the window', async () => {
    const server = connections.create(
      'crash-late',
      fixtureEntry('crash-after-start.mjs', { env: { CRASH_AFTER_MS: '1200' } }),
      { backoffMs: [50], maxFailures: 2, stableAfterMs: 300 },
    );
    const states: ConnectionState[] = [];
    server.onDidChange((view) => {
      if (states.at(-1) !== view.state) states.push(view.state);
    });
    await server.start();
    await until('three crashes', () => failures(states).length >= 3, 30_000);
    expect(failures(states).map((failure) => [failure.failures, failure.gaveUp ?? false])).toEqual(
      failures(states).map(() => [1, false]),
    );
  });
});

describe('a server that hangs at start-up', { timeout: 20_000 }, () => {
  it('restarts with the reason of the last failure in its restarting state', async () => {
    const server = connections.create('hung', fixtureEntry('never-initialize.mjs'), {
      backoffMs: [50],
      initTimeoutMs: 1000,
    });
    void server.start();
    const restarting = await until(
      'the second attempt',
      () => {
        const state = server.view().state;
        return state.kind === 'restarting' ? state : undefined;
      },
      15_000,
    );
    expect(restarting.attempt).toBe(2);
    expect(restarting.lastFailure?.message).toMatch(/"hung" did not finish starting within 1 s/);
    expect(restarting.lastFailure?.failures).toBe(1);
  });
});
