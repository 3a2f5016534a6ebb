// The renderer's browser-mode client against the host's real WebSocket transport and dispatcher.
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Host } from '../../src/main/host';
import { socketRefusal } from '../../src/main/rpc/browserGuard';
import { createDispatcher } from '../../src/main/rpc/dispatch';
import { attachWebSocket, type PageSockets } from '../../src/main/rpc/ws';
import type { LinkStatus } from '../../src/renderer/src/api/types';
import { createWsClient } from '../../src/renderer/src/api/wsClient';
import { WS_PATH } from '../../src/shared/channels';
import { HostCallError } from '../../src/shared/contract';

const TOKEN = 'test-token';
let host: Host;
let server: Server;
let sockets: PageSockets;
let origin: string;

/** The browser's WebSocket sends the page's Origin; so does this one. */
class PageSocket extends WebSocket {
  constructor(url: string, protocols?: string[]) {
    super(url, protocols, { origin });
  }
}

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-ws-'));
  host = await Host.create({ dataDir: dir });
  server = createServer((_request, response) => response.writeHead(200).end('ok'));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sockets = attachWebSocket(server, {
    refusal: (request) => socketRefusal(request, new URL(origin).host, TOKEN),
    dispatch: createDispatcher(host),
    events: host,
  });
  (globalThis as { WebSocket?: unknown }).WebSocket = PageSocket;
});

afterAll(async () => {
  await host.shutdown();
  // The clients keep reconnecting by design; closing the listener ends the test's part.
  sockets.close();
  server.close();
});

function client(token: string) {
  return createWsClient({ url: `${origin.replace('http', 'ws')}${WS_PATH}`, token, probeUrl: `${origin}/` });
}

function statusReaches(api: ReturnType<typeof client>, wanted: LinkStatus): Promise<void> {
  return new Promise((done) => {
    if (api.status === wanted) return done();
    const off = api.onStatus((status) => {
      if (status === wanted) {
        off();
        done();
      }
    });
  });
}

describe('createWsClient', () => {
  it('answers invokes and turns host errors into HostCallError with their code', async () => {
    const api = client(TOKEN);
    await statusReaches(api, 'connected');
    await expect(api.invoke('servers.list', {})).resolves.toEqual([]);
    const failure = await api.invoke('servers.logs', { server: 'missing' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HostCallError);
    expect((failure as HostCallError).code).toBe('not_found');
  });

  it('refuses a message too large for the host before sending it, and stays connected', async () => {
    const api = client(TOKEN);
    await statusReaches(api, 'connected');
    const text = 'x'.repeat(17 * 1024 * 1024);
    await expect(api.invoke('chat.send', { id: 'any', text })).rejects.toMatchObject({
      code: 'too_large',
      message: expect.stringMatching(/^That message was too large for the host \(limit 16 MB\)\./),
    });
    expect(api.status).toBe('connected');
    await expect(api.invoke('servers.list', {})).resolves.toEqual([]);
  });

  it('says it is reconnecting when the socket drops, refuses calls meanwhile, and comes back', async () => {
    const api = client(TOKEN);
    await statusReaches(api, 'connected');
    sockets.disconnectAll();
    await statusReaches(api, 'reconnecting');
    await expect(api.invoke('servers.list', {})).rejects.toMatchObject({ code: 'disconnected' });
    await statusReaches(api, 'connected');
    await expect(api.invoke('servers.list', {})).resolves.toEqual([]);
  });

  it('gives up as unauthorized when the page answers but the socket keeps refusing its token', async () => {
    const api = client('wrong');
    await statusReaches(api, 'unauthorized');
    expect(api.status).toBe('unauthorized');
  });
});
