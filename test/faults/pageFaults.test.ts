// What arrives at the browser-mode host's door: oversized and malformed frames, wrong tokens, origins and hosts,
// path traversal, unknown commands and invalid arguments. Each is refused in plain words; the host lives.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { commandInputs } from '../../src/shared/contract';
import { uniqueToken } from '../helpers';
import {
  expectAlive,
  expectNoProcessLeft,
  HostSocket,
  Hosts,
  misbehave,
  RawSocket,
  type RunningHost,
  requireFreshBuild,
  serverState,
} from './harness';
import { socketProtocols, socketUrl } from './presentToken';

const tag = uniqueToken('page');
const hosts = new Hosts();
let host: RunningHost;

beforeAll(async () => {
  requireFreshBuild();
  host = await hosts.start({ mcpServers: { healthy: misbehave('healthy', tag) } });
  const page = await HostSocket.open(host);
  await serverState(page, 'healthy', 'running');
  page.close();
}, 30_000);

afterAll(async () => {
  await hosts.stopAll();
  await expectNoProcessLeft(tag);
}, 30_000);

describe('frames the host cannot take', { timeout: 30_000 }, () => {
  it('a 17 MB chat.send is refused with a reason, and the host lives', async () => {
    const page = await HostSocket.open(host);
    const { id } = await page.call('chat.create', {});
    const text = 'x'.repeat(17 * 1024 * 1024);
    const refused = await page
      .invoke('chat.send', {
        id,
        text: 'hello',
        context: [
          { kind: 'resource', server: 'healthy', uri: 'big://text', contents: [{ uri: 'big://text', text }] },
        ],
      })
      .then(
        () => undefined,
        (error: Error) => error.message,
      );
    expect(refused).toMatch(/1009 That message was too large for the host \(limit 16 MB\)/);
    await expectAlive(host);
  });

  it('a frame announcing 100 MB is refused before it arrives', async () => {
    const raw = await RawSocket.open(host);
    raw.frame(0x1, Buffer.alloc(64 * 1024, 0x20), { length: 100 * 1024 * 1024 });
    expect(await raw.closeFrame()).toEqual({
      code: 1009,
      reason: 'That message was too large for the host (limit 16 MB).',
    });
    raw.destroy();
    await expectAlive(host);
  });

  it('a text frame that is not UTF-8 is refused', async () => {
    const raw = await RawSocket.open(host);
    raw.frame(0x1, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
    expect(await raw.closeFrame()).toMatchObject({ code: 1007, reason: expect.stringMatching(/UTF-8/) });
    raw.destroy();
    await expectAlive(host);
  });

  it('a frame with an invalid opcode is refused', async () => {
    const raw = await RawSocket.open(host);
    raw.frame(0x3, Buffer.from('{}'));
    expect(await raw.closeFrame()).toMatchObject({ code: 1002, reason: expect.stringMatching(/protocol/) });
    raw.destroy();
    await expectAlive(host);
  });

  it('a frame that is not JSON is refused', async () => {
    const raw = await RawSocket.open(host);
    raw.frame(0x1, Buffer.from('hello?'));
    expect(await raw.closeFrame()).toMatchObject({ code: 1003, reason: expect.stringMatching(/JSON/) });
    raw.destroy();
    await expectAlive(host);
  });

  it('a socket dropped mid-frame leaves the host alive', async () => {
    const raw = await RawSocket.open(host);
    raw.frame(0x1, Buffer.from('{"id":1,"na'), { length: 5000 });
    raw.destroy();
    await expectAlive(host);
  });
});

describe('commands', { timeout: 30_000 }, () => {
  it('an unknown command is refused by name', async () => {
    const page = await HostSocket.open(host);
    for (const name of ['servers.explode', '__proto__', 'constructor', 42, null]) {
      const reply = await page.invoke(name as string, {});
      expect(reply, String(name)).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
    }
    page.close();
  });

  it('every command refuses arguments it does not know and arguments of the wrong shape', async () => {
    const page = await HostSocket.open(host);
    for (const name of Object.keys(commandInputs)) {
      for (const args of [{ surprise: true }, ['not', 'an', 'object'], 'text']) {
        const reply = await page.invoke(name, args);
        expect(reply, `${name} ${JSON.stringify(args)}`).toMatchObject({
          ok: false,
          error: { code: 'invalid_input' },
        });
      }
    }
    page.close();
    await expectAlive(host);
  });
});

/** One raw HTTP request (no client normalises the path or fills in the Host header). */
function rawHttp(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(host.origin);
  return new Promise((done, fail) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      const lines = [
        `GET ${path} HTTP/1.1`,
        ...Object.entries({ Host: url.host, Connection: 'close', ...headers }).map(([k, v]) => `${k}: ${v}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', fail);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]);
      done({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

function upgradeStatus(headers: Record<string, string>, path = '/host'): Promise<number> {
  return new Promise((done, fail) => {
    const url = new URL(host.origin);
    const req = request({
      host: url.hostname,
      port: url.port,
      path,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    req.on('upgrade', (response, socket) => {
      socket.destroy();
      done(response.statusCode ?? 0);
    });
    req.on('response', (response) => {
      response.resume();
      done(response.statusCode ?? 0);
    });
    req.on('error', fail);
    req.end();
  });
}

describe('who may connect', { timeout: 30_000 }, () => {
  const protocolHeader = (token: string): Record<string, string> => {
    const protocols = socketProtocols(token);
    return protocols.length ? { 'Sec-WebSocket-Protocol': protocols.join(', ') } : {};
  };
  const pathFor = (token: string) => {
    const url = new URL(socketUrl(host.origin, token));
    return `${url.pathname}${url.search}`;
  };

  it('a socket with the token, the Origin and the Host of the page is let in', async () => {
    expect(
      await upgradeStatus({ Origin: host.origin, ...protocolHeader(host.token) }, pathFor(host.token)),
    ).toBe(101);
  });

  it('a socket without the token, or with a wrong one, is refused', async () => {
    expect(await upgradeStatus({ Origin: host.origin })).toBe(401);
    expect(await upgradeStatus({ Origin: host.origin, ...protocolHeader('wrong') }, pathFor('wrong'))).toBe(
      401,
    );
  });

  it('a socket from another origin is refused, token or not', async () => {
    for (const origin of ['http://127.0.0.1:1', 'http://localhost', 'null', 'https://evil.example']) {
      expect(
        await upgradeStatus({ Origin: origin, ...protocolHeader(host.token) }, pathFor(host.token)),
      ).toBe(403);
    }
  });

  it('a request naming another host (DNS rebinding) is refused, on HTTP and on the socket', async () => {
    const port = new URL(host.origin).port;
    for (const name of [
      `evil.example:${port}`,
      `localhost:${port}`,
      'evil.example',
      `127.0.0.1:${Number(port) + 1}`,
    ]) {
      expect((await rawHttp('/', { Host: name })).status, name).toBe(421);
      expect(
        await upgradeStatus(
          { Host: name, Origin: host.origin, ...protocolHeader(host.token) },
          pathFor(host.token),
        ),
        name,
      ).toBe(421);
    }
    expect((await rawHttp('/')).status).toBe(200);
  });

  it('no path escapes the renderer folder', async () => {
    for (const path of [
      '/../../package.json',
      '/%2e%2e/%2e%2e/package.json',
      '/..%2f..%2fpackage.json',
      '/assets/..%2f..%2f..%2fpackage.json',
      '/%2e%2e%5c%2e%2e%5cpackage.json',
      '/%00',
      '/%E0%A4%A',
      '//etc/passwd',
    ]) {
      const answer = await rawHttp(`${path}?token=${host.token}`);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('"name": "switchboard"');
    }
  });

  it('a refused socket never reaches a command', async () => {
    const ws = new WebSocket(socketUrl(host.origin, 'wrong'), socketProtocols('wrong'), {
      origin: host.origin,
    });
    const outcome = await new Promise<string>((done) => {
      ws.on('open', () => done('open'));
      ws.on('unexpected-response', (_req, response) => done(String(response.statusCode)));
      ws.on('error', () => done('error'));
    });
    expect(outcome).toBe('401');
    await expectAlive(host);
  });
});
