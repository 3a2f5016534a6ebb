// A person types a domain in Add server, looks for servers, and adds the one the site's catalogue offers; the site's words stay text.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startModern, stopModern } from '../test/remote/modernFixture';
import { expect, test } from './host';

let site: Server | undefined;
test.afterEach(async () => {
  site?.closeAllConnections();
  site?.close();
  await stopModern();
});

/** A site on 127.0.0.1 whose catalogue lists one server card, whose endpoint is `endpoint`. */
async function startSite(endpoint: string): Promise<string> {
  const documents: Record<string, unknown> = {
    '/.well-known/mcp/catalog.json': {
      specVersion: 'draft',
      entries: [
        {
          identifier: 'urn:air:127.0.0.1:weather',
          displayName: '<img src=x onerror="window.__pwned=1">Weather',
          type: 'application/mcp-server-card+json',
          url: '/weather/server-card',
        },
      ],
    },
    '/weather/server-card': {
      name: 'com.example/weather',
      version: '2.0.0',
      description: 'Forecasts <b>for</b> a place.',
      remotes: [
        { type: 'streamable-http', url: endpoint, headers: [{ name: 'X-Region', default: 'eu-west-1' }] },
        { type: 'streamable-http', url: 'javascript:alert(1)' },
      ],
    },
  };
  site = createServer((request, response) => {
    const body = documents[request.url ?? ''];
    if (!body) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => site?.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(site.address() as AddressInfo).port}`;
}

test('Add server finds the servers a site lists and adds the chosen one', async ({ page, startHost }) => {
  const mcp = await startModern({ name: 'weather-fixture' });
  const address = await startSite(mcp.url);
  const host = await startHost({ mcpServers: {} });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add server' });
  await dialog.getByRole('radio', { name: 'Remote server (URL)' }).check();
  await dialog.getByRole('textbox', { name: 'URL' }).fill(address);
  await dialog.getByRole('button', { name: 'Look for servers' }).click();

  const found = dialog.getByRole('list', { name: 'Servers found' });
  await expect(found).toContainText('<img src=x onerror="window.__pwned=1">Weather');
  await expect(found).toContainText('Forecasts <b>for</b> a place.');
  await expect(found).toContainText('javascript:alert(1) is not an https address, so it is not offered.');
  await expect(dialog).toContainText('This is advice from the site, not checked');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(found.locator('img, b')).toHaveCount(0);

  await found
    .getByRole('button', { name: `Use <img src=x onerror="window.__pwned=1">Weather at ${mcp.url}` })
    .click();
  await expect(dialog.getByRole('textbox', { name: 'URL' })).toHaveValue(mcp.url);
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('weather');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  const servers = page.getByRole('navigation', { name: 'Servers' });
  await expect(servers.getByRole('button', { name: 'weather' })).toContainText('running');
  const file = JSON.parse(await readFile(host.configPath, 'utf8'));
  expect(file.mcpServers.weather).toEqual({
    type: 'http',
    url: mcp.url,
    headers: { 'X-Region': 'eu-west-1' },
  });
});
