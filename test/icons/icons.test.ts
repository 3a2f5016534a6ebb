// Icons: the host fetches only https: (here a loopback http: substitute) and data: icons, without credentials,
// size-limited, checked to be the image they claim, cached; anything else is refused and logged on its server.

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerIcons } from '../../src/main/icons/iconCommands';
import { IconResolver } from '../../src/main/icons/iconResolver';
import { ServerManager } from '../../src/main/servers/manager';
import { fixtureEntry, until } from '../helpers';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
/** The test's stand-in for https: the production default refuses http:. */
const LOOPBACK_SCHEMES = ['http:', 'data:'];

let http: Server;
let base: string;
let dir: string;
const requests: { path: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'switchboard-icons-'));
  http = createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    const send = (type: string, body: Buffer | string) => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    };
    switch (new URL(req.url ?? '/', 'http://loopback').pathname) {
      case '/icon.png':
        return send('image/png', PNG);
      case '/icon.svg':
        return send('image/svg+xml; charset=utf-8', SVG);
      case '/page':
        return send('text/html', '<html><body>not an icon</body></html>');
      case '/lying.png':
        return send('image/png', '<html><script>alert(1)</script></html>');
      case '/declared-big.png':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(400 * 1024) });
        return res.end(Buffer.concat([PNG, Buffer.alloc(400 * 1024 - PNG.length)]));
      case '/streamed-big.png':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(PNG);
        for (let i = 0; i < 40; i++) res.write(Buffer.alloc(10 * 1024));
        return res.end();
      case '/to-file':
        res.writeHead(302, { location: 'file:///etc/passwd' });
        return res.end();
      case '/to-icon':
        res.writeHead(302, { location: '/icon.png' });
        return res.end();
      default:
        res.writeHead(404);
        res.end();
    }
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => http.close(done));
  await rm(dir, { recursive: true, force: true });
});

const fetched = (path: string) => requests.filter((request) => request.path === path).length;

describe('the icon resolver', () => {
  it('refuses plain http in production: only https: and data: are allowed', async () => {
    const outcome = await new IconResolver().resolve(`${base}/icon.png`);
    expect(outcome).toEqual({ ok: false, reason: expect.stringContaining('http:') });
    expect(fetched('/icon.png')).toBe(0);
  });

  it('fetches an icon without cookies or credentials and returns it as a data: URI', async () => {
    const outcome = await new IconResolver({ schemes: LOOPBACK_SCHEMES }).resolve(`${base}/icon.png`);
    expect(outcome).toEqual({ ok: true, dataUri: `data:image/png;base64,${PNG.toString('base64')}` });
    const request = requests.find((item) => item.path === '/icon.png');
    expect(request?.headers.cookie).toBeUndefined();
    expect(request?.headers.authorization).toBeUndefined();
  });

  it('keeps an SVG as an image data: URI (shown with <img>, where its script never runs)', async () => {
    const outcome = await new IconResolver({ schemes: LOOPBACK_SCHEMES }).resolve(`${base}/icon.svg`);
    expect(outcome).toEqual({
      ok: true,
      dataUri: `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`,
    });
  });

  it('refuses what is not an image, or not the image it claims to be', async () => {
    const resolver = new IconResolver({ schemes: LOOPBACK_SCHEMES });
    expect(await resolver.resolve(`${base}/page`)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('text/html'),
    });
    expect(await resolver.resolve(`${base}/lying.png`)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('claims'),
    });
    expect(await resolver.resolve('data:text/html;base64,PGgxPmhpPC9oMT4=')).toMatchObject({ ok: false });
  });

  it('refuses icons over the size limit, whether announced or streamed', async () => {
    const resolver = new IconResolver({ schemes: LOOPBACK_SCHEMES });
    expect(await resolver.resolve(`${base}/declared-big.png`)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('larger than 256 KiB'),
    });
    expect(await resolver.resolve(`${base}/streamed-big.png`)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('larger than'),
    });
  });

  it('follows a redirect only to an allowed scheme', async () => {
    const resolver = new IconResolver({ schemes: LOOPBACK_SCHEMES });
    expect(await resolver.resolve(`${base}/to-file`)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('file:'),
    });
    expect(await resolver.resolve(`${base}/to-icon`)).toMatchObject({ ok: true });
  });

  it('refuses javascript: and file: icons without touching them', async () => {
    const resolver = new IconResolver();
    expect(await resolver.resolve('javascript:alert(1)')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('javascript:'),
    });
    expect(await resolver.resolve('file:///etc/hostname')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('file:'),
    });
  });

  it('caches fetched icons for the run and on disk for the next one', async () => {
    const cacheDir = join(dir, 'icon-cache');
    const src = `${base}/icon.png?cached`;
    const first = new IconResolver({ schemes: LOOPBACK_SCHEMES, cacheDir });
    await first.resolve(src);
    await first.resolve(src);
    expect(fetched('/icon.png?cached')).toBe(1);
    const next = new IconResolver({ schemes: LOOPBACK_SCHEMES, cacheDir });
    expect(await next.resolve(src)).toMatchObject({ ok: true });
    expect(fetched('/icon.png?cached')).toBe(1);
  });
});

describe('icons a server declares', { timeout: 30_000 }, () => {
  const logs: string[] = [];
  let servers: ServerManager;
  let resolve: (server: string, src: string) => Promise<string | null>;
  let icons: ServerIcons;

  beforeAll(async () => {
    servers = new ServerManager(
      {},
      {
        changed: () => {},
        removed: () => {},
        log: (_server, entries) => logs.push(...entries.map((entry) => entry.text)),
        wire: () => {},
        resourceUpdated: () => {},
      },
    );
    await servers.apply({
      icons: fixtureEntry('icons.mjs', { env: { HTTPS_ICON: `${base}/icon.png?remote` } }),
    });
    icons = new ServerIcons(servers, new IconResolver({ schemes: LOOPBACK_SCHEMES }));
    const commands = icons.commands();
    resolve = (server, src) => commands['icons.resolve']({ server, src });
  });

  afterAll(() => servers.shutdown());

  const toolIcon = (name: string) =>
    servers
      .get('icons')
      .view()
      .tools.find((tool) => tool.name === name)?.icons?.[0]?.src ?? '';

  it('shows the server’s, its tools’, prompt’s, resource’s and template’s icons', async () => {
    const view = servers.get('icons').view();
    const sources = [
      view.info?.icons?.[0]?.src,
      toolIcon('plain'),
      toolIcon('remote'),
      toolIcon('vector'),
      view.prompts[0]?.icons?.[0]?.src,
      view.resources[0]?.icons?.[0]?.src,
      view.resourceTemplates[0]?.icons?.[0]?.src,
    ];
    for (const src of sources)
      expect(await resolve('icons', src ?? '')).toMatch(/^data:image\/(png|svg\+xml);base64,/);
    expect(fetched('/icon.png?remote')).toBe(1);
  });

  it('ignores javascript:, file: and oversized icons, with a line in the server’s log', async () => {
    // The window never asks for javascript: or file: icons; the host notes them when the lists arrive.
    icons.serverChanged(servers.get('icons').view());
    for (const name of ['scripted', 'local-file', 'huge'])
      expect(await resolve('icons', toolIcon(name))).toBeNull();
    const notes = () => logs.filter((line) => line.startsWith('An icon was not shown'));
    await until('three notes in the log', () => notes().length === 3);
    expect(notes().some((line) => line.includes('javascript:'))).toBe(true);
    expect(notes().some((line) => line.includes('file:'))).toBe(true);
    expect(notes().some((line) => line.includes('larger than'))).toBe(true);
  });

  it('fetches nothing the server did not declare', async () => {
    expect(await resolve('icons', `${base}/icon.png?not-declared`)).toBeNull();
    expect(fetched('/icon.png?not-declared')).toBe(0);
  });
});
