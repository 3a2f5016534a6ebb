// Starts that cannot work say why at once: text that is not MCP on stdout, a command that is not there.
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionState } from '../src/shared/types';
import { Connections, fixtureEntry } from './helpers';

const connections = new Connections();
afterEach(() => connections.stopAll(), 20_000);

/** Quick retries: a start that would be retried is, well within each test. */
const QUICK_RETRY = { backoffMs: [10], initTimeoutMs: 60_000 };

function errorOf(state: ConnectionState) {
  if (state.kind !== 'error') throw new Error(`expected state error, got ${JSON.stringify(state)}`);
  return state.error;
}

describe('a server that writes only text that is not MCP on stdout', { timeout: 20_000 }, () => {
  it('fails its start saying so, with the first line, long before the start time runs out', async () => {
    const server = connections.create('http-by-mistake', fixtureEntry('not-mcp.mjs'), {
      backoffMs: [60_000],
      initTimeoutMs: 60_000,
    });
    await server.start();
    const error = errorOf(server.view().state);
    expect(error.message).toContain(
      '"http-by-mistake" wrote text that is not MCP on stdout: “Server listening on http://localhost:3001”.',
    );
    expect(server.logs().some((log) => log.source === 'stdout' && log.text.includes('Ctrl+C'))).toBe(true);
  });
});

describe('a command that is not there', { timeout: 20_000 }, () => {
  it('is not retried: the server waits for the person with a clear message', async () => {
    const server = connections.create(
      'missing',
      { command: 'switchboard-no-such-command-here' },
      QUICK_RETRY,
    );
    await server.start();
    const error = errorOf(server.view().state);
    expect(error.message).toContain('Could not find the command "switchboard-no-such-command-here"');
    expect(error.gaveUp).toBe(true);
    expect(error.retryAt).toBeUndefined();
  });

  it('run by a shell that says "not found" is not retried either', async () => {
    const server = connections.create(
      'wrapped',
      { command: '/bin/sh', args: ['-c', 'switchboard-no-such-command-here --stdio'] },
      QUICK_RETRY,
    );
    await server.start();
    const error = errorOf(server.view().state);
    expect(error.message).toMatch(/exited with code 127\. A command it runs was not found: .*not found/);
    expect(error.gaveUp).toBe(true);
    expect(error.retryAt).toBeUndefined();
  });
});
