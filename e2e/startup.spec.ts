// The page's start: a server that never finishes starting does not hold it back, and a part of the window whose code
// cannot be fetched says so while the rest goes on working.
import { expect, fixture, test } from './host';
import { newConversation } from './steps';

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

test('a section whose code cannot be fetched says so, and the rest of the window goes on working', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: { quick: fixture('env-echo.mjs') } });
  // The server page's code is fetched when it is first opened: this fetch fails, as when the host has gone away.
  await page.route(/\/assets\/ServerView-[^/]*\.js$/, (route) => route.abort('connectionrefused'));
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /quick/ }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'This part of the window could not be shown' });
  await expect(failed).toBeVisible();
  await expect(failed.getByRole('button', { name: 'Reload the window' })).toBeVisible();

  // The sidebar and the chat still work.
  await page.getByRole('tab', { name: 'Chat' }).click();
  await newConversation(page);
  await expect(failed).toHaveCount(0);

  // Once the code can be fetched again, opening the server shows its page: a failed load is tried again.
  await page.unrouteAll();
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /quick/ }).click();
  await expect(
    page.getByRole('tablist', { name: 'quick sections' }).getByRole('tab', { name: 'Tools' }),
  ).toBeVisible();
  await expect(failed).toHaveCount(0);
});
