// MCP Apps: a server's view runs in the tool's card, sandboxed, with the person deciding each action it takes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FrameLocator, Page } from '@playwright/test';
import { expect, fixture, type RunningHost, test } from './host';
import { invoke } from './hostApi';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { conversations, lastAssistant, messageBox, mine, openChat, send } from './steps';

let llm: LlmFixture;
let canary: { url: string; hits: string[]; server: Server };

test.beforeAll(async () => {
  llm = await startLlm();
  // A real server that no view may reach: every request an escape makes lands here.
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.end('reached');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  canary = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, hits, server };
});

test.afterAll(async () => {
  await llm.close();
  canary.server.close();
});

function config() {
  return {
    mcpServers: {
      apps: fixture('apps.mjs'),
      vault: fixture('apps.mjs', { EXTRA_APP_ONLY: 'vault_open' }),
    },
    models: modelsConfig(llm),
  };
}

/** The dialog for a view's own tool calls (they have no card of their own). */
const consent = (page: Page) => page.getByRole('dialog', { name: 'Allow tool call?' });
/** The decision in the card of the model's call of `tool`. */
const inline = (page: Page, tool: string) =>
  page.getByRole('group', { name: `Tool call ${tool}` }).getByRole('region', { name: `Decision on ${tool}` });

/** The view inside a tool's card: the sandbox frame, then the view's own frame inside it. */
function viewOf(page: Page, tool: string): FrameLocator {
  return page
    .getByRole('group', { name: `Tool call ${tool}` })
    .getByTitle(`View of ${tool} (apps)`)
    .contentFrame()
    .getByTitle('App view')
    .contentFrame();
}

/** The tools/call requests the host sent to `server`, from its protocol log. */
async function toolCallsSent(host: RunningHost, server: string): Promise<unknown[]> {
  const wire = await invoke(host, 'servers.wire', { server });
  return wire
    .filter((entry) => entry.direction === 'out')
    .map((entry) => entry.message as { method?: string; params?: unknown })
    .filter((message) => message.method === 'tools/call')
    .map((message) => message.params);
}

test('a server app runs in its card with the person in control, every escape fails, and it is torn down with the conversation', async ({
  page,
  startHost,
}) => {
  await llm.script([
    { toolCalls: [{ name: 'apps__show_counter', arguments: { start: 5, label: 'apples' } }] },
    { text: 'The counter is open.' },
    { toolCalls: [{ name: 'apps__misbehave', arguments: { canary: canary.url } }] },
    { text: 'The other view is open.' },
  ]);
  const host = await startHost(config());
  await openChat(page, host);
  const address = page.url();

  // The model calls the app tool; the person allows it; the view shows the input and the result.
  await send(page, 'Show me a counter');
  const dialog = consent(page);
  await inline(page, 'show_counter').getByRole('button', { name: 'Allow once' }).click();
  const counter = viewOf(page, 'show_counter');
  await expect(counter.getByText('Input: {"start":5,"label":"apples"}')).toBeVisible();
  await expect(counter.getByText('Result: Counter apples starts at 5')).toBeVisible();

  // The model was never offered the tools only views may call.
  const offered = ((await llm.requests()) as { tools?: { function: { name: string } }[] }[]).flatMap(
    (request) => request.tools?.map((tool) => tool.function.name) ?? [],
  );
  expect(offered).toContain('apps__show_counter');
  expect(offered).not.toContain('apps__increment');
  expect(offered).not.toContain('vault__vault_open');

  // The view's button calls its server's app-only tool: the person is asked first, the result reaches the view.
  await counter.getByRole('button', { name: 'Add one' }).click();
  await expect(dialog).toContainText('The view of show_counter');
  await expect(dialog).toContainText('increment');
  await dialog.getByRole('button', { name: 'Allow once' }).click();
  await expect(counter.getByText('Server count: count is 6')).toBeVisible();

  // Full screen and back.
  await counter.getByRole('button', { name: 'Full screen' }).click();
  await expect(counter.getByText('Mode: fullscreen')).toBeVisible();
  const exit = page.getByRole('button', { name: 'Exit full screen' });
  await expect(exit).toBeVisible();
  const viewport = page.viewportSize();
  const frameBox = await page.getByTitle('View of show_counter (apps)').boundingBox();
  expect(frameBox?.width).toBe(viewport?.width);
  await exit.click();
  await expect(counter.getByText('Mode: inline')).toBeVisible();
  await expect(exit).toBeHidden();

  // Dark mode reaches the view, with the app's own colours.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(counter.getByText('Theme: dark')).toBeVisible();
  await expect(counter.getByText('Background: #1e1f22')).toBeVisible();

  // The misbehaving view tries everything; nothing gets through.
  await send(page, 'Now the other one');
  await inline(page, 'misbehave').getByRole('button', { name: 'Allow once' }).click();
  const bad = viewOf(page, 'misbehave');
  await expect(bad.getByText('Status: all attempts made')).toBeVisible({ timeout: 30_000 });
  for (const attempt of [
    'parent.document',
    'top.document',
    'top navigation',
    'popup',
    'fetch',
    'image',
    "another server's tool",
    "another server's tool by its model name",
    'model-only tool',
  ]) {
    await expect(bad.getByRole('listitem').filter({ hasText: `${attempt}: ` })).toContainText(
      `${attempt}: blocked`,
    );
  }

  // The markers each attack would have set are absent: the page, the host and the other view are intact.
  expect(canary.hits).toEqual([]);
  expect(page.url()).toBe(address);
  expect(page.context().pages()).toHaveLength(1);
  await expect(page).toHaveTitle('Switchboard');
  expect(await page.evaluate(() => document.body.getAttribute('data-pwned'))).toBeNull();
  await expect(counter.getByText('Result: Counter apples starts at 5')).toBeVisible();
  await expect(counter.getByText(/FORGED/)).toHaveCount(0);
  await expect(dialog).toBeHidden();
  expect(await toolCallsSent(host, 'vault')).toEqual([]);
  expect(JSON.stringify(await toolCallsSent(host, 'apps'))).not.toMatch(/model_only|vault_open|FORGED/);

  // The good view still works, and still asks.
  await counter.getByRole('button', { name: 'Add one' }).click();
  await dialog.getByRole('button', { name: 'Allow once' }).click();
  await expect(counter.getByText('Server count: count is 7')).toBeVisible();

  // Deleting the conversation tears the views down: they hear ui/resource-teardown and answer it.
  await conversations(page).getByRole('button', { name: 'Delete' }).first().click();
  await page
    .getByRole('dialog', { name: 'Delete conversation?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('group', { name: 'Tool call show_counter' })).toHaveCount(0);
  await expect
    .poll(async () => (await invoke(host, 'servers.logs', { server: 'apps' })).map((entry) => entry.text))
    .toEqual(
      expect.arrayContaining([
        'View of show_counter: counter view torn down',
        'The view of show_counter was closed (conversation deleted); it confirmed the teardown.',
      ]),
    );
});

test("a view's message, context and links wait for the person", async ({ page, startHost }) => {
  await llm.script([
    { toolCalls: [{ name: 'apps__show_counter', arguments: { start: 1 } }] },
    { text: 'Counter shown.' },
    { text: 'Counting now.' },
  ]);
  const host = await startHost(config());
  await openChat(page, host);
  await send(page, 'Show me a counter');
  await inline(page, 'show_counter').getByRole('button', { name: 'Allow once' }).click();
  const counter = viewOf(page, 'show_counter');
  await expect(counter.getByText('Result: Counter starts at 1')).toBeVisible();
  // The chat around the view still moves (the reply that follows, the view's own height), which can carry the frame
  // away from a pointer's click: the view's buttons are pressed as events.
  await expect(lastAssistant(page)).toContainText('Counter shown.');
  const asked = (await llm.requests()).length;

  // ui/message becomes a draft in the message box; nothing is sent until the person sends it.
  await counter.getByRole('button', { name: 'Suggest a message' }).dispatchEvent('click');
  const box = messageBox(page);
  await expect(box).toHaveValue('Please count to ten.');
  await expect(page.getByText('The view of show_counter suggested this message.')).toBeVisible();
  await expect(counter.getByText('Asked: message → done')).toBeVisible();
  expect(await llm.requests()).toHaveLength(asked);
  await expect(mine(page)).toHaveCount(1);

  // ui/update-model-context is shown above the box, and goes to the model with the next message.
  await counter.getByRole('button', { name: 'Share context' }).dispatchEvent('click');
  await expect(page.getByRole('region', { name: 'Context from the view of show_counter' })).toContainText(
    'The counter shows 6 apples.',
  );
  await box.press('Enter');
  await expect(lastAssistant(page)).toContainText('Counting now.');
  const sent = JSON.stringify((await llm.requests()).at(-1));
  expect(sent).toContain('The counter shows 6 apples.');
  expect(sent).toContain('Please count to ten.');
  await expect(
    mine(page).last().getByRole('region', { name: 'Context from the view of show_counter' }),
  ).toBeVisible();

  // ui/open-link: an https link waits for the person; anything else is refused without asking.
  await counter.getByRole('button', { name: 'Open docs' }).dispatchEvent('click');
  const link = page.getByRole('dialog', { name: 'Open link?' });
  await expect(link).toContainText('docs.example.com');
  await link.getByRole('button', { name: 'Cancel' }).click();
  await expect(counter.getByText('Asked: docs link → refused')).toBeVisible();
  await counter.getByRole('button', { name: 'Open plain link' }).dispatchEvent('click');
  await expect(counter.getByText('Asked: plain link → refused')).toBeVisible();
  await expect(link).toBeHidden();
  expect(page.context().pages()).toHaveLength(1);
});

test('the Tools tab shows which tools have views and runs one in its view; the Overview lists apps and turns them off', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: { apps: fixture('apps.mjs') } });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  const entry = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /apps/ });
  await expect(entry).toContainText('running');
  await entry.click();
  await expect(page.getByRole('list', { name: 'App views of apps' })).toContainText(
    'ui://apps/counter.html — the view of show_counter',
  );
  await expect(
    page.getByText('Tools only its views may call (the model never sees them): increment.'),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('list', { name: 'Tools of apps' });
  await expect(tools.getByRole('listitem').filter({ hasText: 'Shows a counter' })).toContainText(
    'has a view (ui://apps/counter.html)',
  );
  await expect(tools.getByRole('listitem').filter({ hasText: 'Adds to the counter' })).toContainText(
    'only its app views may call it',
  );
  await page.getByRole('button', { name: 'Run show_counter' }).click();
  const run = page.getByRole('dialog', { name: 'Show counter' });
  await run.getByLabel(/^start/).fill('3');
  await run.getByRole('button', { name: 'Run', exact: true }).click();
  const view = run
    .getByTitle('View of show_counter (apps)')
    .contentFrame()
    .getByTitle('App view')
    .contentFrame();
  await expect(view.getByText('Result: Counter starts at 3')).toBeVisible();
  await view.getByRole('button', { name: 'Add one' }).click();
  await consent(page).getByRole('button', { name: 'Allow once' }).click();
  await expect(view.getByText('Server count: count is 4')).toBeVisible();
  // Outside a conversation there is no message box to suggest a message to.
  await view.getByRole('button', { name: 'Suggest a message' }).click();
  await expect(view.getByText('Asked: message → refused')).toBeVisible();
  await run.getByRole('button', { name: 'Close' }).last().click();

  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('checkbox', { name: "Show this server's app views" }).uncheck();
  await expect.poll(async () => (await invoke(host, 'config.get', {})).text).toContain('"apps": false');
  // The server restarts with its new entry, without the apps extension declared.
  await expect
    .poll(async () => {
      const [server] = await invoke(host, 'servers.list', {});
      return server?.entry.apps === false && server.state.kind === 'running';
    })
    .toBe(true);
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name: 'Run ui_support' }).click();
  const support = page.getByRole('dialog', { name: 'ui_support' });
  await support.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(support.getByRole('region', { name: 'Result' })).toContainText('apps: no');
  await support.getByRole('button', { name: 'Close' }).last().click();
  await page.getByRole('button', { name: 'Run show_counter' }).click();
  await run.getByLabel(/^start/).fill('2');
  await run.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(run.getByRole('region', { name: 'Result' })).toContainText('Counter starts at 2');
  await expect(run.getByTitle('View of show_counter (apps)')).toHaveCount(0);
});
