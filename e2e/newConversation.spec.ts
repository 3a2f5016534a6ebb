// Starting a conversation: an empty one is not kept, and one made while the page is busy opens, listed, with
// nothing typed left behind in the one being left.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { holdReplies } from './heldReplies';
import { expect, fixture, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { assistant, conversations, messageBox, mine, openChat, send } from './steps';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

function config() {
  return { mcpServers: { chat: fixture('chat-tools.mjs') }, models: modelsConfig(llm) };
}

test('a new conversation that never got a message is not kept', async ({ page, startHost }) => {
  const first = await startHost(config());
  await openChat(page, first);
  // A second click opens the same empty conversation: the list holds the button and one conversation.
  await conversations(page).getByRole('button', { name: 'New conversation' }).first().click();
  await expect(
    conversations(page).getByRole('button', { name: 'New conversation', exact: true }),
  ).toHaveCount(2);
  expect(await readdir(join(first.dataDir, 'conversations')).catch(() => [])).toEqual([]);
  await first.stop();

  const second = await startHost(config(), { dataDir: first.dataDir });
  await page.goto(second.url);
  await expect(conversations(page).getByText('No conversations yet.')).toBeVisible();
});

test('while a new conversation is being made, the one being left takes no text', async ({
  page,
  startHost,
}) => {
  await llm.script([{ text: 'Hello there.' }, { text: 'Lavender.' }]);
  const host = await startHost(config());
  const creating = await holdReplies(page, 'chat.create');
  await openChat(page, host);
  await send(page, 'Hi');
  await expect(assistant(page)).toContainText('Hello there.');

  creating.hold();
  await conversations(page).getByRole('button', { name: 'New conversation' }).first().click();
  await expect(messageBox(page)).not.toBeEditable();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  creating.release();
  await expect(page.getByRole('heading', { level: 1, name: 'New conversation' })).toBeVisible();
  await expect(messageBox(page)).toBeFocused();
  await send(page, 'What do bees like?');
  await expect(assistant(page)).toContainText('Lavender.');
  await expect(mine(page)).toHaveCount(1);
  await conversations(page).getByRole('button', { name: /^Hi/ }).click();
  await expect(assistant(page)).toContainText('Hello there.');
  await expect(mine(page)).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hi');
});

test('a conversation made while the list is still loading is listed and titled', async ({
  page,
  startHost,
}) => {
  const host = await startHost(config());
  // The list the page asks for first comes only after the new conversation: it was read before it.
  const listing = await holdReplies(page, 'chat.list');
  listing.hold();
  await page.goto(host.url);
  await conversations(page).getByRole('button', { name: 'New conversation' }).first().click();
  await expect(messageBox(page)).toBeEditable();
  listing.release();
  await expect(page.getByRole('heading', { level: 1, name: 'New conversation' })).toBeVisible();
  // The list holds the button and the new conversation.
  await expect(
    conversations(page).getByRole('button', { name: 'New conversation', exact: true }),
  ).toHaveCount(2);
});
