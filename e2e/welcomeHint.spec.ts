// The welcome's /review-file hint: it offers Add folder while no folder is shared, and goes once used.
import { mkdtemp, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { lastAssistant, send } from './steps';

let llm: LlmFixture;
test.beforeAll(async () => {
  llm = await startLlm();
});
test.afterAll(async () => {
  await llm.close();
});

test('the /review-file hint offers Add folder without a folder, and clears once a message is sent', async ({
  page,
  startHost,
}) => {
  const folder = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-hint-')));
  await writeFile(join(folder, 'notes.md'), '# Notes\n');
  const host = await startHost({
    mcpServers: { workspace: { command: 'builtin:workspace' } },
    models: modelsConfig(llm),
  });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Try /review-file' }).click();

  const hint = page.getByRole('note').filter({ hasText: 'Type /review-file' });
  await expect(hint).toContainText('No folders are shared yet, so there is no file to review.');
  await hint.getByRole('button', { name: 'Add folder' }).click();
  const browser = page.getByRole('dialog', { name: 'Choose a folder' });
  await browser.getByRole('textbox', { name: 'Path' }).fill(folder);
  await browser.getByRole('textbox', { name: 'Path' }).press('Enter');
  await browser.getByRole('button', { name: 'Add this folder' }).click();
  await page
    .getByRole('dialog', { name: 'Share these folders with workspace?' })
    .getByRole('button', { name: 'Share', exact: true })
    .click();
  await expect(hint).not.toContainText('No folders are shared yet');

  await llm.script([{ text: 'Looks fine.' }]);
  await send(page, 'Hello');
  await expect(lastAssistant(page)).toContainText('Looks fine.');
  await expect(hint).toHaveCount(0);
});
