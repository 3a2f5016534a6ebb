// A model that thinks: its thinking streams into a collapsed Thinking block above the answer, with how long it took.
import { expect, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { send } from './steps';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

test('reasoning_content from an OpenAI-compatible server shows in a collapsed Thinking block above the answer', async ({
  page,
  startHost,
}) => {
  await llm.script([
    {
      reasoning: 'The person asks for a haiku about the sea. Five, seven, five syllables.',
      text: 'Waves fold into foam',
      tokensPerSecond: 200,
    },
  ]);
  const host = await startHost({ mcpServers: {}, models: modelsConfig(llm) });
  await page.goto(host.url);
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: 'New conversation' })
    .click();
  await send(page, 'A haiku about the sea, please.');

  const reply = page.getByRole('article', { name: 'Assistant' }).last();
  await expect(reply).toContainText('Waves fold into foam');
  const heading = reply.getByText(/^Thought for \d+ seconds?$/);
  await expect(heading).toBeVisible();
  const thought = reply.getByText('Five, seven, five syllables.', { exact: false });
  await expect(thought).toBeHidden();
  await heading.click();
  await expect(thought).toBeVisible();
  // The block sits above the answer.
  const [block, answer] = await Promise.all([
    heading.boundingBox(),
    reply.getByText('Waves fold into foam').boundingBox(),
  ]);
  expect(block?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(answer?.y ?? 0);
});
