// A server that sends 10,000 log notifications at once: the host stays responsive and its buffers stay bounded.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConnection } from '../src/main/servers/session/connection';
import { Connections, fixtureEntry, timed, until } from './helpers';

const COUNT = 10_000;
const connections = new Connections();
let flood: ServerConnection;

beforeAll(async () => {
  flood = connections.create('flood', fixtureEntry('flood.mjs'));
  await flood.start();
}, 30_000);

afterAll(() => connections.stopAll(), 20_000);

describe('a server that floods the log', { timeout: 30_000 }, () => {
  it('keeps answering calls, keeps its buffers bounded and keeps the newest messages', async () => {
    expect(flood.view().state.kind, JSON.stringify(flood.view().state)).toBe('running');
    let logBatches = 0;
    let wireBatches = 0;
    const stopLog = flood.onDidLog(() => logBatches++);
    const stopWire = flood.onDidWire(() => wireBatches++);
    const heapBefore = process.memoryUsage().heapUsed;
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();

    const flooding = timed(flood.callTool('flood', { count: COUNT }, { timeoutMs: 25_000 }));
    await until('the first flood messages', () =>
      flood.logs().some((log) => log.text.startsWith('flood message')),
    );
    const ping = await timed(flood.callTool('ping-me', {}));
    expect(ping.error).toBeUndefined();
    expect(ping.value?.content).toEqual([{ type: 'text', text: 'pong' }]);
    expect(ping.ms).toBeLessThan(5000);

    const flooded = await flooding;
    expect(flooded.error).toBeUndefined();
    expect(flooded.value?.content).toEqual([{ type: 'text', text: 'flooded' }]);
    lag.disable();

    const after = await timed(flood.callTool('ping-me', {}));
    expect(after.value?.content).toEqual([{ type: 'text', text: 'pong' }]);
    expect(after.ms).toBeLessThan(1000);

    const last = `flood message ${COUNT} of ${COUNT}`;
    await until('the last flood message in the log', () => flood.logs().some((log) => log.text === last));
    const logs = flood.logs();
    expect(logs.length).toBeLessThanOrEqual(5000);
    expect(logs.some((log) => log.text === `flood message 1 of ${COUNT}`)).toBe(false);
    const seqs = logs.map((log) => log.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(flood.wire().length).toBeLessThanOrEqual(5000);

    // Listeners get batches, not one event per notification.
    stopLog();
    stopWire();
    expect(logBatches).toBeGreaterThan(0);
    expect(logBatches).toBeLessThan(COUNT / 10);
    expect(wireBatches).toBeLessThan(COUNT / 10);

    const growthMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    expect(growthMb).toBeLessThan(100);
    // The host's own event loop never stalled for long (loose: 2-core CI machines).
    expect(lag.max / 1e6).toBeLessThan(2000);
    expect(flood.view().state.kind).toBe('running');
  });
});
