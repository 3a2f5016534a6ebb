// A person shares folders: the workspace server sees exactly them, and a server can be limited to some.
import { mkdir, mkdtemp, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EVERYTHING, expect, test } from './host';
import { invoke } from './hostApi';
import { messageBox, newConversation } from './steps';

async function folderWith(files: Record<string, string>): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-root-')));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

test('a folder added through the folder browser is shared with the workspace server', async ({
  page,
  startHost,
}) => {
  const folder = await folderWith({ 'notes.md': '# Notes\n', 'src/app.ts': 'export const app = 1;\n' });
  const host = await startHost({ mcpServers: { workspace: { command: 'builtin:workspace' } } });
  await page.goto(host.url);

  await page.getByRole('tab', { name: 'Roots' }).first().click();
  await page.getByRole('region', { name: 'Roots' }).getByRole('button', { name: 'Add folder' }).click();
  const browser = page.getByRole('dialog', { name: 'Choose a folder' });
  const path = browser.getByRole('textbox', { name: 'Path' });
  await path.fill(folder);
  await path.press('Enter');
  await browser.getByRole('button', { name: 'Add this folder' }).click();

  const share = page.getByRole('dialog', { name: 'Share these folders with workspace?' });
  await expect(share).toContainText(folder);
  await share.getByRole('button', { name: 'Share', exact: true }).click();

  await page.getByRole('tab', { name: 'Resources' }).first().click();
  const tree = page.getByRole('tree');
  await page.getByRole('searchbox', { name: 'Filter resources' }).fill('notes');
  await expect(tree.getByRole('treeitem', { name: /notes\.md/ })).toBeVisible();

  await page.getByRole('tab', { name: 'Chat' }).click();
  await newConversation(page);
  const message = messageBox(page);
  await message.fill('/review');
  await page
    .getByRole('listbox', { name: 'Prompts' })
    .getByRole('option', { name: /review/i })
    .first()
    .click();
  const form = page.getByRole('dialog', { name: 'Review a file' });
  const field = form.getByRole('combobox', { name: /path/i });
  await field.fill('not');
  await expect(form.getByRole('listbox').getByRole('option', { name: /notes\.md/ })).toBeVisible();
});

test('a server limited to one of two folders sees only that one', async ({ page, startHost }) => {
  const kept = await folderWith({ 'kept.txt': 'kept' });
  const hidden = await folderWith({ 'hidden.txt': 'hidden' });
  const host = await startHost({ mcpServers: { everything: EVERYTHING } });
  await page.goto(host.url);
  await invoke(host, 'roots.add', { path: kept, name: 'kept' });
  await invoke(host, 'roots.add', { path: hidden, name: 'hidden' });
  await page
    .getByRole('dialog', { name: 'Share these folders with everything?' })
    .getByRole('button', { name: 'Share', exact: true })
    .click();

  await page.getByRole('tab', { name: 'Servers' }).click();
  await page
    .getByRole('navigation', { name: 'Servers' })
    .getByRole('button', { name: /everything/ })
    .click();
  await page
    .getByRole('tablist', { name: 'everything sections' })
    .getByRole('tab', { name: 'Roots' })
    .click();
  await page.getByRole('radio', { name: /Only the folders ticked below/ }).check();
  await page.getByRole('checkbox', { name: 'hidden' }).uncheck();
  await expect(page.getByText('This server sees: 1 of 2 folders')).toBeVisible();

  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name: 'Run get-roots-list' }).click();
  const dialog = page.getByRole('dialog', { name: /Get Roots List|get-roots-list/ });
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  const result = dialog.getByRole('region', { name: 'Result' });
  await expect(result).toContainText(pathToFileURL(kept).href);
  await expect(result).not.toContainText(pathToFileURL(hidden).href);
});

test('a first run starts with the workspace server and a welcome that adds a folder', async ({
  page,
  startHost,
}) => {
  const folder = await folderWith({ 'readme.txt': 'hello\n' });
  const host = await startHost(undefined);
  await page.goto(host.url);
  await expect(page.getByRole('heading', { name: 'Welcome to Switchboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Add folder' }).first().click();
  const browser = page.getByRole('dialog', { name: 'Choose a folder' });
  await browser.getByRole('textbox', { name: 'Path' }).fill(folder);
  await browser.getByRole('textbox', { name: 'Path' }).press('Enter');
  await browser.getByRole('button', { name: 'Add this folder' }).click();
  await page
    .getByRole('dialog', { name: 'Share these folders with workspace?' })
    .getByRole('button', { name: 'Share', exact: true })
    .click();

  await page.getByRole('tab', { name: 'Resources' }).first().click();
  await page.getByRole('searchbox', { name: 'Filter resources' }).fill('readme');
  await expect(page.getByRole('tree').getByRole('treeitem', { name: /readme\.txt/ })).toBeVisible();
});

test('a shared folder is renamed in place', async ({ page, startHost }) => {
  const folder = await folderWith({ 'a.txt': 'a' });
  const host = await startHost({ mcpServers: {} });
  await invoke(host, 'roots.add', { path: folder, name: 'before' });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Roots' }).first().click();
  const region = page.getByRole('region', { name: 'Roots' });
  await region.getByRole('button', { name: 'Rename before' }).click();
  const name = region.getByRole('textbox', { name: 'Display name' });
  await name.fill('after');
  await name.press('Enter');
  await expect(region.getByRole('button', { name: 'Rename after' })).toBeVisible();
  expect((await invoke(host, 'roots.get', {})).roots.map((root) => root.name)).toEqual(['after']);
});

test('servers asking at once get one question; a folder added later reaches no one without the person', async ({
  page,
  startHost,
}) => {
  const first = await folderWith({ 'a.txt': 'a' });
  const later = await folderWith({ 'b.txt': 'b' });
  const host = await startHost({ mcpServers: { one: EVERYTHING, two: EVERYTHING } });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  const servers = page.getByRole('navigation', { name: 'Servers' });
  await expect(servers.getByRole('button', { name: 'one' })).toContainText('running');
  await expect(servers.getByRole('button', { name: 'two' })).toContainText('running');
  await page.getByRole('tab', { name: 'Roots' }).first().click();

  await invoke(host, 'roots.add', { path: first, name: 'first' });
  const share = page.getByRole('dialog', { name: 'Share these folders?' });
  await expect(share.getByRole('checkbox', { name: 'Share with one' })).toBeChecked();
  await share.getByRole('checkbox', { name: 'Share with two' }).uncheck();
  await share.getByRole('button', { name: 'Share with 1' }).click();
  await expect(share).toHaveCount(0);

  const region = page.getByRole('region', { name: 'Roots' });
  const rows = region.getByRole('list', { name: 'Shared folders' }).getByRole('listitem');
  await expect(rows.filter({ hasText: 'first' })).toContainText('Seen by one.');

  await invoke(host, 'roots.add', { path: later, name: 'later' });
  await expect(rows.filter({ hasText: 'later' })).toContainText('No server sees this folder.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const roots = await invoke(host, 'roots.get', {});
  expect(roots.servers.one).toMatchObject({ confirmed: true, mode: 'subset' });
  expect(roots.servers.two).toMatchObject({ confirmed: false });
});
