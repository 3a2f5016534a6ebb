// The log level on a 2026-07-28 server: no logging/setLevel there, so the chosen level travels with each request.
import { afterAll, describe, expect, it } from 'vitest';
import { LOG_LEVEL_META } from '../src/main/servers/log/logLevelStamp';
import { Connections, fixtureEntry, until } from './helpers';

const connections = new Connections();
afterAll(() => connections.stopAll());

describe('log level of a 2026-07-28 server', { timeout: 30_000 }, () => {
  it('sends the chosen level with each request, and the server logs only from that level up', async () => {
    const server = connections.create('levels', fixtureEntry('modern-logging.mjs'));
    await server.start();
    expect(server.view().era).toBe('modern');
    const lines = () =>
      server
        .logs()
        .filter((entry) => entry.source === 'notification')
        .map((entry) => entry.text);

    await server.setLogLevel('warning');
    expect(server.view().logLevel).toBe('warning');
    await server.callTool('log-levels', {});
    await until('the error line', () => lines().includes('a error line'));
    expect(lines()).toContain('a warning line');
    expect(lines()).not.toContain('a info line');
    expect(lines()).not.toContain('a debug line');
    const call = server
      .wire()
      .find(
        (frame) =>
          frame.direction === 'out' && (frame.message as { method?: string }).method === 'tools/call',
      );
    expect(JSON.stringify(call?.message)).toContain(`"${LOG_LEVEL_META}":"warning"`);
    expect(
      server.wire().some((frame) => (frame.message as { method?: string }).method === 'logging/setLevel'),
    ).toBe(false);

    await server.setLogLevel('debug');
    await server.callTool('log-levels', {});
    await until('the debug line', () => lines().includes('a debug line'));
  });
});
