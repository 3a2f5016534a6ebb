// Looking for servers at an address: a site's catalogue and server cards on a real loopback server, and hostile ones
// (huge, wrong types, javascript: and socket endpoints, redirects to other sites, HTML, silence) handled in plain words.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchDiscoveryJson } from '../../src/main/registry/discoveryFetch';
import { readCard } from '../../src/main/registry/serverCard';
import { discoverServers, typedAddress } from '../../src/main/registry/serverDiscovery';

type Route = {
  status?: number;
  type?: string;
  body?: string;
  headers?: Record<string, string>;
  never?: boolean;
};
const routes = new Map<string, Route>();
const hits: string[] = [];
let server: Server;
let origin = '';
let host = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push(`${request.url} ${request.headers.accept}`);
    const route = routes.get(request.url ?? '');
    if (route?.never) return;
    if (!route) return response.writeHead(404).end();
    response.writeHead(route.status ?? 200, {
      'content-type': route.type ?? 'application/json',
      ...route.headers,
    });
    response.end(route.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  host = `127.0.0.1:${port}`;
  origin = `http://${host}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  routes.clear();
  hits.length = 0;
});

const json = (value: unknown): Route => ({ body: JSON.stringify(value) });
const entry = (displayName: string, url: string) => ({
  identifier: `urn:air:example.com:${displayName}`,
  displayName,
  type: 'application/mcp-server-card+json',
  url,
});
const card = (remotes: unknown, extra: Record<string, unknown> = {}) => ({
  $schema: 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json',
  name: 'com.example/weather',
  version: '1.2.0',
  description: 'Weather for a place.',
  remotes,
  ...extra,
});

describe('the catalogue of a site', () => {
  it('offers each card’s endpoints with their headers, marking one on another site', async () => {
    routes.set(
      '/.well-known/mcp/catalog.json',
      json({
        specVersion: 'draft',
        entries: [entry('Weather', '/weather/server-card'), entry('Docs', `${origin}/docs/card`)],
      }),
    );
    routes.set(
      '/weather/server-card',
      json(
        card([
          {
            type: 'streamable-http',
            url: `${origin}/weather/mcp`,
            headers: [
              { name: 'X-Api-Key', isRequired: true, isSecret: true, default: 'never-shown' },
              { name: 'X-Region', default: 'eu-west-1', description: 'Service region' },
              { name: 'Mcp-Session-Id', default: 'forced' },
            ],
          },
          { type: 'sse', url: 'https://mcp.example.net/sse' },
        ]),
      ),
    );
    routes.set(
      '/docs/card',
      json(card([{ type: 'streamable-http', url: `${origin}/docs/mcp` }], { name: 'com.example/docs' })),
    );

    const found = await discoverServers(host);
    expect(found.origin).toBe(origin);
    expect(found.catalogUrl).toBe(`${origin}/.well-known/mcp/catalog.json`);
    expect(found.problems).toEqual([]);
    expect(found.servers.map((server) => server.displayName)).toEqual(['Weather', 'Docs']);
    const [weather] = found.servers;
    expect(weather).toMatchObject({
      name: 'com.example/weather',
      version: '1.2.0',
      description: 'Weather for a place.',
    });
    expect(weather?.remotes).toEqual([
      {
        transport: 'http',
        url: `${origin}/weather/mcp`,
        headers: [
          { name: 'X-Api-Key', required: true, secret: true },
          {
            name: 'X-Region',
            description: 'Service region',
            required: false,
            secret: false,
            value: 'eu-west-1',
          },
        ],
      },
      { transport: 'sse', url: 'https://mcp.example.net/sse', elsewhere: 'mcp.example.net', headers: [] },
    ]);
    expect(hits).toContain('/weather/server-card application/mcp-server-card+json, application/json;q=0.9');
  });

  it('handles hostile cards: huge, wrong types, javascript: and socket endpoints, HTML, other sites', async () => {
    routes.set(
      '/.well-known/mcp/catalog.json',
      json({
        specVersion: 'draft',
        entries: [
          entry('Huge', '/huge'),
          entry('Odd', '/odd'),
          entry('Page', '/page'),
          entry('Away', '/away'),
          entry('Elsewhere', 'http://localhost:1/card'),
          { displayName: 'Agent', type: 'application/a2a-agent-card+json', url: '/agent' },
          'not an entry',
        ],
      }),
    );
    routes.set('/huge', { body: JSON.stringify(card([], { description: 'x'.repeat(300 * 1024) })) });
    routes.set(
      '/odd',
      json({
        name: 42,
        title: '<img src=x onerror=alert(1)>\u202Eevil\u0007',
        description: ['not', 'text'],
        remotes: [
          { type: 'streamable-http', url: 'javascript:alert(1)' },
          { type: 'streamable-http', url: 'unix:///tmp/socket.sock' },
          { type: 'streamable-http', url: 'https://{tenant}.example.com/mcp' },
          { type: 'websocket', url: 'wss://example.com/mcp' },
          { type: 'streamable-http', url: 'https://user:pw@example.com/mcp' },
          'nothing',
        ],
      }),
    );
    routes.set('/page', { type: 'text/html', body: '<html><script>alert(1)</script></html>' });
    routes.set('/away', { status: 302, headers: { location: 'https://example.org/card' } });

    const found = await discoverServers(origin);
    expect(found.servers).toHaveLength(1);
    const [odd] = found.servers;
    expect(odd?.displayName).toBe('Odd');
    expect(odd?.name).toBeUndefined();
    expect(odd?.description).toBeUndefined();
    expect(odd?.remotes).toEqual([]);
    expect(odd?.notes).toEqual([
      'javascript:alert(1) is not an https address, so it is not offered.',
      'unix:///tmp/socket.sock is not an https address, so it is not offered.',
      'https://{tenant}.example.com/mcp needs values the card describes: type its address yourself.',
      'wss://example.com/mcp: its transport (websocket) is not one Switchboard speaks.',
      'https://user:pw@example.com/mcp carries a user name or password, so it is not offered.',
      'An endpoint of the card is not an object.',
    ]);
    expect(found.problems).toEqual(
      expect.arrayContaining([
        `${origin}/huge is larger than 256 KB.`,
        `${origin}/page is not JSON (it is text/html).`,
        `${origin}/away redirects to another site (example.org), which is not followed.`,
        'The card of “Elsewhere” was not read: it is on another site (localhost:1) and not an https address on the network.',
        '“Agent” of the catalogue is not a server card, so it is left out.',
        'Entry 7 of the catalogue is not a server card, so it is left out.',
      ]),
    );
    expect(hits.some((hit) => hit.startsWith('/card'))).toBe(false);
  });

  it('cleans a card’s text of markup-looking, control and direction characters and caps it', () => {
    const read = readCard(
      card([], { title: 'A\u202Eb\u0007c', description: `${'word '.repeat(200)}` }),
      new URL('https://example.com/card'),
      new URL('https://example.com'),
    );
    expect(read.displayName).toBe('A b c');
    expect(read.description?.length).toBe(300);
    expect(read.description?.endsWith('…')).toBe(true);
  });

  it('does not offer an endpoint on this computer from a site on the network', () => {
    const read = readCard(
      card([{ type: 'streamable-http', url: 'http://127.0.0.1:3000/mcp' }]),
      new URL('https://example.com/card'),
      new URL('https://example.com'),
    );
    expect(read.remotes).toEqual([]);
    expect(read.notes).toEqual([
      'http://127.0.0.1:3000/mcp points to this computer, which a site on the network may not offer.',
    ]);
  });
});

describe('an address without a catalogue', () => {
  it('reads the server card next to the address', async () => {
    routes.set(
      '/mcp/server-card',
      json(card([{ type: 'streamable-http', url: `${origin}/mcp` }], { title: 'Weather' })),
    );
    const found = await discoverServers(`${origin}/mcp/`);
    expect(found.catalogUrl).toBeUndefined();
    expect(found.servers.map((server) => [server.displayName, server.remotes[0]?.url])).toEqual([
      ['Weather', `${origin}/mcp`],
    ]);
  });

  it('says that nothing was found', async () => {
    const found = await discoverServers(origin);
    expect(found.servers).toEqual([]);
    expect(found.problems).toEqual([
      `${host} publishes no MCP catalogue (${origin}/.well-known/mcp/catalog.json).`,
    ]);
  });
});

describe('what is not read', () => {
  it('refuses plain http to another computer, a socket and a user name, before any request', () => {
    expect(() => typedAddress('http://example.com/mcp')).toThrow('plain http to another computer');
    expect(() => typedAddress('unix:///tmp/s.sock')).toThrow('a local socket has no catalogue');
    expect(() => typedAddress('https://me:pw@example.com')).toThrow('user name or password');
    expect(() => typedAddress('   ')).toThrow('type a domain');
    expect(typedAddress('example.com').href).toBe('https://example.com/');
    expect(typedAddress('localhost:8080/mcp').href).toBe('http://localhost:8080/mcp');
  });

  it('gives up on a site that does not answer in time', async () => {
    routes.set('/.well-known/mcp/catalog.json', { never: true });
    const limits = { timeoutMs: 200, maxBytes: 1024, maxRedirects: 3 };
    await expect(
      fetchDiscoveryJson(new URL(`${origin}/.well-known/mcp/catalog.json`), 'application/json', limits),
    ).rejects.toThrow(`${origin}/.well-known/mcp/catalog.json did not answer within 0.2 s.`);
  });

  it('follows a redirect within the site', async () => {
    routes.set('/.well-known/mcp/catalog.json', { status: 301, headers: { location: '/catalog' } });
    routes.set('/catalog', json({ specVersion: 'draft', entries: [] }));
    const found = await discoverServers(origin);
    expect(found.problems).toEqual([]);
    expect(found.catalogUrl).toBe(`${origin}/.well-known/mcp/catalog.json`);
  });
});
