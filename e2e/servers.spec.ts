// A person sees their servers, runs a tool, and recovers a server that died.
import { EVERYTHING, expect, fixture, test } from './host';
import { invoke } from './hostApi';

test('configured servers appear running with their tools', async ({ page, startHost }) => {
  const host = await startHost({ mcpServers: { everything: EVERYTHING, tidy: fixture('changing.mjs') } });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  const servers = page.getByRole('navigation', { name: 'Servers' });
  await expect(servers.getByRole('button', { name: /everything/ })).toContainText('running');
  await expect(servers.getByRole('button', { name: /tidy/ })).toContainText('running');

  await servers.getByRole('button', { name: /everything/ }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  for (const tool of ['echo', 'get-sum', 'get-tiny-image']) {
    await expect(page.getByRole('tabpanel').getByText(tool, { exact: true }).first()).toBeVisible();
  }
});

test('running echo shows the echoed text', async ({ page, startHost }) => {
  const host = await startHost({ mcpServers: { everything: EVERYTHING } });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page
    .getByRole('navigation', { name: 'Servers' })
    .getByRole('button', { name: /everything/ })
    .click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name: 'Run echo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/message/).fill('hello from the test');
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(dialog.getByRole('region', { name: 'Result' })).toContainText('Echo: hello from the test');
});

test('a killed server shows its error and stderr, and Restart brings it back', async ({
  page,
  startHost,
}) => {
  const host = await startHost(
    { mcpServers: { everything: EVERYTHING } },
    { env: { SWITCHBOARD_RESTART_BACKOFF_MS: '600000' } },
  );
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  const entry = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /everything/ });
  await expect(entry).toContainText('running');
  await entry.click();

  const [view] = await invoke(host, 'servers.list', {});
  expect(view?.pid).toBeGreaterThan(0);
  process.kill(view!.pid!, 'SIGKILL');

  await expect(entry).toContainText('error');
  const main = page.getByRole('main');
  await expect(main).toContainText('was ended by SIGKILL');
  await expect(main).toContainText('Starting default (STDIO) server');

  await main.getByRole('button', { name: 'Restart' }).click();
  await expect(entry).toContainText('running');
  const [after] = await invoke(host, 'servers.list', {});
  expect(after?.pid).not.toBe(view?.pid);
});

test('the host refuses a socket without its token, and a page without it says how to get in', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: {} });
  await expect(invoke({ ...host, token: 'wrong' }, 'servers.list', {})).rejects.toThrow(/401/);
  await expect(invoke(host, 'servers.list', {})).resolves.toEqual([]);
  await page.goto(host.origin);
  await expect(page.getByRole('heading', { name: 'Open Switchboard from its link' })).toBeVisible();
  await page.goto(`${host.origin}/?token=wrong`);
  await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
});
