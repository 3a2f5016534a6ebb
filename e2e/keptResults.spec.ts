// A tool result too long for the model at once: its card says what the model was given, Show all reads the whole from
// the host's disk, and the model's read_result shows as a small card of its own.
import { decisionOn } from './decisions';
import { expect, fixture, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { send } from './steps';

const CHARS = 300_000;
let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

test('a long result’s card says what the model was given, and the model reads on without asking', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: { bench: fixture('sized.mjs') }, models: modelsConfig(llm) });
  await page.goto(host.url);
  await llm.script([
    { toolCalls: [{ name: 'bench__numbered', arguments: { chars: CHARS } }] },
    { text: 'It is long.' },
  ]);
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: 'New conversation' })
    .click();
  await send(page, 'Read the log.');
  await decisionOn(page, 'numbered').getByRole('button', { name: 'Allow once' }).click();
  const card = page.getByRole('group', { name: 'Tool call numbered' });
  await expect(page.getByRole('article', { name: 'Assistant' }).last()).toContainText('It is long.');
  const note = card.getByText(
    /^The model was given the first 100,000 of 300,000 characters; it reads the rest as r-/,
  );
  await expect(note).toBeVisible();
  await note.click();
  await expect(
    card.getByText(
      /call switchboard__read_result with \{"id":"r-[A-Za-z0-9_-]+","offset":100000,"length":100000\}/,
    ),
  ).toBeVisible();
  // The person sees the whole: Show all reads it from the host's disk.
  await card.getByRole('button', { name: 'Show all of the result text' }).click();
  await expect(card.getByText(/^All \d/)).toBeVisible();

  // The model asked for a piece in the middle: the host answered at once, in a small card.
  const sent = (await llm.requests()) as { messages: { role: string; content: unknown }[] }[];
  const id = /as \\"(r-[A-Za-z0-9_-]+)\\"/.exec(JSON.stringify(sent.at(-1)?.messages))?.[1];
  await llm.script([
    { toolCalls: [{ name: 'switchboard__read_result', arguments: { id, offset: 150_000, length: 40 } }] },
    { text: 'Read.' },
  ]);
  await send(page, 'Read the middle.');
  await expect(page.getByRole('article', { name: 'Assistant' }).last()).toContainText('Read.');
  const read = page.getByRole('group', { name: 'Read a kept result' });
  await expect(read).toContainText(
    `${id}: characters 150,000 to 150,039 of 300,000; the next offset is 150040`,
  );
  await expect(page.getByRole('dialog', { name: 'Allow tool call?' })).toHaveCount(0);
});
