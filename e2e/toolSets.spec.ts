// A person pins a tool the model then always gets, and makes tool sets in Settings that new conversations start with.
import { readFile } from 'node:fs/promises';
import { domainServer } from '../test/helpers';
import { toolNamesOf } from '../test/scriptedModel';
import { expect, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { newConversation, openChat } from './steps';

const SEARCH = 'switchboard__search_tools';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

const config = () => ({
  mcpServers: { github: domainServer('github'), slack: domainServer('slack') },
  models: modelsConfig(llm),
});

async function requestTools(): Promise<string[][]> {
  return (await llm.requests()).map(toolNamesOf);
}

test('a pinned tool goes with every request once the model searches the rest', async ({
  page,
  startHost,
}) => {
  llm.reset();
  await llm.script([{ text: 'Pinned.' }]);
  const host = await startHost(config());
  await openChat(page, host);
  const button = page.getByRole('button', { name: /^Tools \d+$/ });
  await expect(button).toHaveAccessibleDescription('50 tools: the model searches them');
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Tools for this conversation' });
  await dialog.getByRole('searchbox', { name: 'Filter tools' }).fill('create_message');
  const pin = dialog.getByRole('button', { name: 'Pin create_message' });
  await pin.click();
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('status')).toContainText('1 pinned tool always offered.');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Say hello in the team channel');
  await message.press('Enter');
  await expect(page.getByRole('article', { name: 'Assistant' })).toContainText('Pinned.');
  expect(await requestTools()).toEqual([['slack__create_message', SEARCH]]);
});

test('a tool set made in Settings is the default of new conversations, and a conversation can switch and save sets', async ({
  page,
  startHost,
}) => {
  llm.reset();
  await llm.script([{ text: 'Reviewing.' }]);
  const host = await startHost(config());
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Tool sets' }).click();
  await page.getByRole('button', { name: 'New tool set' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Code review');
  await page
    .getByRole('list', { name: 'Servers in Code review' })
    .getByRole('checkbox', { name: 'github' })
    .check();
  await page.getByRole('radio', { name: 'Default for new conversations' }).check();
  await page.getByRole('button', { name: 'Save tool sets' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  const saved = JSON.parse(await readFile(host.configPath, 'utf8'));
  expect(saved.toolSets).toEqual([{ name: 'Code review', servers: ['github'], default: true }]);
  await page.getByRole('button', { name: 'Close' }).click();

  await newConversation(page);
  const servers = page.getByRole('list', { name: 'Servers in this conversation' });
  await expect(servers.getByRole('listitem')).toHaveText([/^github/]);
  await expect(page.getByText('Code review:')).toBeVisible();
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Review this');
  await message.press('Enter');
  await expect(page.getByRole('article', { name: 'Assistant' })).toContainText('Reviewing.');
  const [tools] = await requestTools();
  expect(tools).toHaveLength(25);
  expect(tools?.every((name) => name.startsWith('github__'))).toBe(true);

  await page.getByRole('button', { name: /^Tools \d+$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Tools for this conversation' });
  const set = dialog.getByRole('combobox', { name: 'Tool set' });
  await expect(set).toHaveValue('Code review');
  await set.selectOption({ label: 'All servers' });
  await expect(servers.getByRole('listitem')).toHaveText([/^github/, /^slack/]);
  await dialog.getByRole('checkbox', { name: /^delete_message / }).uncheck();
  await dialog.getByRole('button', { name: 'Save as tool set…' }).click();
  await dialog.getByRole('textbox', { name: 'Name of the new tool set' }).fill('Almost all');
  await dialog.getByRole('button', { name: 'Save set' }).click();
  await expect(set).toHaveValue('Almost all');
  await expect(async () => {
    const sets = JSON.parse(await readFile(host.configPath, 'utf8')).toolSets;
    expect(sets[1].name).toBe('Almost all');
    expect(sets[1].servers).toEqual(['github']);
    expect(sets[1].tools).toHaveLength(24);
  }).toPass();
});
