// A person approves a local server with no network: its Overview says it is sandboxed, and what it tried shows up.
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { expect, fixture, test } from './host';
import { invoke } from './hostApi';

let service: Server;
let port = 0;
test.beforeAll(async () => {
  service = createServer((_request, response) => response.end('should not be reached'));
  await new Promise<void>((done) => service.listen(0, '127.0.0.1', done));
  port = (service.address() as { port: number }).port;
});
test.afterAll(() => {
  service.close();
});

test('approved with Network: None, the server runs sandboxed and a blocked connection shows in its Logs and as a notice', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: {} });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await writeFile(
    host.configPath,
    JSON.stringify({ mcpServers: { hostile: fixture('hostile.mjs') } }, null, 2),
  );

  const approval = page.getByRole('dialog', { name: 'Run hostile?' });
  await expect(approval).toContainText('It runs in a sandbox');
  const network = approval.getByRole('group', { name: 'Network' });
  await expect(network.getByRole('radio', { name: 'Only these hosts' })).toBeChecked();
  await network.getByRole('radio', { name: 'None' }).check();
  await approval.getByRole('button', { name: 'Approve and start' }).click();

  const entry = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'hostile' });
  await expect(entry).toContainText('running');
  await entry.click();
  const sandbox = page.getByRole('region', { name: 'Sandbox' });
  await expect(sandbox).toContainText('Sandboxed: sees 0 folders, no network');
  expect(JSON.parse(await readFile(host.configPath, 'utf8')).mcpServers.hostile.sandbox).toEqual({
    network: 'none',
  });

  const url = `http://127.0.0.1:${port}/`;
  const result = await invoke(host, 'tools.call', {
    server: 'hostile',
    tool: 'attack',
    args: { fetches: { service: url } },
  });
  expect(JSON.stringify(result)).toContain('HTTP 403');
  const blocked = `Blocked connection to 127.0.0.1:${port} (this server may not use the network)`;
  const notice = page.getByRole('status').filter({ hasText: blocked });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Allow…' }).click();
  const editor = page.getByRole('dialog', { name: /Edit/ });
  await expect(
    editor.getByRole('group', { name: 'Network' }).getByRole('radio', { name: 'None' }),
  ).toBeChecked();
  await editor.getByRole('button', { name: 'Cancel' }).click();
  // It allowed nothing by itself.
  expect(JSON.parse(await readFile(host.configPath, 'utf8')).mcpServers.hostile.sandbox).toEqual({
    network: 'none',
  });

  await page.getByRole('tablist', { name: 'hostile sections' }).getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByRole('list', { name: 'Log lines' })).toContainText(blocked);
});
