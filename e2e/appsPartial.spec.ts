// A view sees a call's arguments while the model writes them, only once the person allowed its tool.
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { expect, fixture, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { lastAssistant, openChat, send } from './steps';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(() => llm.close());

function config() {
  return {
    mcpServers: { apps: fixture('apps.mjs'), vault: fixture('apps.mjs', { EXTRA_APP_ONLY: 'vault_open' }) },
    models: modelsConfig(llm),
  };
}

/** The last card of a call of `tool` of `server`. */
const card = (page: Page, server: string, tool = 'show_counter'): Locator =>
  page
    .getByRole('group', { name: `Tool call ${tool}` })
    .filter({ hasText: server })
    .last();

/** The view inside `card`: the sandbox frame, then the view's own frame inside it. */
const viewIn = (at: Locator, server: string, tool = 'show_counter'): FrameLocator =>
  at.getByTitle(`View of ${tool} (${server})`).contentFrame().getByTitle('App view').contentFrame();

/** Gives "Always allow" to apps' show_counter through a first call. */
async function allowAlways(page: Page): Promise<void> {
  await send(page, 'Show me a counter');
  await card(page, 'apps').getByRole('button', { name: 'Always allow' }).click();
  await expect(
    viewIn(card(page, 'apps'), 'apps').getByText('Result: Counter apples starts at 5'),
  ).toBeVisible();
  await expect(lastAssistant(page)).toContainText('The counter is open.');
}

const FIRST = { name: 'apps__show_counter', arguments: { start: 5, label: 'apples' } };

test('an allowed tool shows its view while the model writes the arguments, fed them as they come', async ({
  page,
  startHost,
}) => {
  await llm.script([
    { toolCalls: [FIRST] },
    { text: 'The counter is open.' },
    {
      toolCalls: [
        {
          name: 'apps__show_counter',
          arguments: { start: 7, label: 'a long label of pears' },
          pieces: 6,
          holdAfter: 3,
        },
      ],
    },
    { text: 'The pears are counted.' },
    { toolCalls: [{ ...FIRST, pieces: 4, holdAfter: 2 }] },
    { text: 'unused' },
  ]);
  const host = await startHost(config());
  await openChat(page, host);
  await allowAlways(page);

  // The model is still writing: the card and its view show, with the arguments so far and no complete input.
  await send(page, 'Count pears');
  const writing = card(page, 'apps');
  const view = viewIn(writing, 'apps');
  await expect(view.getByText('Partial input: {"start":7,"label":"a lo"}')).toBeVisible();
  await expect(view.getByText('Input: (waiting)', { exact: true })).toBeVisible();
  await expect(writing).toContainText('being written');

  // The rest of the arguments: the complete input, the call runs under the saved permission, in the same view.
  llm.release();
  await expect(
    view.getByText('Input: {"start":7,"label":"a long label of pears"}', { exact: true }),
  ).toBeVisible();
  await expect(view.getByText('Result: Counter a long label of pears starts at 7')).toBeVisible();
  await expect(writing).toContainText('allowed by a saved permission');
  await expect(lastAssistant(page)).toContainText('The pears are counted.');

  // Stopped while the model writes: the early card ends cancelled, its view gone, nothing left waiting.
  await send(page, 'Again');
  const stopped = card(page, 'apps');
  await expect(viewIn(stopped, 'apps').getByText('Partial input: {"start":5}')).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(stopped).toContainText('cancelled');
  await expect(stopped.getByTitle('View of show_counter (apps)')).toHaveCount(0);
  await expect(page.getByRole('region', { name: /^Decision on/ })).toHaveCount(0);
});

test('a tool no permission covers shows no card and no view before the person allows it', async ({
  page,
  startHost,
}) => {
  await llm.script([
    { toolCalls: [FIRST] },
    { text: 'The counter is open.' },
    {
      // The vault's counter has no permission; the apps counter after it has, and shows early.
      toolCalls: [
        { name: 'vault__show_counter', arguments: { start: 1, label: 'coins' }, pieces: 4 },
        { name: 'apps__show_counter', arguments: { start: 2, label: 'pears' }, pieces: 4, holdAfter: 2 },
      ],
    },
    { text: 'Both are open.' },
  ]);
  const host = await startHost(config());
  await openChat(page, host);
  await allowAlways(page);

  await send(page, 'Count coins and pears');
  // The apps call is being written, so the vault call's arguments came before it: no card of it, no view.
  const early = card(page, 'apps');
  await expect(viewIn(early, 'apps').getByText('Partial input: {"start":2}')).toBeVisible();
  await expect(card(page, 'vault')).toHaveCount(0);
  await expect(page.getByTitle('View of show_counter (vault)')).toHaveCount(0);

  // The arguments are complete: the vault call asks, with no view until the person allows it.
  llm.release();
  const asked = card(page, 'vault');
  await expect(asked.getByRole('button', { name: 'Allow once' })).toBeVisible();
  await expect(page.getByTitle('View of show_counter (vault)')).toHaveCount(0);
  await asked.getByRole('button', { name: 'Allow once' }).click();
  const vaultView = viewIn(asked, 'vault');
  await expect(vaultView.getByText('Input: {"start":1,"label":"coins"}', { exact: true })).toBeVisible();
  await expect(vaultView.getByText('Partial input: (none)')).toBeVisible();
  await expect(lastAssistant(page)).toContainText('Both are open.');
});
