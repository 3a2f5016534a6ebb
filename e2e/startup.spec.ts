// A server that never finishes starting does not hold back the page: it opens, the other servers work, the hung one says starting.
import { expect, fixture, test } from './host';

test('the page opens while a server hangs at start, and the other servers run', async ({
  page,
  startHost,
}) => {
  const host = await startHost(
    { mcpServers: { hung: fixture('never-initialize.mjs'), quick: fixture('env-echo.mjs') } },
    { until: 'open' },
  );
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  const servers = page.getByRole('navigation', { name: 'Servers' });
  await expect(servers.getByRole('button', { name: /quick/ })).toContainText('running');
  await expect(servers.getByRole('button', { name: /hung/ })).toContainText('starting');
  // The host has not finished starting its servers, yet the person is already using it.
  expect(host.stdout()).not.toContain('Switchboard is ready');

  await servers.getByRole('button', { name: /quick/ }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('tabpanel').getByText('env', { exact: true }).first()).toBeVisible();
});
