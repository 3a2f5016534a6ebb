// Catalogue cache and lazy start: a second launch shows a server's lists before it runs, and a lazy server
// (`"autoStart": false`) starts when the model first calls one of its tools.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { allowOnce, decisionOn } from './decisions';
import { expect, fixture, type RunningHost, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { lastAssistant, messageBox, newConversation, send } from './steps';

let llm: LlmFixture;
let dir: string;

test.beforeAll(async () => {
  llm = await startLlm();
});
test.afterAll(async () => {
  await llm.close();
});
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-catalogue-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const config = () => ({
  mcpServers: {
    cat: { ...fixture('catalogue.mjs', { CALLS_FILE: join(dir, 'calls.txt') }), autoStart: false },
  },
  models: modelsConfig(llm),
});

const serverItem = (page: Page) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'cat', exact: true });

/** The first launch: opening the lazy server's page starts it, so its catalogue is saved. */
async function firstLaunch(
  page: Page,
  startHost: (config: unknown, launch: { dataDir: string }) => Promise<RunningHost>,
) {
  const host = await startHost(config(), { dataDir: dir });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(serverItem(page)).toContainText('starts on use');
  await serverItem(page).click();
  await expect(serverItem(page)).toContainText('running');
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('tabpanel').getByText('describe', { exact: true })).toBeVisible();
  await host.stop();
}

test('a second launch shows the catalogue before the server is running', async ({ page, startHost }) => {
  await firstLaunch(page, startHost);
  const host = await startHost(config(), { dataDir: dir });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  const item = serverItem(page);
  await expect(item).toContainText('stopped');
  await expect(item).toContainText('from cache');
  await expect(item).toContainText('1 tool · 1 prompt');

  await page.getByRole('tab', { name: 'Chat' }).click();
  await newConversation(page);
  await messageBox(page).fill('/');
  await expect(
    page.getByRole('listbox', { name: 'Prompts' }).getByRole('option', { name: /greet/ }),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(serverItem(page)).toContainText('stopped');
});

test('a lazy server starts on the model’s first call to it', async ({ page, startHost }) => {
  await firstLaunch(page, startHost);
  await llm.script([
    { toolCalls: [{ name: 'cat__describe', arguments: { thing: 'the moon' } }] },
    { echoToolResults: true, prefix: 'Result: ' },
  ]);
  const host = await startHost(config(), { dataDir: dir });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(serverItem(page)).toContainText('stopped');

  await page.getByRole('tab', { name: 'Chat' }).click();
  await newConversation(page);
  await send(page, 'Describe the moon');
  await expect(decisionOn(page, 'describe')).toBeVisible();
  await allowOnce(page, 'describe');
  await expect(page.getByRole('group', { name: 'Tool call describe' })).toContainText('the moon described');
  await expect(lastAssistant(page)).toContainText('Result: the moon described');

  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(serverItem(page)).toContainText('running');
  await expect(serverItem(page)).not.toContainText('from cache');
});
