// A view that polls asks once: its calls allowed while it is open, or a server's view-only tools for its views; never the model's calls.
import type { Page } from '@playwright/test';
import { expect, test } from './host';
import { invoke } from './hostApi';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { askForTime, callsOf, officialServer, toolCard, viewCallDialog, viewIn } from './officialServers';
import { lastAssistant, openChat, send } from './steps';

let llm: LlmFixture;
test.beforeAll(async () => {
  llm = await startLlm();
});
test.afterAll(async () => {
  await llm.close();
});

const allowInline = (page: Page, tool: string) =>
  toolCard(page, tool)
    .getByRole('region', { name: `Decision on ${tool}` })
    .getByRole('button', {
      name: 'Allow once',
    });

test("the system monitor's polling view asks once with “Allow this view’s calls”; a new view asks again; trusted view-only tools ask no more", async ({
  page,
  startHost,
}) => {
  await llm.script([
    { toolCalls: [{ name: 'monitor__get-system-info', arguments: {} }] },
    { text: 'Here is the monitor.' },
    { toolCalls: [{ name: 'monitor__get-system-info', arguments: {} }] },
    { text: 'Here it is again.' },
    { toolCalls: [{ name: 'monitor__get-system-info', arguments: {} }] },
    { text: 'And once more.' },
  ]);
  const host = await startHost({
    mcpServers: { monitor: officialServer('system-monitor', '--stdio') },
    models: modelsConfig(llm),
  });
  await openChat(page, host);
  await send(page, 'Show me the system monitor');
  await allowInline(page, 'get-system-info').click();
  await expect(lastAssistant(page)).toContainText('Here is the monitor.');

  // The view's first poll asks; the person allows this view's calls to the tool.
  const dialog = viewCallDialog(page);
  await expect(dialog).toContainText('The view of get-system-info');
  await expect(dialog).toContainText('poll-system-stats');
  await dialog.getByRole('button', { name: 'Allow this view’s calls to poll-system-stats' }).click();
  await expect(dialog).toBeHidden();
  const view = viewIn(toolCard(page, 'get-system-info'), 'monitor', 'get-system-info');
  await expect(view.getByText('%').first()).toBeVisible();

  // The view goes on polling every 2 s without asking.
  await expect
    .poll(
      async () => (await callsOf(host, 'poll-system-stats')).filter((call) => call.grant === 'view').length,
      {
        timeout: 20_000,
      },
    )
    .toBeGreaterThanOrEqual(3);
  expect(await invoke(host, 'consent.pending', {})).toEqual([]);
  await expect(dialog).toBeHidden();

  // A second view of the same tool is a new view: its polls ask again.
  await send(page, 'Again please');
  await allowInline(page, 'get-system-info').click();
  await expect(lastAssistant(page)).toContainText('Here it is again.');
  await expect(dialog).toContainText('poll-system-stats');
  const [waiting] = await invoke(host, 'consent.pending', {});
  expect(waiting?.viaView).toBe('get-system-info');
  await dialog.getByRole('button', { name: 'Allow this view’s calls to poll-system-stats' }).click();
  await expect(dialog).toBeHidden();

  // Trusting the server's view-only tools for its views: a third view polls without ever asking.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Permissions' }).click();
  const trust = page.getByRole('checkbox', {
    name: 'Let monitor’s views call its view-only tools without asking',
  });
  await expect(page.getByText(/Only monitor’s own app views may call these tools/)).toContainText(
    'Would cover: poll-system-stats',
  );
  await trust.check();
  await expect(page.getByRole('table', { name: 'Permissions you gave' })).toContainText(
    'Tools only the server’s views may call, from its views',
  );
  await page.getByRole('button', { name: 'Close' }).click();
  await send(page, 'Once more');
  await allowInline(page, 'get-system-info').click();
  await expect(lastAssistant(page)).toContainText('And once more.');
  await expect
    .poll(
      async () =>
        (await callsOf(host, 'poll-system-stats')).filter((call) => call.grant === 'app-only').length,
      {
        timeout: 20_000,
      },
    )
    .toBeGreaterThanOrEqual(2);
  await expect(dialog).toBeHidden();
  expect(await invoke(host, 'consent.pending', {})).toEqual([]);

  // The trust is kept with the other permissions.
  const grants = await invoke(host, 'permissions.list', {});
  expect(grants).toEqual([
    expect.objectContaining({ scope: 'app-only', server: 'monitor', tools: ['poll-system-stats'] }),
  ]);
});

test("a view's calls allowed for the view never cover the model's call of the same tool", async ({
  page,
  startHost,
}) => {
  await llm.script([
    { toolCalls: [{ name: 'react__get-time', arguments: {} }] },
    { text: 'Here is the clock.' },
    { toolCalls: [{ name: 'react__get-time', arguments: {} }] },
    { text: 'Asked for the time myself.' },
  ]);
  const host = await startHost({
    mcpServers: { react: officialServer('basic-react', '--stdio') },
    models: modelsConfig(llm),
  });
  await openChat(page, host);
  await send(page, 'Show me the clock');
  await allowInline(page, 'get-time').click();
  await expect(lastAssistant(page)).toContainText('Here is the clock.');
  const view = viewIn(toolCard(page, 'get-time'), 'react', 'get-time');
  // The view shows the model's result once its bridge is up; a click before that would go nowhere.
  await expect(view.getByText(/^\d{4}-\d{2}-\d{2}T/)).toBeVisible();

  // The view's button calls get-time, which the model may call too: the person allows this view's calls.
  const dialog = viewCallDialog(page);
  await askForTime(view, dialog);
  await dialog.getByRole('button', { name: 'Allow this view’s calls to get-time' }).click();
  await expect
    .poll(async () => (await callsOf(host, 'get-time')).map((call) => call.decision))
    .toEqual(['once', 'view']);
  await view.getByRole('button', { name: 'Get Server Time' }).click();
  await expect
    .poll(async () => (await callsOf(host, 'get-time')).map((call) => call.grant ?? call.decision))
    .toEqual(['once', 'view', 'view']);
  await expect(dialog).toBeHidden();

  // The model's own call of the same tool still asks in its card.
  await send(page, 'What time is it?');
  await expect(
    toolCard(page, 'get-time').getByRole('region', { name: 'Decision on get-time' }),
  ).toBeVisible();
  const [waiting] = await invoke(host, 'consent.pending', {});
  expect(waiting?.tool.name).toBe('get-time');
  expect(waiting?.viaView).toBeUndefined();
  await allowInline(page, 'get-time').click();
  await expect(lastAssistant(page)).toContainText('Asked for the time myself.');
});
