// A server on a unix socket runs as any remote one: lists, calls, logs, the protocol log, stop and restart, its failures in
// plain words, and an approval identity that names the socket.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { socketFetch } from '../../src/main/servers/transport/socketFetch';
import { launchView } from '../../src/main/trust/approvalRequests';
import { canonicalIdentity, serverIdentity } from '../../src/main/trust/identity';
import type { ServerRunState } from '../../src/shared/serverApprovals';
import type { ConnectionState, RemoteServerEntry, ServerEntry } from '../../src/shared/types';
import { Connections, until } from '../helpers';
import { startModern, stopModern } from './modernFixture';

const connections = new Connections();
const folder = mkdtempSync(join(tmpdir(), 'sb-sock-'));
let count = 0;
const socketPath = () => join(folder, `s${++count}.sock`);
afterEach(async () => {
  await connections.stopAll();
  await stopModern();
}, 20_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const NO_RETRY = { backoffMs: [60_000] };

function errorOf(state: ConnectionState) {
  if (state.kind !== 'error') throw new Error(`expected state error, got ${JSON.stringify(state)}`);
  return state.error;
}

describe('a server on a unix socket', { timeout: 20_000 }, () => {
  it('connects, lists its tools, answers a call and logs, with the socket in the protocol log', async () => {
    const path = socketPath();
    const fixture = await startModern({ socket: path });
    expect(fixture.url).toBe(`unix://${path}#/mcp`);
    const server = connections.create('sock', { url: fixture.url }, NO_RETRY);
    await server.start();
    const view = server.view();
    expect(view.state.kind, JSON.stringify(view.state)).toBe('running');
    expect(view.connectedVia).toBe('http');
    expect(view.era).toBe('modern');
    expect(view.info?.name).toBe('modern-http');
    expect(view.auth).toBeUndefined();
    expect(view.tools.map((tool) => tool.name).sort()).toEqual(['echo', 'link', 'log', 'regional']);
    const result = await server.callTool('echo', { text: 'through the socket' });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: through the socket' }]);

    await server.setLogLevel('info');
    await server.callTool('log', {});
    await until('the log line', () =>
      server
        .logs()
        .find((entry) => entry.source === 'notification' && entry.text === 'a line over the socket'),
    );
    const posts = server.wire().filter((row) => row.http?.method === 'POST');
    expect(posts.length).toBeGreaterThan(1);
    const shown = JSON.stringify(posts.map((row) => row.message));
    expect(shown).toContain(`unix://${path}#/mcp`);
    expect(shown).not.toContain('http://localhost');
    expect((await fixture.requests()).map((request) => request.method)).toContain('tools/call');
  });

  it('stops and restarts, and a call after its server died fails in plain words', async () => {
    const path = socketPath();
    const fixture = await startModern({ socket: path });
    const server = connections.create('sock', { url: fixture.url }, NO_RETRY);
    await server.start();
    await server.stop();
    expect(server.view().state.kind).toBe('stopped');
    await server.restart();
    expect(server.view().state.kind).toBe('running');
    await fixture.kill();
    await expect(server.callTool('echo', { text: 'gone' })).rejects.toThrow(
      'The connection to "sock" was lost: nothing answers at its address any more (ECONNREFUSED)',
    );
  });

  it('says when there is no socket or nothing listens on it, and connects once the server is up', async () => {
    const path = socketPath();
    const missing = connections.create('missing', { url: `unix://${path}#/mcp` }, NO_RETRY);
    await missing.start();
    expect(errorOf(missing.view().state).message).toBe(
      `There is no socket at ${path}. Check that the server is running and that the path is right.`,
    );
    await (await startModern({ socket: path })).kill();
    const stale = connections.create('stale', { url: `unix://${path}#/mcp` }, NO_RETRY);
    await stale.start();
    expect(errorOf(stale.view().state).message).toMatch(
      new RegExp(`^Nothing is listening on the socket ${path}\\. Start the server`),
    );
    rmSync(path);
    await startModern({ socket: path });
    await stale.restart();
    expect(stale.view().state.kind).toBe('running');
    const result = await stale.callTool('echo', { text: 'back' });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: back' }]);
  });

  it('is approved by an identity that names the socket, so another socket asks again', async () => {
    const first = await startModern({ socket: socketPath() });
    const second = await startModern({ socket: socketPath() });
    const approved: RemoteServerEntry = { url: first.url };
    expect(canonicalIdentity(approved)).toMatchObject({ url: first.url });
    expect(launchView(approved)).toMatchObject({ url: first.url });
    const approval = (_: string, entry: ServerEntry): ServerRunState =>
      serverIdentity(entry) === serverIdentity(approved) ? 'approved' : 'waiting';
    const options = { ...NO_RETRY, approval };
    const same = connections.create('same', { url: first.url }, options);
    const other = connections.create('other', { url: second.url }, options);
    await Promise.all([same.start(), other.start()]);
    expect(same.view().state.kind).toBe('running');
    expect(other.view().state.kind).not.toBe('running');
    expect(other.view().approval).toBe('waiting');
    await expect(other.startForUse()).rejects.toThrow();
    expect(await second.requests()).toEqual([]);
  });

  it('refuses a request that would leave the socket for another address', async () => {
    const path = socketPath();
    const fixture = await startModern({ socket: path });
    const socket = socketFetch(path);
    try {
      await expect(socket.fetch('http://127.0.0.1:1/mcp')).rejects.toThrow(
        'A server on a local socket may not send the app to http://127.0.0.1:1.',
      );
      const answer = await socket.fetch('http://localhost/control/stats');
      expect(answer.status).toBe(200);
    } finally {
      await socket.close();
      await fixture.stop();
    }
  });
});
