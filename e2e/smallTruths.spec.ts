// What a new user meets in the first hour: runs by hand audited, a palette that reaches everything, failed starts
// that say why at once, a Run dialog that starts from the schema, and a config file that keeps its own layout.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { EVERYTHING, expect, fixture, test } from './host';

async function openServer(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name }).click();
}

test('a run from the Tools tab is in the audit log, as run by the person', async ({ page, startHost }) => {
  const host = await startHost({ mcpServers: { echo: fixture('argv-echo.mjs') } });
  await page.goto(host.url);
  await openServer(page, 'echo');
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByText('1 tool', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Run argv' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(dialog.getByRole('region', { name: 'Result' })).toContainText('[]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Permissions' }).click();
  const entry = page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('run by you from the Tools tab');
  await expect(entry).toContainText('ran');
  await expect(entry).toContainText('Not in a conversation (run from a server’s Tools tab)');
});

test('the command palette opens servers, restarts them, and reaches the dialogs and settings', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: { quick: fixture('argv-echo.mjs') } });
  await page.goto(host.url);
  // A shortcut pressed before the window shows has nothing to reach, as for a person.
  await expect(page.getByRole('tablist', { name: 'Sections' })).toBeVisible();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const command = palette.getByRole('combobox', { name: 'Command' });
  const run = async (name: string) => {
    await page.keyboard.press('ControlOrMeta+k');
    await command.fill(name);
    await palette.getByRole('option', { name, exact: true }).click();
    await expect(palette).toBeHidden();
  };

  await page.keyboard.press('ControlOrMeta+k');
  for (const name of [
    'Add server…',
    'Import from other apps…',
    'Edit config file',
    'Open server quick',
    'Restart server quick',
    'Settings: Permissions and audit log',
    'Settings: Models and providers',
    'Settings: Server registry',
  ]) {
    await expect(palette.getByRole('option', { name, exact: true })).toBeAttached();
  }
  await page.keyboard.press('Escape');

  await run('Open server quick');
  await expect(page.getByRole('heading', { name: 'quick', level: 1 })).toBeVisible();
  const pid = await page.getByText(/^pid \d+$/).textContent();
  await run('Restart server quick');
  await expect(page.getByText(/^pid \d+$/)).not.toHaveText(pid ?? '');
  await expect(page.getByRole('heading', { name: 'quick', level: 1 })).toBeVisible();

  await run('Add server…');
  await expect(page.getByRole('dialog', { name: 'Add server' })).toBeVisible();
  // Nothing typed yet: nothing is wrong yet.
  await expect(page.getByRole('list', { name: 'Problems' })).toHaveCount(0);
  await page.getByRole('dialog', { name: 'Add server' }).getByRole('button', { name: 'Cancel' }).click();

  await run('Settings: Permissions and audit log');
  await expect(page.getByRole('tab', { name: 'Permissions', selected: true })).toBeVisible();
});

test('a server that writes text that is not MCP says so at once, and a missing command is not retried', async ({
  page,
  startHost,
}) => {
  const host = await startHost({
    mcpServers: {
      'http-by-mistake': fixture('not-mcp.mjs'),
      missing: { command: 'switchboard-no-such-command-here' },
    },
  });
  expect(host.stdout()).toContain(
    'Switchboard is ready: 0 servers running; failed: http-by-mistake, missing.',
  );
  await page.goto(host.url);
  await openServer(page, 'http-by-mistake');
  // It is retried (it may work next time): shown failed, or restarting after this failure.
  const details = page.getByRole('region', { name: /^(Error|Restart) details$/ });
  await expect(details).toContainText(
    '"http-by-mistake" wrote text that is not MCP on stdout: “Server listening on http://localhost:3001”.',
  );

  await openServer(page, 'missing');
  const missing = page.getByRole('region', { name: 'Error details' });
  await expect(missing).toContainText('Could not find the command "switchboard-no-such-command-here"');
  await expect(missing).not.toContainText('Next retry');
  await expect(
    page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'missing' }),
  ).toContainText('error');
});

test('the Run dialog starts from a skeleton of the schema, and a paste then Run runs what was pasted', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: { everything: EVERYTHING } });
  await page.goto(host.url);
  await openServer(page, 'everything');
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name: 'Run echo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Edit as JSON' }).click();
  const editor = dialog.getByLabel('Arguments (JSON)');
  await expect(dialog).toContainText('"message": ""');
  await expect(dialog.getByRole('list', { name: 'Problems in the arguments' })).toHaveCount(0);

  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  // A paste and a click on Run in the same moment, before the page has drawn the pasted text.
  await editor.evaluate((box) => {
    const data = new DataTransfer();
    data.setData('text/plain', '{"message": "pasted"}');
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    const run = [...document.querySelectorAll('dialog button')].find(
      (button) => button.textContent === 'Run',
    );
    (run as HTMLButtonElement).click();
  });
  await expect(dialog.getByRole('region', { name: 'Result' })).toContainText('Echo: pasted');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test('a change made in the app keeps the layout of a hand-written config file', async ({
  page,
  startHost,
}) => {
  const one = JSON.stringify(fixture('argv-echo.mjs'));
  const written = [
    '{',
    '    "mcpServers": {',
    `        "first": ${one},`,
    `        "second": ${one}`,
    '    },',
    '    "theme": "dark"',
    '}',
    '',
  ].join('\n');
  const host = await startHost(written);
  await page.goto(host.url);
  await openServer(page, 'second');
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();
  const disabled = written.replace(
    `"second": ${one.slice(0, -1)}}`,
    `"second": ${one.slice(0, -1)}, "disabled": true}`,
  );
  expect(await readFile(host.configPath, 'utf8')).toBe(disabled);
});
