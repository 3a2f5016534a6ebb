// A person chats with a model that uses tools, and every call waits for their decision in its card.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { decisionOn } from './decisions';
import { expect, fixture, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { conversations, lastAssistant, mine, openChat, send } from './steps';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

function config(env: Record<string, string> = {}) {
  return { mcpServers: { chat: fixture('chat-tools.mjs', env) }, models: modelsConfig(llm) };
}

const consent = (page: Page, tool = 'greet') => decisionOn(page, tool);

test('a tool call is shown for consent, allowed once, and its result reaches the model', async ({
  page,
  startHost,
}) => {
  await llm.script([
    { toolCalls: [{ name: 'chat__greet', arguments: { name: 'Ada' } }] },
    { echoToolResults: true, prefix: 'The tool answered: ' },
  ]);
  const host = await startHost(config());
  await openChat(page, host);
  await send(page, 'Please greet Ada');

  const decision = consent(page);
  await expect(decision).toBeVisible();
  await expect(decision).toContainText('The model wants to run Greet (greet) on chat');
  await expect(decision.getByRole('definition')).toHaveText('Ada');
  await expect(page.getByRole('dialog', { name: 'Allow tool call?' })).toHaveCount(0);
  await decision.getByRole('button', { name: 'Allow once' }).click();

  const card = page.getByRole('group', { name: 'Tool call greet' });
  await expect(card).toContainText('done');
  await expect(card).toContainText('Hello, Ada!');
  await expect(lastAssistant(page)).toContainText('The tool answered: Hello, Ada!');
  await expect(decision).toBeHidden();
});

test('a denied call tells the model the person declined', async ({ page, startHost }) => {
  await llm.script([
    { toolCalls: [{ name: 'chat__greet', arguments: { name: 'Bob' } }] },
    { echoToolResults: true, prefix: 'Understood: ' },
  ]);
  const host = await startHost(config());
  await openChat(page, host);
  await send(page, 'Greet Bob');
  await consent(page).getByRole('button', { name: 'Deny' }).click();

  await expect(page.getByRole('group', { name: 'Tool call greet' })).toContainText('denied');
  await expect(lastAssistant(page)).toContainText('Understood: The person declined this tool call.');
});

test('Always allow runs the next call without asking, until the tool changes and the diff is shown', async ({
  page,
  startHost,
}) => {
  await llm.script([
    { toolCalls: [{ name: 'chat__greet', arguments: { name: 'One' } }] },
    { text: 'Greeted one.' },
    { toolCalls: [{ name: 'chat__greet', arguments: { name: 'Two' } }] },
    { text: 'Greeted two.' },
    { toolCalls: [{ name: 'chat__mutate', arguments: {} }] },
    { text: 'Changed.' },
    { toolCalls: [{ name: 'chat__greet', arguments: { name: 'Three' } }] },
    { text: 'Greeted three.' },
  ]);
  const host = await startHost(config());
  await openChat(page, host);

  await send(page, 'first');
  await consent(page).getByRole('button', { name: 'Always allow' }).click();
  await expect(lastAssistant(page)).toContainText('Greeted one.');

  await send(page, 'second');
  await expect(lastAssistant(page)).toContainText('Greeted two.');
  await expect(page.getByRole('group', { name: 'Tool call greet' }).last()).toContainText(
    'allowed by a saved permission',
  );

  await send(page, 'third');
  await consent(page, 'mutate').getByRole('button', { name: 'Allow once' }).click();
  await expect(lastAssistant(page)).toContainText('Changed.');

  await send(page, 'fourth');
  const decision = consent(page);
  await expect(decision).toContainText('What changed');
  await expect(decision).toContainText('records every name it sees');
  await decision.getByRole('button', { name: 'Allow once' }).click();
  await expect(lastAssistant(page)).toContainText('Greeted three.');
});

test('Stop during a long tool call cancels it on the server', async ({ page, startHost }, testInfo) => {
  const cancelLog = join(testInfo.outputPath(), 'cancelled.log');
  await llm.script([{ toolCalls: [{ name: 'chat__slow', arguments: { seconds: 30 } }] }, { text: 'unused' }]);
  // The server writes its cancellation where the test reads it, outside any folder a sandbox would show it.
  const host = await startHost({
    mcpServers: { chat: { ...fixture('chat-tools.mjs', { CANCEL_LOG: cancelLog }), sandbox: false } },
    models: modelsConfig(llm),
  });
  await openChat(page, host);
  await send(page, 'work slowly');
  await consent(page, 'slow').getByRole('button', { name: 'Allow once' }).click();

  const card = page.getByRole('group', { name: 'Tool call slow' });
  await expect(card).toContainText('running');
  await expect(card.getByRole('progressbar')).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();

  await expect(card).toContainText('cancelled');
  await expect.poll(() => readFile(cancelLog, 'utf8').catch(() => '')).toMatch(/^cancelled /);
});

test('a conversation is still there after the host restarts', async ({ page, startHost }) => {
  await llm.script([{ text: 'Remember the lighthouse.' }]);
  const first = await startHost(config());
  await openChat(page, first);
  await send(page, 'Tell me something to remember');
  await expect(lastAssistant(page)).toContainText('Remember the lighthouse.');
  await first.stop();

  const second = await startHost(config(), { dataDir: first.dataDir });
  await page.goto(second.url);
  await conversations(page)
    .getByRole('button', { name: /^Tell me something/ })
    .click();
  await expect(lastAssistant(page)).toContainText('Remember the lighthouse.');
  await expect(mine(page)).toContainText('Tell me something to remember');
});

test('a refused API key is explained in plain words', async ({ page, startHost }) => {
  await llm.script([{ status: 401, message: 'Incorrect API key provided' }]);
  const host = await startHost(config());
  await openChat(page, host);
  await send(page, 'hello');
  await expect(lastAssistant(page).getByRole('alert')).toContainText('Check the key');
});

test('a conversation is renamed in place and found by its new title', async ({ page, startHost }) => {
  const host = await startHost(config());
  await openChat(page, host);
  const list = conversations(page);
  await list.getByRole('button', { name: 'Rename' }).first().click();
  const title = list.getByRole('textbox', { name: 'Conversation title' });
  await title.fill('Harbour plans');
  await title.press('Enter');
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('harbour');
  await expect(list.getByRole('button', { name: 'Harbour plans', exact: true })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Rename Harbour plans' })).toBeVisible();
});
