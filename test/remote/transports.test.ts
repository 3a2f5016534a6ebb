// Remote servers over Streamable HTTP and HTTP+SSE behave as local ones: lists, calls, notifications, progress,
// cancellation, server requests, the protocol log, session expiry, a dropped connection and the SSE fallback.
import { afterEach, describe, expect, it } from 'vitest';
import { validateConfigText } from '../../src/main/config/validate';
import type { ConnectionState, RemoteServerEntry } from '../../src/shared/types';
import { Connections, until } from '../helpers';
import { startRemote, stopRemotes } from './remoteFixture';

const connections = new Connections();
afterEach(async () => {
  await connections.stopAll();
  await stopRemotes();
}, 20_000);

const NO_RETRY = { backoffMs: [60_000] };
const TOOLS = ['echo', 'slow', 'log', 'roots', 'ask', 'sample', 'whoami'];

function errorOf(state: ConnectionState) {
  if (state.kind !== 'error') throw new Error(`expected state error, got ${JSON.stringify(state)}`);
  return state.error;
}

describe.each(['http', 'sse'] as const)('a %s server', { timeout: 20_000 }, (transport) => {
  it('runs with every page of its tools and answers a call', async () => {
    const remote = await startRemote({ transport });
    const server = connections.create('remote', { type: transport, url: remote.url }, NO_RETRY);
    await server.start();
    const view = server.view();
    expect(view.state.kind, JSON.stringify(view.state)).toBe('running');
    expect(view.connectedVia).toBe(transport);
    expect(view.info?.name).toMatch(/remote-fixture/);
    const names = view.tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining([...TOOLS, 'page-1', 'page-8']));
    expect(names).toHaveLength(TOOLS.length + 8);
    const result = await server.callTool('echo', { text: 'over the wire' });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: over the wire' }]);
  });

  it('passes log messages and list changes on', async () => {
    const remote = await startRemote({ transport });
    const server = connections.create('remote', { type: transport, url: remote.url }, NO_RETRY);
    await server.start();
    await server.callTool('log', { text: 'hello from afar' });
    await until('the log message', () =>
      server.logs().find((entry) => entry.source === 'notification' && entry.text === 'hello from afar'),
    );
    await remote.control('list-changed');
    await until('the added tool', () => server.view().tools.some((tool) => tool.name === 'added-later'));
  });

  it('reports progress and cancels a call when asked', async () => {
    const remote = await startRemote({ transport });
    const server = connections.create('remote', { type: transport, url: remote.url }, NO_RETRY);
    await server.start();
    const abort = new AbortController();
    const steps: number[] = [];
    const call = server.callTool(
      'slow',
      {},
      {
        signal: abort.signal,
        onProgress: (progress) => {
          steps.push(progress.progress);
          if (steps.length === 3) abort.abort();
        },
      },
    );
    await expect(call).rejects.toThrow('The call to slow was cancelled.');
    expect(steps.slice(0, 3)).toEqual([1, 2, 3]);
    await until('the cancellation on the wire', () =>
      server.wire().find((entry) => JSON.stringify(entry.message).includes('notifications/cancelled')),
    );
    expect(server.view().state.kind).toBe('running');
  });

  it('answers the server’s roots, elicitation and sampling requests through the host’s handlers', async () => {
    const remote = await startRemote({ transport });
    const server = connections.create(
      'remote',
      { type: transport, url: remote.url },
      {
        ...NO_RETRY,
        capabilities: { roots: { listChanged: true }, elicitation: { form: {} }, sampling: {} },
        onClientCreated: (client) => {
          client.setRequestHandler('roots/list', async () => ({
            roots: [{ uri: 'file:///work', name: 'work' }],
          }));
          client.setRequestHandler('elicitation/create', async () => ({
            action: 'accept',
            content: { colour: 'green' },
          }));
          client.setRequestHandler('sampling/createMessage', async () => ({
            role: 'assistant',
            model: 'test',
            content: { type: 'text', text: 'hello back' },
          }));
        },
      },
    );
    await server.start();
    const text = async (tool: string) => {
      const [block] = (await server.callTool(tool, {})).content;
      return block?.type === 'text' ? block.text : '';
    };
    expect(JSON.parse(await text('roots'))).toEqual([{ uri: 'file:///work', name: 'work' }]);
    expect(JSON.parse(await text('ask'))).toEqual({ action: 'accept', content: { colour: 'green' } });
    expect(JSON.parse(await text('sample'))).toEqual({ type: 'text', text: 'hello back' });
  });

  it('shows its HTTP requests in the protocol log with secret headers masked', async () => {
    const remote = await startRemote({ transport });
    const entry: RemoteServerEntry = {
      type: transport,
      url: remote.url,
      headers: { Authorization: 'Bearer secret-123', 'X-Api-Key': 'key-456', 'X-Team': 'blue' },
    };
    const server = connections.create('remote', entry, NO_RETRY);
    await server.start();
    await server.callTool('echo', { text: 'x' });
    const wire = server.wire();
    const http = wire.filter((row) => row.http);
    expect(http.length).toBeGreaterThan(1);
    const first = http.find((row) => row.http?.method === 'POST')?.message as
      | { request: { headers: Record<string, string> } }
      | undefined;
    const request = first?.request ?? { headers: {} };
    expect(request.headers.authorization).toBe('Bearer ••••');
    expect(request.headers['x-api-key']).toBe('••••');
    // A literal header value may be a key: it is masked unless it is only a ${env:…}/${input:…} reference.
    expect(request.headers['x-team']).toBe('••••');
    expect(request.headers['content-type']).toBe('application/json');
    expect(wire.some((row) => JSON.stringify(row.message).includes('"tools/call"'))).toBe(true);
    const everything = JSON.stringify([wire, server.logs(), server.view()]);
    expect(everything).not.toContain('secret-123');
    expect(everything).not.toContain('key-456');
    expect((server.view().entry as RemoteServerEntry).headers?.Authorization).toBe('••••••••');
  });
});

describe('an entry with a url and no type', { timeout: 20_000 }, () => {
  it('uses Streamable HTTP when the server speaks it', async () => {
    const remote = await startRemote({ transport: 'http' });
    const server = connections.create('remote', { url: remote.url }, NO_RETRY);
    await server.start();
    expect(server.view().state.kind).toBe('running');
    expect(server.view().transport).toBe('auto');
    expect(server.view().connectedVia).toBe('http');
  });

  it('falls back to HTTP+SSE for a server that only speaks that, and says so', async () => {
    const remote = await startRemote({ transport: 'sse' });
    const server = connections.create('remote', { url: remote.url }, NO_RETRY);
    await server.start();
    expect(server.view().state.kind, JSON.stringify(server.view().state)).toBe('running');
    expect(server.view().connectedVia).toBe('sse');
    expect(server.logs().some((entry) => entry.text.includes('Trying the older HTTP+SSE transport'))).toBe(
      true,
    );
    const result = await server.callTool('echo', { text: 'old school' });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: old school' }]);
  });
});

describe('a session the server forgets', { timeout: 20_000 }, () => {
  it('is replaced by a new one and the call goes through without the person', async () => {
    const remote = await startRemote({ transport: 'http' });
    const server = connections.create('remote', { type: 'http', url: remote.url }, NO_RETRY);
    await server.start();
    await remote.control('expire-sessions');
    const result = await server.callTool('echo', { text: 'again' });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: again' }]);
    expect(server.view().state.kind).toBe('running');
    const stats = await remote.stats();
    expect(stats.expiredSessions).toBe(1);
    expect(stats.sessions).toBe(2);
    expect(server.logs().some((entry) => entry.text.includes('Starting a new session'))).toBe(true);
  });
});

describe('a connection that drops during a call', { timeout: 30_000 }, () => {
  it('settles the call with a clear error and reconnects once the server is back', async () => {
    const remote = await startRemote({ transport: 'http' });
    const server = connections.create('remote', { type: 'http', url: remote.url }, { backoffMs: [1500] });
    await server.start();
    const call = server.callTool('slow', {}, { onProgress: () => {} }).then(
      () => new Error('the call should have failed'),
      (error: Error) => error,
    );
    await until('the call to be under way', () =>
      server.wire().some((row) => JSON.stringify(row.message).includes('notifications/progress')),
    );
    await remote.kill();
    expect((await call).message).toMatch(
      /The connection to "remote" was lost: the server closed the connection/,
    );
    expect(['error', 'restarting']).toContain(server.view().state.kind);
    await startRemote({ transport: 'http', port: remote.port });
    await until('running again', () => server.view().state.kind === 'running', 15_000);
    const result = await server.callTool('echo', { text: 'back' });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: back' }]);
  });
});

describe('a plain-http address off this machine', () => {
  it('is refused in config.json with a clear message', () => {
    const result = validateConfigText(
      JSON.stringify({ mcpServers: { far: { url: 'http://example.com/mcp' } } }),
    );
    const problem = result.ok ? result.invalid[0]?.problem : undefined;
    expect(problem?.field).toBe('mcpServers.far.url');
    expect(problem?.message).toContain('plain http to example.com');
    for (const url of ['https://example.com/mcp', 'http://127.0.0.1:8080/mcp', 'http://localhost/mcp']) {
      const near = validateConfigText(JSON.stringify({ mcpServers: { near: { url } } }));
      expect(near.ok && near.invalid, url).toEqual([]);
    }
  });

  it('is refused at connect time without a request being made', async () => {
    const server = connections.create('far', { type: 'http', url: 'http://example.com/mcp' }, NO_RETRY);
    await server.start();
    const error = errorOf(server.view().state);
    expect(error.message).toContain('plain http to example.com');
    expect(error.gaveUp).toBe(true);
    expect(server.wire()).toEqual([]);
  });
});
