// Electron smoke test: the real window loads from app://, locked down, exposing only invoke and on, with the built-in server running.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, expect, type Page, test } from '@playwright/test';

test.skip(
  !existsSync('node_modules/electron/path.txt'),
  'Electron binary is not installed on this machine (it cannot be downloaded here); run npx install-electron where it can',
);

type Bridge = { host: { invoke(name: string, args: unknown): Promise<unknown> } };

let dir: string;
let app: ElectronApplication;
let page: Page;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'switchboard-electron-'));
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { workspace: { command: 'builtin:workspace' } } }));
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[0] !== 'ELECTRON_RENDERER_URL',
    ),
  );
  app = await _electron.launch({ args: ['.', '--config', config, '--data', join(dir, 'data')], env });
  page = await app.firstWindow();
  await expect(page).toHaveTitle('Switchboard');
});

test.afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the window is served from the app scheme with the CSP and nosniff', async () => {
  expect(page.url()).toBe('app://switchboard/index.html');
  expect(await page.evaluate(() => location.origin)).toBe('app://switchboard');
  const headers = await page.evaluate(async () => {
    const response = await fetch('/index.html');
    return {
      csp: response.headers.get('content-security-policy'),
      nosniff: response.headers.get('x-content-type-options'),
    };
  });
  expect(headers.csp).toContain("default-src 'self'");
  expect(headers.nosniff).toBe('nosniff');
  const outside = await page.evaluate(async () => (await fetch('/%2e%2e/%2e%2e/package.json')).status);
  expect(outside).toBe(404);
});

test('the page has no Node and sees only invoke and on', async () => {
  const exposed = await page.evaluate(() => Object.keys((globalThis as { host?: object }).host ?? {}).sort());
  expect(exposed).toEqual(['invoke', 'on']);
  const globals = await page.evaluate(() => [typeof require, typeof process, typeof module, typeof Buffer]);
  expect(globals).toEqual(['undefined', 'undefined', 'undefined', 'undefined']);
});

test('the page cannot navigate away or open windows', async () => {
  const opened = await page.evaluate(() => window.open('http://127.0.0.1:9/') === null);
  expect(opened).toBe(true);
  const navigated = page.waitForEvent('framenavigated', { timeout: 2000 }).then(
    () => true,
    () => false,
  );
  await page.evaluate(() => {
    location.href = 'http://127.0.0.1:9/';
  });
  expect(await navigated).toBe(false);
  expect(page.url()).toBe('app://switchboard/index.html');
  expect(app.windows()).toHaveLength(1);
});

test('no web contents may use WebRTC over UDP that does not go through a proxy', async () => {
  const policies = await app.evaluate(({ webContents }) =>
    webContents.getAllWebContents().map((contents) => contents.getWebRTCIPHandlingPolicy()),
  );
  expect(policies.length).toBeGreaterThan(0);
  expect(new Set(policies)).toEqual(new Set(['disable_non_proxied_udp']));
});

test('the built-in workspace server runs without Electron running as Node', async () => {
  await expect
    .poll(async () => {
      const reply = (await page.evaluate(() =>
        (globalThis as unknown as Bridge).host.invoke('servers.list', {}),
      )) as { ok: boolean; value: { name: string; state: { kind: string } }[] };
      return reply.value.find((server) => server.name === 'workspace')?.state.kind;
    })
    .toBe('running');
});
