// The usual filesystem set-up, its folder given as an argument: the write card and the server's Overview offer to share it, and one click brings the diff.
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './host';
import { invoke } from './hostApi';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { officialServer, toolCard } from './officialServers';
import { lastAssistant, openChat, send } from './steps';

let llm: LlmFixture;
let folder: string;
test.beforeAll(async () => {
  llm = await startLlm();
});
test.afterAll(async () => {
  await llm.close();
});
test.beforeEach(async () => {
  folder = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-files-')));
  await writeFile(join(folder, 'notes.txt'), 'first line\nold line\n');
});
test.afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** The official filesystem server, as its README starts it: the folder it may use as its argument. */
const config = () => ({
  mcpServers: { files: officialServer('filesystem', folder) },
  models: modelsConfig(llm),
});

test('the write card offers the folder the server was given, and one click shows the diff', async ({
  page,
  startHost,
}) => {
  const notes = join(folder, 'notes.txt');
  await llm.script([
    {
      toolCalls: [
        { name: 'files__write_file', arguments: { path: notes, content: 'first line\nnew line\n' } },
      ],
    },
    { text: 'Written.' },
  ]);
  const host = await startHost(config());
  await openChat(page, host);
  await send(page, 'Change my notes');

  // Nothing is shared yet: the card says why there is no diff and how to get one, and offers the folder.
  const file = toolCard(page, 'write_file').getByRole('region', { name: 'The file it writes' });
  await expect(file).toContainText('No folders are shared with this server');
  await expect(file).toContainText('Share the folder it works in (Roots) to see what the call changes.');
  const offer = file.getByRole('note');
  await expect(offer).toContainText('files was given this folder in its arguments');
  await offer.getByRole('button', { name: `Share ${folder}` }).click();

  // One click: the folder is shared with this server only, and the diff appears.
  await expect(file).toContainText(`Replaces 1 line of 2 in ${notes}, with 1 new line.`);
  const diff = file.getByRole('figure', { name: 'The file now and after the call' });
  await expect(diff).toContainText('removed: old line');
  await expect(diff).toContainText('added: new line');
  await expect(file.getByRole('note')).toHaveCount(0);
  const roots = await invoke(host, 'roots.get', {});
  expect(roots.roots.map((root) => root.path)).toEqual([folder]);
  expect(roots.servers.files).toEqual({ mode: 'subset', uris: [roots.roots[0]?.uri], confirmed: true });

  // The server still writes where it was told to.
  await toolCard(page, 'write_file').getByRole('button', { name: 'Allow once' }).click();
  await expect(lastAssistant(page)).toContainText('Written.');
  expect(await readFile(notes, 'utf8')).toBe('first line\nnew line\n');
});

test("the server's Overview offers the folders its arguments name until they are shared", async ({
  page,
  startHost,
}) => {
  const host = await startHost(config());
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  const entry = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /files/ });
  await expect(entry).toContainText('running');
  await entry.click();
  const offer = page.getByRole('note').filter({ hasText: 'files was given this folder in its arguments' });
  await expect(offer).toContainText(folder);
  await offer.getByRole('button', { name: `Share ${folder}` }).click();
  await expect(offer).toHaveCount(0);
  await expect.poll(async () => (await invoke(host, 'roots.get', {})).servers.files?.confirmed).toBe(true);
});
