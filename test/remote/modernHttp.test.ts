// The 2026-07-28 revision over Streamable HTTP, as a loopback server records it: server/discover first, no session and no
// initialize, every request carrying its protocol version, capabilities and client in _meta, and the Mcp-Method and
// Mcp-Name headers matching the body.
import type { PriorDiscovery } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { getPrompt } from '../../src/main/servers/catalogue/prompts';
import { readResource } from '../../src/main/servers/catalogue/resources';
import type { EraCache } from '../../src/main/servers/session/eras';
import { Connections, until } from '../helpers';
import { startModern, stopModern } from './modernFixture';

const connections = new Connections();
afterEach(async () => {
  await connections.stopAll();
  await stopModern();
}, 20_000);

const NO_RETRY = { backoffMs: [60_000] };
const META = [
  'io.modelcontextprotocol/protocolVersion',
  'io.modelcontextprotocol/clientCapabilities',
  'io.modelcontextprotocol/clientInfo',
];

describe('a 2026-07-28 server over Streamable HTTP', { timeout: 20_000 }, () => {
  it('is asked server/discover first and then stateless requests, each with its _meta and no session', async () => {
    const fixture = await startModern();
    const server = connections.create('modern', { type: 'http', url: fixture.url }, NO_RETRY);
    await server.start();
    expect(server.view().era).toBe('modern');
    await server.callTool('echo', { text: 'hi' });
    const requests = await fixture.requests();
    expect(requests[0]?.method).toBe('server/discover');
    expect(requests.map((request) => request.method)).not.toContain('initialize');
    expect(requests.map((request) => request.method)).toEqual(
      expect.arrayContaining(['tools/list', 'tools/call']),
    );
    for (const request of requests) {
      expect(request.meta, request.method).toEqual(expect.arrayContaining(META));
      expect(request.version, request.method).toBe('2026-07-28');
      expect(request.session, request.method).toBeUndefined();
    }
  });

  it('names each request’s method in Mcp-Method, and its tool, prompt or resource in Mcp-Name', async () => {
    const fixture = await startModern();
    const server = connections.create('modern', { type: 'http', url: fixture.url }, NO_RETRY);
    await server.start();
    await server.callTool('echo', { text: 'hi' });
    await getPrompt(server, 'hello', {});
    await readResource(server, 'note://one');
    const requests = await fixture.requests();
    for (const request of requests) expect(request.mcpMethod, request.method).toBe(request.method);
    const named = (method: string) => requests.find((request) => request.method === method)?.mcpName;
    expect(named('tools/call')).toBe('echo');
    expect(named('prompts/get')).toBe('hello');
    expect(named('resources/read')).toBe('note://one');
    expect(named('tools/list')).toBeUndefined();
  });

  it('sends the chosen log level with each request instead of logging/setLevel', async () => {
    const fixture = await startModern();
    const server = connections.create('modern', { type: 'http', url: fixture.url }, NO_RETRY);
    await server.start();
    await server.setLogLevel('info');
    await server.callTool('log', {});
    const requests = await fixture.requests();
    expect(requests.map((request) => request.method)).not.toContain('logging/setLevel');
    const call = requests.find((request) => request.method === 'tools/call');
    expect(call?.meta).toContain('io.modelcontextprotocol/logLevel');
    await until('the log line', () => server.logs().some((entry) => entry.text === 'a line over the socket'));
  });

  it('mirrors a parameter a tool marks with x-mcp-header in an Mcp-Param header', async () => {
    const fixture = await startModern();
    const server = connections.create('modern', { type: 'http', url: fixture.url }, NO_RETRY);
    await server.start();
    const result = await server.callTool('regional', { region: 'eu-west' });
    expect(result.content).toEqual([{ type: 'text', text: 'Region eu-west' }]);
    const call = (await fixture.requests()).find((request) => request.method === 'tools/call');
    expect(call?.param).toBe('eu-west');
  });

  it('listens for list changes with subscriptions/listen and refreshes the tools when told', async () => {
    const fixture = await startModern();
    const server = connections.create('modern', { type: 'http', url: fixture.url }, NO_RETRY);
    await server.start();
    await until('the listen stream', async () =>
      (await fixture.requests()).some((request) => request.method === 'subscriptions/listen'),
    );
    await fixture.listChanged();
    await until('the added tool', () => server.view().tools.some((tool) => tool.name === 'added-later'));
    const methods = (await fixture.requests()).map((request) => request.method);
    expect(methods).not.toContain('resources/subscribe');
  });

  it('finishes a link the server sends the person to by retrying the request, with no elicitationId', async () => {
    const fixture = await startModern();
    const asked: unknown[] = [];
    const server = connections.create(
      'modern',
      { type: 'http', url: fixture.url },
      {
        ...NO_RETRY,
        capabilities: { elicitation: { form: {}, url: {} } },
        onClientCreated: (client) =>
          client.setRequestHandler('elicitation/create', async (request) => {
            asked.push(request.params);
            return { action: 'accept' };
          }),
      },
    );
    await server.start();
    const result = await server.callTool('link', {});
    expect(result.content).toEqual([{ type: 'text', text: 'Came back with accept' }]);
    expect(asked).toEqual([
      { mode: 'url', message: 'Confirm on the page.', url: 'https://example.com/confirm' },
    ]);
    const calls = (await fixture.requests()).filter((request) => request.method === 'tools/call');
    expect(calls).toHaveLength(2);
  });

  it('reaches a server that refuses the 2025 protocol though the last connection remembered it as older', async () => {
    const fixture = await startModern({ modernOnly: true });
    let remembered: PriorDiscovery | undefined = { kind: 'legacy' };
    const eraCache: EraCache = {
      get: () => remembered,
      set: (_, prior) => {
        remembered = prior;
      },
    };
    const server = connections.create(
      'modern',
      { type: 'http', url: fixture.url },
      { ...NO_RETRY, eraCache },
    );
    await server.start();
    expect(server.view().state.kind, JSON.stringify(server.view().state)).toBe('running');
    expect(server.view().era).toBe('modern');
    const methods = (await fixture.requests()).map((request) => request.method);
    expect(methods.slice(0, 2)).toEqual(['initialize', 'server/discover']);
  });
});
