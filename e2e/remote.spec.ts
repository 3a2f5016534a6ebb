// A person adds remote servers from the UI: one that needs a sign-in (done in a new tab) and one that does not,
// and both survive a restart of the host; and one that signs in on its own with client credentials.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { type RemoteFixture, startRemote, stopRemotes } from '../test/remote/remoteFixture';
import { expect, test } from './host';

test.afterEach(async () => {
  await stopRemotes();
});

/** Add server → name, Remote server, its URL → Save; the new server is selected. */
async function addServer(page: Page, name: string, url: string): Promise<void> {
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add server' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('radio', { name: 'Remote server (URL)' }).check();
  await dialog.getByRole('textbox', { name: 'URL' }).fill(url);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

function serverEntry(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name, exact: true });
}

async function expectTools(page: Page, tools: string[]): Promise<void> {
  await page.getByRole('tab', { name: 'Tools' }).click();
  for (const tool of tools) {
    await expect(page.getByRole('tabpanel').getByText(tool, { exact: true }).first()).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Overview' }).click();
}

async function approvals(remote: RemoteFixture): Promise<number | undefined> {
  return (await remote.stats()).auth?.approvals;
}

test('a remote server that needs a sign-in: Sign in, approve in a new tab, still signed in after a restart, Sign out', async ({
  page,
  startHost,
}) => {
  const remote = await startRemote({ auth: true });
  const host = await startHost({ mcpServers: {} });
  await page.goto(host.url);
  await addServer(page, 'secure', remote.url);

  const entry = serverEntry(page, 'secure');
  await expect(entry).toContainText('sign-in required');
  await entry.click();
  const main = page.getByRole('main');
  await expect(main).toContainText('"secure" asks you to sign in before it can be used.');
  expect(page.context().pages()).toHaveLength(1);

  await main.getByRole('button', { name: 'Sign in', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign in to secure' });
  await expect(confirm).toContainText(remote.issuer ?? 'missing issuer');
  await expect(confirm.getByRole('list', { name: 'Permissions asked for' })).toContainText('mcp:read');
  const opened = page.context().waitForEvent('page');
  await confirm.getByRole('button', { name: 'Open sign-in page' }).click();
  const tab = await opened;
  await expect(tab.getByRole('heading', { name: /Authorize/ })).toBeVisible();
  await tab.getByRole('button', { name: 'Approve' }).click();
  await expect(tab.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await expect(tab.getByText('You can close this tab')).toBeVisible();
  await tab.close();

  await expect(entry).toContainText('running');
  await expectTools(page, ['echo', 'whoami']);
  await expect(main).toContainText('Signed in as ada@example.test');
  await expect(main).toContainText(remote.issuer ?? 'missing issuer');
  expect(await approvals(remote)).toBe(1);

  await host.stop();
  const again = await startHost(undefined, { dataDir: host.dataDir });
  await page.goto(again.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(serverEntry(page, 'secure')).toContainText('running');
  await serverEntry(page, 'secure').click();
  await expect(main).toContainText('Signed in as ada@example.test');
  expect(await approvals(remote)).toBe(1);
  expect((await remote.stats()).auth?.authorizePages).toBe(1);

  await main.getByRole('button', { name: 'Sign out' }).click();
  await expect(serverEntry(page, 'secure')).toContainText('sign-in required');
  await expect(main.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect((await remote.stats()).auth?.revocations).toBeGreaterThan(0);
});

test('a remote server without sign-in runs with its tools, also after a restart', async ({
  page,
  startHost,
}) => {
  const remote = await startRemote();
  const host = await startHost({ mcpServers: {} });
  await page.goto(host.url);
  await addServer(page, 'open', remote.url);

  const entry = serverEntry(page, 'open');
  await expect(entry).toContainText('running');
  await entry.click();
  const main = page.getByRole('main');
  await expect(main).toContainText('Streamable HTTP (the entry names no type');
  await expect(main).toContainText('The server has not asked anyone to sign in.');
  await expectTools(page, ['echo', 'page-8']);

  await host.stop();
  const again = await startHost(undefined, { dataDir: host.dataDir });
  await page.goto(again.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(serverEntry(page, 'open')).toContainText('running');
});

test('a server added in the form with client credentials connects on its own, with no Sign in button', async ({
  page,
  startHost,
}) => {
  const remote = await startRemote({ auth: true });
  await remote.control('preregister', { client_id: 'sb-machine', client_secret: 'cc-secret-e2e' });
  const host = await startHost({ mcpServers: {} });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add server' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('machine');
  await dialog.getByRole('radio', { name: 'Remote server (URL)' }).check();
  await dialog.getByRole('textbox', { name: 'URL' }).fill(remote.url);
  await dialog.getByRole('combobox', { name: 'How Switchboard signs in' }).selectOption('Client credentials');
  await dialog.getByRole('textbox', { name: 'Client ID' }).fill('sb-machine');
  await dialog.getByLabel('Client secret').fill('cc-secret-e2e');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const entry = serverEntry(page, 'machine');
  await expect(entry).toContainText('running');
  await entry.click();
  const main = page.getByRole('main');
  await expect(main).toContainText(
    'Signs in on its own with client credentials (a client secret), as client sb-machine',
  );
  await expect(main.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
  await expectTools(page, ['echo', 'whoami']);
  expect(page.context().pages()).toHaveLength(1);
  const stats = (await remote.stats()).auth;
  expect(stats).toMatchObject({ clientCredentialsGrants: 1, authorizePages: 0, registrations: 0 });

  const text = await readFile(host.configPath, 'utf8');
  expect(text).not.toContain('cc-secret-e2e');
  expect(JSON.parse(text).mcpServers.machine.oauth).toEqual({
    grant: 'client_credentials',
    clientId: 'sb-machine',
    clientSecret: `$${'{'}input:machine.client-secret}`,
  });
});
