// A view's files (`ui/download-file`): the person sees each file's name, type and size, and nothing is downloaded without their yes.
import { readFile } from 'node:fs/promises';
import type { FrameLocator, Page } from '@playwright/test';
import { expect, fixture, test } from './host';
import { invoke } from './hostApi';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { openChat, send } from './steps';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

function notesView(page: Page): FrameLocator {
  return page
    .getByRole('group', { name: 'Tool call show_notes' })
    .getByTitle('View of show_notes (extras)')
    .contentFrame()
    .getByTitle('App view')
    .contentFrame();
}

test("a view's file is saved only after the person sees it and says yes; bad offers are refused with the reason", async ({
  page,
  startHost,
}) => {
  await llm.script([
    { toolCalls: [{ name: 'extras__show_notes', arguments: {} }] },
    { text: 'Your notes are shown.' },
  ]);
  const host = await startHost({
    mcpServers: { extras: fixture('app-extras.mjs') },
    models: modelsConfig(llm),
  });
  await openChat(page, host);
  const downloads: string[] = [];
  page.on('download', (download) => downloads.push(download.suggestedFilename()));
  await send(page, 'Show my notes');
  await page
    .getByRole('group', { name: 'Tool call show_notes' })
    .getByRole('region', { name: 'Decision on show_notes' })
    .getByRole('button', { name: 'Allow once' })
    .click();
  const view = notesView(page);
  await expect(view.getByText('first note')).toBeVisible();

  // The person sees what is offered, and says no: nothing is downloaded and the view hears it was not saved.
  await view.getByRole('button', { name: 'Export notes' }).dispatchEvent('click');
  const dialog = page.getByRole('dialog', { name: 'Save file?' });
  await expect(dialog).toContainText('The view of show_notes (extras) offers to save');
  await expect(dialog.getByRole('list', { name: 'Files offered' })).toHaveText(
    'notes.txt · text/plain · 10 bytes',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(view.getByText('Export notes: not saved')).toBeVisible();
  expect(downloads).toEqual([]);

  // A hostile name is made safe before the person sees it, and the same safe name is the download's.
  await view.getByRole('button', { name: 'Export tricky name' }).dispatchEvent('click');
  await expect(dialog.getByRole('list', { name: 'Files offered' })).toHaveText(
    '_.._.bashrc_txt.exe · text/bplain/b · 7 bytes',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(view.getByText('Export tricky: not saved')).toBeVisible();
  expect(downloads).toEqual([]);

  // Too large, or a link to fetch: refused without asking, with the reason for the person and the view.
  await view.getByRole('button', { name: 'Export too much' }).dispatchEvent('click');
  await expect(page.getByText(/offered a file that was not saved: .*more than 10 MB/)).toBeVisible();
  await expect(view.getByText(/Export huge: refused \(.*more than 10 MB/)).toBeVisible();
  await view.getByRole('button', { name: 'Export a link' }).dispatchEvent('click');
  await expect(view.getByText(/Export link: refused \(.*fetches no link for a view/)).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(downloads).toEqual([]);

  // The person says yes: the file is downloaded with the bytes the view sent, and the server's log says so.
  await view.getByRole('button', { name: 'Export notes' }).dispatchEvent('click');
  const downloaded = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('notes.txt');
  expect(await readFile((await download.path()) ?? '', 'utf8')).toBe('first note');
  await expect(view.getByText('Export notes: saved')).toBeVisible();
  expect(downloads).toEqual(['notes.txt']);
  await expect
    .poll(async () => (await invoke(host, 'servers.logs', { server: 'extras' })).map((entry) => entry.text))
    .toContain('A file from the view of show_notes, "notes.txt" (10 bytes), was downloaded.');
});
