// The browser-mode token must never reach another server on 127.0.0.1: checked in real Chromium.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../e2e/browser';
import { uniqueToken, until } from '../helpers';
import { expectNoProcessLeft, Hosts, misbehave, type RunningHost, requireFreshBuild } from './harness';

const tag = uniqueToken('token');
const hosts = new Hosts();
let host: RunningHost;
let browser: Browser;
let other: Server;
let otherOrigin: string;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  requireFreshBuild();
  host = await hosts.start({ mcpServers: { healthy: misbehave('healthy', tag) } });
  other = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    response
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end('<p>another local service</p><img src="/pixel.png">');
  });
  await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  other?.close();
  await hosts.stopAll();
  await expectNoProcessLeft(tag);
}, 30_000);

describe('the browser-mode token', { timeout: 60_000 }, () => {
  it('is sent nowhere but to the host, and the app still works after a reload', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(host.url);
    await page.getByRole('tab', { name: 'Servers' }).click();
    const servers = page.getByRole('navigation', { name: 'Servers' });
    await servers.getByRole('button', { name: /healthy/ }).waitFor();
    await expectText(servers.getByRole('button', { name: /healthy/ }), 'running');

    await page.goto(`${otherOrigin}/`);
    await page.getByText('another local service').waitFor();
    const visit = await context.newPage();
    await visit.goto(`${otherOrigin}/second`);
    await visit.close();

    expect(seen.length).toBeGreaterThan(0);
    for (const request of seen) {
      expect(request.url).not.toContain(host.token);
      for (const [name, value] of Object.entries(request.headers)) {
        expect(String(value), `${name} sent to the other server`).not.toContain(host.token);
      }
    }
    const cookies = await context.cookies();
    expect(cookies.filter((cookie) => cookie.value.includes(host.token))).toEqual([]);

    await page.goto(host.url);
    await page.reload();
    await page.getByRole('tab', { name: 'Servers' }).click();
    await expectText(
      page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /healthy/ }),
      'running',
    );
    await context.close();
  });

  it('a page opened without it shows how to get in, and no socket opens', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(host.origin);
    await page.getByRole('heading', { name: 'Open Switchboard from its link' }).waitFor();
    await context.close();
  });
});

async function expectText(locator: import('@playwright/test').Locator, text: string): Promise<void> {
  await until(`"${text}" in ${locator}`, async () => (await locator.textContent())?.includes(text), 15_000);
}
