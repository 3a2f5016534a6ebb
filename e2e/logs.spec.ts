// A person searches a server's log, opens a long line in full and copies it.
import { expect, fixture, test } from './host';
import { invoke } from './hostApi';

test('log lines can be searched, opened in full and copied', async ({ page, context, startHost }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const host = await startHost({ mcpServers: { tidy: fixture('changing.mjs') } });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'tidy' }),
  ).toContainText('running');
  await invoke(host, 'tools.call', { server: 'tidy', tool: 'log', args: { text: 'first note' } });
  await invoke(host, 'tools.call', {
    server: 'tidy',
    tool: 'log',
    args: { text: 'disk almost full\nfree: 2 GB of 500 GB', level: 'warning' },
  });
  await page.getByRole('tab', { name: 'Logs' }).click();
  const lines = page.getByRole('list', { name: 'Log lines' });
  await expect(lines).toContainText('first note');
  await expect(lines).toContainText('disk almost full');

  await page.getByRole('searchbox', { name: 'Search the log' }).fill('DISK full');
  await expect(lines).not.toContainText('first note');
  await lines.getByRole('button', { name: /disk almost full/ }).click();
  const detail = page.getByRole('region', { name: 'Selected log line' });
  await expect(detail).toContainText('free: 2 GB of 500 GB');
  await detail.getByRole('button', { name: 'Copy this line' }).click();
  await expect(detail.getByRole('button', { name: 'Copy this line' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    'disk almost full\nfree: 2 GB of 500 GB',
  );

  await page.getByRole('searchbox', { name: 'Search the log' }).fill('nothing like this');
  await expect(page.getByText('No line matches.')).toBeVisible();
});
