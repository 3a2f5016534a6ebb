// A view in a window of its own: on the sandbox origin, its calls still asked in the app, and back in its card when the window closes.
import type { FrameLocator, Page } from '@playwright/test';
import { expect, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import {
  askForTime,
  callsOf,
  LOOPBACK_ONLY,
  officialServer,
  toolCard,
  viewCallDialog,
  viewIn,
} from './officialServers';
import { lastAssistant, openChat, send } from './steps';

test.use({ launchOptions: LOOPBACK_ONLY });

let llm: LlmFixture;
test.beforeAll(async () => {
  llm = await startLlm();
});
test.afterAll(async () => {
  await llm.close();
});

const TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/;

/** The view inside its window: the sandbox page, then the view's own frame. */
const viewInWindow = (popup: Page): FrameLocator => popup.getByTitle('App view').contentFrame();

test('basic-react in a window of its own: its calls ask in the app, and closing the window brings it back to its card', async ({
  page,
  startHost,
}) => {
  await llm.script([
    { toolCalls: [{ name: 'basicreact__get-time', arguments: {} }] },
    { text: 'Shown by basic-react.' },
  ]);
  const host = await startHost({
    mcpServers: { basicreact: officialServer('basic-react', '--stdio') },
    models: modelsConfig(llm),
  });
  await openChat(page, host);
  await send(page, 'Show the time');
  const card = toolCard(page, 'get-time');
  await card
    .getByRole('region', { name: 'Decision on get-time' })
    .getByRole('button', { name: 'Allow once' })
    .click();
  await expect(lastAssistant(page)).toContainText('Shown by basic-react.');
  const inline = viewIn(card, 'basicreact', 'get-time');
  await expect(inline.getByText(TIME).first()).toBeVisible();

  const opened = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Open in window' }).click();
  const popup = await opened;
  expect(new URL(popup.url()).origin).not.toBe(new URL(page.url()).origin);
  expect(new URL(popup.url()).pathname).toMatch(/^\/view\//);
  await expect(card.getByRole('status').filter({ hasText: 'Shown in its own window' })).toBeVisible();
  await expect(card.getByTitle('View of get-time (basicreact)')).toHaveCount(0);

  const windowed = viewInWindow(popup);
  const time = windowed.getByText(TIME).first();
  await expect(time).toBeVisible();
  // The view reaches no more of the app from its window than from its card: the window's opener is not its to use.
  expect(await windowed.locator('body').evaluate(() => window.top?.opener ?? null)).toBeNull();

  // Its call asks in the app.
  const dialog = viewCallDialog(page);
  const before = await time.textContent();
  await askForTime(windowed, dialog);
  await dialog.getByRole('button', { name: 'Allow once' }).click();
  await expect.poll(() => time.textContent()).not.toBe(before);

  // The window closes while a call asks: the view comes back to its card, and the call is still the person's to answer.
  await askForTime(windowed, dialog);
  await popup.close();
  await dialog.getByRole('button', { name: 'Allow this view’s calls to get-time' }).click();
  await expect
    .poll(
      async () =>
        (await callsOf(host, 'get-time')).filter((call) => call.viaView && call.outcome === 'done').length,
    )
    .toBe(2);
  await expect(card.getByText('Shown in its own window')).toHaveCount(0);
  const back = inline.getByText(TIME).first();
  await expect(back).toBeVisible();
  // The view keeps the grant given in its window: its call runs without asking.
  const shown = await back.textContent();
  await expect(async () => {
    await inline.getByRole('button', { name: /get server time/i }).click();
    await expect.poll(() => back.textContent(), { timeout: 3_000 }).not.toBe(shown);
  }).toPass();
  await expect(dialog).toHaveCount(0);

  // Bring back closes the window.
  const again = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Open in window' }).click();
  const second = await again;
  await expect(viewInWindow(second).getByText(TIME).first()).toBeVisible();
  const closed = second.waitForEvent('close');
  await card.getByRole('button', { name: 'Bring back' }).click();
  await closed;
  await expect(inline.getByText(TIME).first()).toBeVisible();
});
