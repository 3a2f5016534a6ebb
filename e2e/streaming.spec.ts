// A person watches a long reply stream in: its Markdown and code arrive whole, the code highlighted once finished.
import { expect, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { lastAssistant, messageBox, openChat } from './steps';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

const reply = [
  'Here is the plan.',
  '```ts\nconst first = 1;\n```',
  '- a list item\n- another one',
  '```python\ndef second():\n    return 2\n```',
  'That is all.',
].join('\n\n');

test('a streamed reply shows every block, its code highlighted', async ({ page, startHost }) => {
  await llm.script([{ text: reply, tokensPerSecond: 100 }]);
  const host = await startHost({ mcpServers: {}, models: modelsConfig(llm) });
  await openChat(page, host);
  // Sent by hand: the reply is watched from the moment Enter is pressed.
  await messageBox(page).fill('Show me code.');
  await messageBox(page).press('Enter');
  const answer = lastAssistant(page);
  await expect(answer).toHaveAttribute('aria-busy', 'true');
  await expect(answer).toContainText('That is all.');
  await expect(answer).toHaveAttribute('aria-busy', 'false');
  await expect(answer.getByRole('listitem')).toHaveText(['a list item', 'another one']);
  await expect(answer.getByText('const', { exact: true })).toHaveClass(/hljs-keyword/);
  await expect(answer.getByText('def', { exact: true })).toHaveClass(/hljs-keyword/);
  await expect(answer.getByRole('button', { name: 'Copy', exact: true })).toHaveCount(2);
});
