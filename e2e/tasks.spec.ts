// A person runs tools that the server makes tasks: the card follows each one through a page reload to its result,
// Cancel ends another, and the Tasks list shows them with their conversations.
import type { Page } from '@playwright/test';
import { allowOnce } from './decisions';
import { expect, fixture, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { conversations, lastAssistant, openChat, send } from './steps';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

async function allow(page: Page) {
  await allowOnce(page, 'long-task');
}

test('a task keeps running through a page reload and completes with its result; another is cancelled', async ({
  page,
  startHost,
}) => {
  await llm.script([
    { match: 'first', toolCalls: [{ name: 'tasks__long-task', arguments: { label: 'the report' } }] },
    { match: 'first', text: 'The report is ready.' },
    { match: 'second', toolCalls: [{ name: 'tasks__long-task', arguments: { label: 'the other one' } }] },
    { match: 'second', text: 'That one was cancelled.' },
  ]);
  const host = await startHost({
    mcpServers: { tasks: fixture('tasks.mjs', { TASK_MS: '8000', POLL_MS: '300' }) },
    models: modelsConfig(llm),
  });
  await openChat(page, host);
  await send(page, 'first: make the report');
  await allow(page);

  const card = page.getByRole('group', { name: 'Tool call long-task' });
  await expect(card.getByRole('status')).toContainText(/Task working: Step \d+ of 10/);
  await expect(card).toContainText('running');

  await page.reload();
  await conversations(page).getByRole('button', { name: 'first: make the report', exact: true }).click();
  const reloaded = page.getByRole('group', { name: 'Tool call long-task' });
  await expect(reloaded).toContainText('running');
  await expect(reloaded.getByRole('status')).toContainText('Task working');
  await expect(reloaded).toContainText('the report finished', { timeout: 20_000 });
  await expect(reloaded.getByRole('status')).toContainText('Task completed');
  await expect(lastAssistant(page)).toContainText('The report is ready.');

  await openChat(page, host);
  await send(page, 'second: start the other one');
  await allow(page);
  const other = page.getByRole('group', { name: 'Tool call long-task' });
  await expect(other.getByRole('status')).toContainText('Task working');
  await other.getByRole('button', { name: 'Cancel task long-task' }).click();
  await expect(other).toContainText('cancelled');
  await expect(other.getByRole('status')).toContainText('Task cancelled');

  await page.getByRole('tablist', { name: 'Sections' }).getByRole('tab', { name: 'Tasks' }).click();
  const ended = page.getByRole('list', { name: 'Ended tasks' });
  await expect(ended.getByRole('listitem', { name: 'Task long-task' })).toHaveCount(2);
  await expect(ended).toContainText('completed');
  await expect(ended).toContainText('cancelled');
  await ended.getByRole('button', { name: 'Open “first: make the report”' }).click();
  await expect(page.getByRole('group', { name: 'Tool call long-task' })).toContainText('the report finished');
});
