// A long conversation in a small window is compacted once: the divider says so, shows what the model now sees, and Undo takes it back.
import { expect, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { lastAssistant, send } from './steps';

const SUMMARY_REQUEST = 'Summarise this part of the conversation:';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

const paragraph = (word: string) => `${word} `.repeat(150).trim();
const summaries = (text: string) => Array.from({ length: 4 }, () => ({ match: SUMMARY_REQUEST, text }));

test('a conversation past a small window is compacted once, shows what the model sees, and Undo restores the view', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: {}, models: modelsConfig(llm) });
  await page.goto(host.url);

  // Settings → Models: this model's window is 1,000 tokens.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Models' }).click();
  await page.getByRole('textbox', { name: 'Context window (tokens)' }).fill('1000');
  await page.getByRole('button', { name: 'Save model settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  await llm.script([
    { text: paragraph('alpha') },
    { text: paragraph('beta') },
    { text: 'Third answer.' },
    ...summaries('SUMMARY: the person wrote one and two; the model answered alpha and beta.'),
  ]);
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: 'New conversation' })
    .click();
  await send(page, paragraph('one'));
  await expect(lastAssistant(page)).toContainText('alpha alpha');
  await send(page, paragraph('two'));
  await expect(lastAssistant(page)).toContainText('beta beta');
  await expect(page.getByRole('group', { name: /^Compacted/ })).toHaveCount(0);
  await send(page, paragraph('three'));
  await expect(lastAssistant(page)).toContainText('Third answer.');

  const divider = page.getByRole('group', { name: 'Compacted 4 messages' });
  await expect(divider).toBeVisible();
  await divider.getByRole('button', { name: 'Show what the model now sees' }).click();
  const seen = page.getByRole('region', { name: 'What the model now sees' });
  await expect(seen).toContainText('Earlier in this conversation (4 messages');
  await expect(seen).toContainText('SUMMARY: the person wrote one and two');
  // Every message is still shown.
  await expect(page.getByRole('article', { name: 'You' })).toHaveCount(3);

  // The model's last request began with the summary, and fits the window.
  const sent = (await llm.requests()) as { messages: { role: string; content: unknown }[] }[];
  const last = sent.at(-1);
  expect(String(last?.messages[0]?.content)).toContain('SUMMARY: the person wrote one and two');
  expect(JSON.stringify(last?.messages).length / 4).toBeLessThan(1000);

  await divider.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('group', { name: /^Compacted/ })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'You' })).toHaveCount(3);
});

test('Compact now summarises all but the last exchange', async ({ page, startHost }) => {
  const host = await startHost({ mcpServers: {}, models: modelsConfig(llm) });
  await page.goto(host.url);
  await llm.script([{ text: 'First.' }, { text: 'Second.' }, ...summaries('SUMMARY: a first exchange.')]);
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: 'New conversation' })
    .click();
  await send(page, 'Question one');
  await expect(lastAssistant(page)).toContainText('First.');
  await page.getByRole('button', { name: 'Compact now' }).click();
  await expect(page.getByRole('alert')).toContainText('There is nothing older to summarise yet');
  await send(page, 'Question two');
  await expect(lastAssistant(page)).toContainText('Second.');
  await page.getByRole('button', { name: 'Compact now' }).click();
  await expect(page.getByRole('group', { name: 'Compacted 2 messages' })).toBeVisible();
});
