// A second bundle with the same name and version as an approved, running one: it gets a folder of its own, the
// first one's code is untouched, and it runs only once the person approves it.
import { createHash } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { ServerView } from '../src/shared/types';
import { echoBundle } from '../test/bundles/bundleBuilder';
import { expect, type RunningHost, test } from './host';
import { invoke } from './hostApi';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The working directory of the server `name`: the folder its bundle was installed into. */
function cwdOf(views: ServerView[], name: string): string {
  const entry = views.find((view) => view.name === name)?.entry;
  if (!entry || !('command' in entry) || !entry.cwd) throw new Error(`${name} has no working directory`);
  return entry.cwd;
}

/** Open bundle… → the path → its form → a token → Add for approval; leaves the approval dialog open. */
async function openAndAdd(page: Page, file: string): Promise<void> {
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page
    .getByRole('navigation', { name: 'Servers' })
    .getByRole('button', { name: 'Open bundle…' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Open bundle' });
  await dialog.getByRole('textbox', { name: 'Path of the .mcpb file' }).fill(file);
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  const form = dialog.getByRole('region', { name: 'Bundle Hello bundle' });
  await form.getByLabel('Token (required)').fill('a-token');
  await form.getByRole('button', { name: 'Add for approval' }).click();
}

async function closeOpenBundle(page: Page): Promise<void> {
  await page.getByRole('dialog', { name: 'Open bundle' }).getByRole('button', { name: 'Done' }).click();
}

/** The marker the server `name` answers with: which bundle's code it runs. */
async function codeOf(host: RunningHost, name: string): Promise<string | undefined> {
  const result = await invoke(host, 'tools.call', { server: name, tool: 'argv', args: {} });
  const [first] = result.content;
  const argv = JSON.parse(first?.type === 'text' ? first.text : '[]') as string[];
  return argv.at(-1);
}

test('a second bundle of the same name and version leaves the approved one’s code alone and waits for its own approval', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: {} });
  const first = echoBundle('code A');
  const second = echoBundle('code B');
  await writeFile(join(host.dataDir, 'a.mcpb'), first);
  await writeFile(join(host.dataDir, 'b.mcpb'), second);
  const servers = page.getByRole('navigation', { name: 'Servers' });
  await page.goto(host.url);

  await openAndAdd(page, join(host.dataDir, 'a.mcpb'));
  const approveA = page.getByRole('dialog', { name: 'Run Hello bundle?' });
  await approveA.getByRole('button', { name: 'Approve and start' }).click();
  await closeOpenBundle(page);
  await expect(servers.getByRole('button', { name: 'Hello bundle', exact: true })).toContainText('running');
  expect(await codeOf(host, 'Hello bundle')).toBe('code A');
  const folderA = cwdOf(await invoke(host, 'servers.list', {}), 'Hello bundle');
  const codeA = join(folderA, 'server', 'index.mjs');
  const before = { text: await readFile(codeA, 'utf8'), inode: (await stat(codeA)).ino };

  await openAndAdd(page, join(host.dataDir, 'b.mcpb'));
  const approveB = page.getByRole('dialog', { name: 'Run Hello bundle-2?' });
  await expect(approveB).toContainText('is a new server');
  // Nothing of A changed, A still runs A's code after a restart, and B has not run.
  expect(await readFile(codeA, 'utf8')).toBe(before.text);
  expect((await stat(codeA)).ino).toBe(before.inode);
  await invoke(host, 'servers.restart', { server: 'Hello bundle' });
  await expect(servers.getByRole('button', { name: 'Hello bundle', exact: true })).toContainText('running');
  expect(await codeOf(host, 'Hello bundle')).toBe('code A');
  const listed = await invoke(host, 'servers.list', {});
  expect(listed.find((view) => view.name === 'Hello bundle-2')).toMatchObject({
    approval: 'waiting',
    state: { kind: 'stopped' },
  });

  // The dialog shows B's own folder, named by B's hash, not A's.
  const folderB = cwdOf(listed, 'Hello bundle-2');
  expect(folderB).not.toBe(folderA);
  expect(folderA).toBe(join(host.dataDir, 'bundles', 'hello-bundle', `1.0.0+${sha256(first)}`));
  expect(folderB).toBe(join(host.dataDir, 'bundles', 'hello-bundle', `1.0.0+${sha256(second)}`));
  const argv = approveB.getByRole('figure', { name: 'Command line' });
  await expect(argv).toContainText(join(folderB, 'server', 'index.mjs'));
  await expect(argv).not.toContainText(folderA);
  await expect(approveB).toContainText(folderB);
  expect(await readFile(join(folderB, 'server', 'index.mjs'), 'utf8')).toContain('code B');

  await approveB.getByRole('button', { name: 'Approve and start' }).click();
  await closeOpenBundle(page);
  await expect(servers.getByRole('button', { name: 'Hello bundle-2', exact: true })).toContainText('running');
  expect(await codeOf(host, 'Hello bundle-2')).toBe('code B');
  expect(await codeOf(host, 'Hello bundle')).toBe('code A');
});
