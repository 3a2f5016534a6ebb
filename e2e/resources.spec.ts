// Prompts as slash commands and the resource tree, against server-everything and a server with 10,000 resources.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { EVERYTHING, expect, fixture, test } from './host';
import { invoke } from './hostApi';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { lastAssistant, messageBox, openChat, send } from './steps';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

async function openResources(page: Page) {
  await page.getByRole('tab', { name: 'Resources' }).first().click();
}

test('/ lists the prompts, and args-prompt inserts a message built from city and state', async ({
  page,
  startHost,
}) => {
  await llm.script([{ text: 'Nice city.' }]);
  const host = await startHost({ mcpServers: { everything: EVERYTHING }, models: modelsConfig(llm) });
  await openChat(page, host);
  const message = messageBox(page);
  await message.fill('/');
  const prompts = page.getByRole('listbox', { name: 'Prompts' });
  for (const title of ['Simple Prompt', 'Arguments Prompt', 'Team Management', 'Resource Prompt']) {
    await expect(prompts.getByRole('option', { name: new RegExp(title) })).toBeVisible();
  }

  await message.fill('/argu');
  await message.press('Enter');
  const form = page.getByRole('dialog', { name: 'Arguments Prompt' });
  await form.getByLabel('city', { exact: true }).fill('Lisbon');
  await form.getByLabel('state', { exact: true }).fill('Lisboa');
  await form.getByRole('button', { name: 'Insert' }).click();
  await expect(page.getByRole('region', { name: 'Prompt preview' })).toContainText('Lisbon');

  await message.press('Enter');
  await expect(lastAssistant(page)).toContainText('Nice city.');
  const requests = (await llm.requests()) as { messages: unknown[] }[];
  expect(JSON.stringify(requests.at(-1)?.messages)).toContain('Lisbon');
});

test('completable-prompt suggests departments as you type', async ({ page, startHost }) => {
  const host = await startHost({ mcpServers: { everything: EVERYTHING }, models: modelsConfig(llm) });
  await openChat(page, host);
  const message = messageBox(page);
  await message.fill('/team');
  await message.press('Enter');
  const form = page.getByRole('dialog', { name: 'Team Management' });
  await form.getByRole('combobox', { name: 'department' }).fill('E');
  await expect(form.getByRole('option', { name: 'Engineering' })).toBeVisible();
});

test('the resource tree lists resources and templates, previews text, watches and attaches', async ({
  page,
  startHost,
}) => {
  await llm.script([{ text: 'Read it.' }]);
  const host = await startHost({ mcpServers: { everything: EVERYTHING }, models: modelsConfig(llm) });
  await page.goto(host.url);
  await openResources(page);
  const tree = page.getByRole('tree', { name: 'Resources' });
  await tree.getByRole('treeitem', { name: 'Templates' }).click();
  await page.keyboard.press('ArrowRight');
  await expect(tree.getByRole('treeitem', { name: /Dynamic Text Resource/ })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Filter resources' }).fill('architecture');
  await tree.getByRole('treeitem', { name: /architecture\.md/ }).click();
  const preview = page.getByRole('region', { name: 'Resource preview' });
  const text = await readFile(
    resolve('node_modules/@modelcontextprotocol/server-everything/dist/docs/architecture.md'),
    'utf8',
  );
  const firstLine = text
    .split('\n')
    .find((line) => line.trim())!
    .trim();
  // Markdown shows rendered: its first line, a heading, reads without its `#`.
  const heading = firstLine.replace(/^#+\s*/, '');
  await expect(preview.getByRole('heading', { name: heading })).toBeVisible();

  await invoke(host, 'tools.call', { server: 'everything', tool: 'toggle-subscriber-updates', args: {} });
  await preview.getByRole('switch', { name: 'Watch' }).click();
  await expect(preview.getByRole('status')).toContainText('Updated at', { timeout: 15_000 });

  await preview.getByRole('button', { name: 'Attach to chat' }).click();
  await send(page, 'What does this say?');
  await expect(lastAssistant(page)).toContainText('Read it.');
  const requests = (await llm.requests()) as { messages: unknown[] }[];
  expect(JSON.stringify(requests.at(-1)?.messages)).toContain(JSON.stringify(firstLine).slice(1, 31));
});

test('a tree of 10,000 resources renders and the filter finds the last one', async ({ page, startHost }) => {
  const host = await startHost({ mcpServers: { many: fixture('many-resources.mjs') } });
  await page.goto(host.url);
  await openResources(page);
  const tree = page.getByRole('tree', { name: 'Resources' });
  await expect(tree.getByRole('treeitem').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter resources' }).fill('file-9999');
  await expect(tree.getByRole('treeitem', { name: /file-9999/ })).toBeVisible();
});
