// What a person sees when a server fails under them: a run that loses its server, a long run, a restart's reason.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { processesWith, programsWith, uniqueToken, until } from '../test/helpers';
import { expect, fixture, test } from './host';
import { invoke } from './hostApi';

async function openRunDialog(page: import('@playwright/test').Page, server: string, tool: string) {
  await page.getByRole('tab', { name: 'Servers' }).click();
  const entry = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: server });
  await expect(entry).toContainText('running');
  await entry.click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name: `Run ${tool}` }).click();
  return page.getByRole('dialog');
}

test('a server killed during a run shows why the call failed, in the Run dialog', async ({
  page,
  startHost,
}) => {
  const host = await startHost(
    { mcpServers: { worker: fixture('chat-tools.mjs') } },
    { env: { SWITCHBOARD_RESTART_BACKOFF_MS: '600000' } },
  );
  await page.goto(host.url);
  const dialog = await openRunDialog(page, 'worker', 'slow');
  await dialog.getByLabel(/seconds/).fill('30');
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Running…');

  const [view] = await invoke(host, 'servers.list', {});
  process.kill(view!.pid!, 'SIGKILL');

  await expect(dialog.getByRole('alert')).toContainText(
    'The call did not finish: "worker" was ended by SIGKILL.',
  );
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  await expect(dialog.getByText('Start the server to run its tools.')).toBeVisible();
});

test('a long run shows its progress and Cancel tells the server to stop', async ({ page, startHost }) => {
  const host = await startHost({ mcpServers: {} });
  const log = join(host.dataDir, 'cancelled.log');
  await invoke(host, 'config.putServer', {
    name: 'worker',
    // It writes its cancellation into the data folder, which a sandbox would hide from it.
    entry: { ...fixture('chat-tools.mjs', { CANCEL_LOG: log }), sandbox: false },
  });
  await page.goto(host.url);
  const dialog = await openRunDialog(page, 'worker', 'slow');
  await dialog.getByLabel(/seconds/).fill('30');
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  const bar = dialog.getByRole('progressbar', { name: 'Progress' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('max', '150');
  await expect(dialog).toContainText(/step \d+ of 150/);

  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Cancelled. The server was told to stop.');
  await expect(bar).toHaveCount(0);
  await expect.poll(() => existsSync(log) && readFileSync(log, 'utf8')).toMatch(/^cancelled \d+$/m);
});

test('a server that failed and now hangs while restarting shows the reason of the failure', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: {} });
  await invoke(host, 'config.putServer', {
    name: 'stuck',
    // Unsandboxed: it counts its starts in a file of the data folder, which no sandbox shows it.
    entry: {
      ...fixture('fail-then-hang.mjs', { START_COUNT_FILE: join(host.dataDir, 'starts') }),
      sandbox: false,
    },
  });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  const entry = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'stuck' });
  await entry.click();
  await expect(entry).toContainText('restarting');
  const header = page.getByRole('main').getByRole('region', { name: 'Restart details' });
  await expect(header).toContainText('Restarting, attempt 2.');
  await expect(header).toContainText('"stuck" exited with code 3.');
  await expect(header).toContainText('fatal: the settings file is missing');
});

test('editing a running server’s entry restarts it once, and no extra process outlives the host', async ({
  page,
  startHost,
}) => {
  const token = uniqueToken('e2e-edit');
  const entry = { ...fixture('changing.mjs'), args: [...fixture('changing.mjs').args, token] };
  const host = await startHost({ mcpServers: { edited: entry } });
  try {
    await page.goto(host.url);
    await page.getByRole('tab', { name: 'Servers' }).click();
    const item = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'edited' });
    await expect(item).toContainText('running');
    await item.click();
    await page.getByRole('main').getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit server' });
    await dialog.getByRole('button', { name: 'Edit as JSON' }).click();
    const editor = dialog.getByLabel('Server entry JSON');
    await expect(editor).toBeVisible();
    await editor.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(JSON.stringify({ ...entry, env: { CHANGED: '1' } }, null, 2));
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toHaveCount(0);

    await expect
      .poll(async () => (await invoke(host, 'servers.list', {}))[0]?.entry)
      .toMatchObject({
        env: { CHANGED: '1' },
      });
    await expect(item).toContainText('running');
    // One server program (sandboxed, inside the processes of its sandbox).
    await expect.poll(() => programsWith(token)).toHaveLength(1);
  } finally {
    await host.stop();
  }
  await until('no server process after the host stopped', () => processesWith(token).length === 0, 5000);
});
