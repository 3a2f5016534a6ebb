// A person adds servers in the form: a pasted mcpServers block adds every server in it; a secret value stays out of config.json.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, fixture, test } from './host';

/** Pastes `text` into the focused field as a person's Ctrl+V would deliver it. */
async function paste(page: Page, text: string): Promise<void> {
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

test('pasting an mcpServers block from a README adds every server in it', async ({ page, startHost }) => {
  const host = await startHost({ mcpServers: {} });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add server' });
  await dialog.getByRole('textbox', { name: 'Name' }).focus();
  const block = JSON.stringify(
    { mcpServers: { tidy: fixture('changing.mjs'), echo: fixture('env-echo.mjs', { GREETING: 'hello' }) } },
    null,
    2,
  );
  await paste(page, block);

  const listed = dialog.getByRole('region', { name: 'Servers to add' });
  await expect(listed).toContainText('This block holds 2 servers');
  await expect(listed).toContainText('tidy');
  await expect(listed).toContainText('echo');
  await dialog.getByRole('button', { name: 'Add 2 servers' }).click();
  await expect(dialog).toHaveCount(0);

  const servers = page.getByRole('navigation', { name: 'Servers' });
  await expect(servers.getByRole('button', { name: 'tidy' })).toContainText('running');
  await expect(servers.getByRole('button', { name: 'echo' })).toContainText('running');
  const file = JSON.parse(await readFile(host.configPath, 'utf8'));
  expect(Object.keys(file.mcpServers)).toEqual(['tidy', 'echo']);
  expect(file.mcpServers.echo.env).toEqual({ GREETING: 'hello' });
});

test('a block pasted into the JSON view adds every server too', async ({ page, context, startHost }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const host = await startHost({ mcpServers: {} });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add server' });
  await dialog.getByRole('button', { name: 'Edit as JSON' }).click();
  const editor = dialog.getByLabel('Server entry JSON');
  await expect(editor).toBeVisible();
  await editor.focus();
  // One entry pasted into the JSON view stays there as text.
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate((text) => navigator.clipboard.writeText(text), '{ "command": "pasted-program-name" }');
  await page.keyboard.press('ControlOrMeta+V');
  await expect(dialog).toContainText('pasted-program-name');
  await page.keyboard.press('ControlOrMeta+A');
  const block = JSON.stringify({
    mcpServers: { one: fixture('changing.mjs'), two: fixture('changing.mjs') },
  });
  await page.evaluate((text) => navigator.clipboard.writeText(text), block);
  await page.keyboard.press('ControlOrMeta+V');
  await expect(dialog.getByRole('region', { name: 'Servers to add' })).toContainText(
    'This block holds 2 servers',
  );
  await dialog.getByRole('button', { name: 'Add 2 servers' }).click();
  await expect(dialog).toHaveCount(0);
  const servers = page.getByRole('navigation', { name: 'Servers' });
  await expect(servers.getByRole('button', { name: 'one' })).toContainText('running');
  await expect(servers.getByRole('button', { name: 'two' })).toContainText('running');
});

test('a pasted block whose server already exists is not added, and the clash is named', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: { tidy: fixture('changing.mjs') } });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add server' });
  await dialog.getByRole('textbox', { name: 'Command' }).focus();
  await paste(
    page,
    JSON.stringify({ mcpServers: { tidy: fixture('changing.mjs'), other: fixture('changing.mjs') } }),
  );
  await expect(dialog.getByRole('list', { name: 'Problems of tidy' })).toContainText(
    'A server named "tidy" already exists.',
  );
  await expect(dialog.getByRole('button', { name: 'Add 2 servers' })).toBeDisabled();
});

test('a server added in the form gets its secret value when it starts; config.json holds only a reference', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: {} });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add server' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('echo');
  await dialog.getByRole('textbox', { name: 'Command' }).fill(process.execPath);
  await dialog.getByRole('button', { name: 'Add argument' }).click();
  await dialog.getByRole('textbox', { name: 'Argument 1' }).fill(resolve('test/fixtures/env-echo.mjs'));
  await dialog.getByRole('button', { name: 'Add variable' }).click();
  await dialog.getByRole('textbox', { name: 'Name of variable 1' }).fill('API_TOKEN');
  await dialog.getByRole('checkbox', { name: 'Keep API_TOKEN secret' }).check();
  await dialog.getByLabel('Value of API_TOKEN').fill('sk-live-0123456789');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  const main = page.getByRole('main');
  await expect(
    page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'echo' }),
  ).toContainText('running');
  await page.getByRole('tab', { name: 'Tools' }).click();
  await main.getByRole('button', { name: 'Run env' }).click();
  const run = page.getByRole('dialog');
  await run.getByLabel(/name/).fill('API_TOKEN');
  await run.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(run.getByRole('region', { name: 'Result' })).toContainText('sk-live-0123456789');
  await run.getByRole('button', { name: 'Close' }).first().click();

  const text = await readFile(host.configPath, 'utf8');
  expect(text).not.toContain('sk-live-0123456789');
  expect(JSON.parse(text).mcpServers.echo.env).toEqual({ API_TOKEN: `$${'{'}input:echo.API_TOKEN}` });

  await main.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit server' });
  const value = edit.getByLabel('Value of API_TOKEN');
  await expect(value).toHaveValue('');
  await expect(value).toHaveAttribute('placeholder', 'Stored — type to replace');
  await expect(edit.getByRole('checkbox', { name: 'Keep API_TOKEN secret' })).toBeChecked();
  await edit.getByRole('button', { name: 'Edit as JSON' }).click();
  await expect(edit).toContainText('input:echo.API_TOKEN');
  await expect(edit).not.toContainText('sk-live');
});
