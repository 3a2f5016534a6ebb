// Tools a view offers the model: offered only while the view is open, under a name no server's tool can take, each call asked of the person.
import type { FrameLocator, Page } from '@playwright/test';
import { expect, fixture, test } from './host';
import { invoke } from './hostApi';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { lastAssistant, openChat, send } from './steps';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

const card = (page: Page, tool: string) => page.getByRole('group', { name: `Tool call ${tool}` });

function notesView(page: Page): FrameLocator {
  return card(page, 'show_notes')
    .getByTitle('View of show_notes (extras)')
    .contentFrame()
    .getByTitle('App view')
    .contentFrame();
}

/** The tool names the model was offered in each request so far. */
async function offered(): Promise<string[][]> {
  return ((await llm.requests()) as { tools?: { function: { name: string } }[] }[]).map(
    (request) => request.tools?.map((tool) => tool.function.name) ?? [],
  );
}

test("a view's tools are offered while it is open, each call needs the person's yes, and they go with the view", async ({
  page,
  startHost,
}) => {
  await llm.script([
    { toolCalls: [{ name: 'extras__show_notes', arguments: {} }] },
    { text: 'Your notes are shown.' },
    { toolCalls: [{ name: 'switchboard__view1_add_note', arguments: { text: 'buy milk' } }] },
    { text: 'Added it.' },
    { toolCalls: [{ name: 'switchboard__view1_get_notes', arguments: {} }] },
    { text: 'The view is gone.' },
  ]);
  const host = await startHost({
    mcpServers: { extras: fixture('app-extras.mjs') },
    models: modelsConfig(llm),
  });
  await openChat(page, host);
  await send(page, 'Show my notes');
  await card(page, 'show_notes')
    .getByRole('region', { name: 'Decision on show_notes' })
    .getByRole('button', { name: 'Allow once' })
    .click();
  const view = notesView(page);
  await expect(view.getByText('first note')).toBeVisible();
  await expect
    .poll(async () => (await invoke(host, 'servers.logs', { server: 'extras' })).map((entry) => entry.text))
    .toContain('The view of show_notes offers the model 2 tools: get_notes, add_note.');

  // The model is offered the view's tools under the host's namespace; its call waits for the person.
  await send(page, 'Add "buy milk" to my notes');
  expect((await offered()).at(-1)).toEqual(
    expect.arrayContaining([
      'extras__show_notes',
      'switchboard__view1_get_notes',
      'switchboard__view1_add_note',
    ]),
  );
  const decision = card(page, 'add_note').getByRole('region', { name: 'Decision on add_note' });
  await expect(decision).toContainText('A tool the open view of show_notes offers');
  // Only once or deny: no grant may cover a tool whose name and description are the view's word.
  await expect(decision.getByRole('button', { name: 'Always allow' })).toHaveCount(0);
  await expect(decision.getByRole('button', { name: 'Allow for this conversation' })).toHaveCount(0);
  await expect(view.getByText('buy milk')).toHaveCount(0);
  await decision.getByRole('button', { name: 'Allow once' }).click();
  await expect(view.getByText('buy milk')).toBeVisible();
  await expect(lastAssistant(page)).toContainText('Added it.');
  expect(JSON.stringify((await llm.requests()).at(-1))).toContain('Added. 2 notes.');
  // What the view answered is the view's word: the conversation took in outside content, for the flow rules.
  await expect(page.getByRole('note', { name: 'What this conversation took in' })).toContainText(
    /Outside content from add_note at \d\d:\d\d/,
  );

  // The view closes itself: its tools are no longer offered, and a call of one settles with the reason.
  // Dispatched: the frame is gone before a click could see its own end.
  await view.getByRole('button', { name: 'Done' }).dispatchEvent('click');
  await expect(page.getByText('The view closed itself.')).toBeVisible();
  await send(page, 'What notes do I have?');
  await expect(lastAssistant(page)).toContainText('The view is gone.');
  const [beforeLast, last] = (await offered()).slice(-2);
  for (const tools of [beforeLast, last]) {
    expect(tools).toContain('extras__show_notes');
    expect(tools?.some((name) => name.startsWith('switchboard__view'))).toBe(false);
  }
  await expect(card(page, 'switchboard__view1_get_notes')).toContainText(
    'There is no tool named switchboard__view1_get_notes.',
  );
});
