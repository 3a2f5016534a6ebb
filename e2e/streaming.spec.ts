// A person watches a long reply stream in: its Markdown and code arrive whole, the code highlighted once finished.
import { expect, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';

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
  await page.goto(host.url);
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: 'New conversation' })
    .click();
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Show me code.');
  await message.press('Enter');
  const answer = page.getByRole('article', { name: 'Assistant' }).last();
  await expect(answer).toHaveAttribute('aria-busy', 'true');
  await expect(answer).toContainText('That is all.');
  await expect(answer).toHaveAttribute('aria-busy', 'false');
  await expect(answer.getByRole('listitem')).toHaveText(['a list item', 'another one']);
  await expect(answer.getByText('const', { exact: true })).toHaveClass(/hljs-keyword/);
  await expect(answer.getByText('def', { exact: true })).toHaveClass(/hljs-keyword/);
  await expect(answer.getByRole('button', { name: 'Copy', exact: true })).toHaveCount(2);
});
