import { domainServer } from '../test/helpers';
import { toolNamesOf } from '../test/scriptedModel';
import { loadCatalogue } from '../test/toolCatalogue';
import { allowOnce } from './decisions';
import { expect, fixture, test } from './host';
import { invoke } from './hostApi';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { lastAssistant, openChat, send } from './steps';

const SEARCH = 'switchboard__search_tools';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

/** The config of `domains` as servers, with the scripted model. */
function config(domains: readonly string[]) {
  return {
    mcpServers: Object.fromEntries(domains.map((name) => [name, domainServer(name)])),
    models: modelsConfig(llm),
  };
}

async function requestTools(): Promise<string[][]> {
  return (await llm.requests()).map(toolNamesOf);
}

test('with 40 servers and 1,000 tools the model searches, and the found tool’s call waits for the person', async ({
  page,
  startHost,
}) => {
  const { DOMAINS } = await loadCatalogue();
  llm.reset();
  await llm.script([
    { toolCalls: [{ name: SEARCH, arguments: { query: 'create issue' } }] },
    { toolCalls: [{ name: 'github__create_issue', arguments: { name: 'Crash on start' } }] },
    { echoToolResults: true, prefix: 'Filed: ' },
  ]);
  const host = await startHost(config(DOMAINS));
  await openChat(page, host);
  const button = page.getByRole('button', { name: /^Tools \d+$/ });
  await expect(button).toHaveAccessibleName('Tools 1000');
  await expect(button).toHaveAccessibleDescription('1,000 tools: the model searches them');

  await send(page, 'File a bug: it crashes on start');
  const search = page.getByRole('group', { name: 'Looked for tools' });
  await expect(search).toContainText('“create issue” → github__create_issue');
  await allowOnce(page, 'create_issue');
  await expect(lastAssistant(page)).toContainText(
    'Filed: github ran create_issue with {"name":"Crash on start"}',
  );

  const [first, second, third] = await requestTools();
  expect(first).toEqual([SEARCH]);
  expect(second).toContain('github__create_issue');
  expect(second?.length).toBeLessThanOrEqual(41);
  expect(second?.at(-1)).toBe(SEARCH);
  expect(third?.length).toBeLessThanOrEqual(41);
});

test('a provider limited to 128 tools is never sent more, however many tools are pinned', async ({
  page,
  startHost,
}) => {
  const { DOMAINS, domainTools } = await loadCatalogue();
  llm.reset();
  await llm.script([
    { toolCalls: [{ name: SEARCH, arguments: { query: 'weather forecast' } }] },
    { text: 'Plenty of tools.' },
  ]);
  const host = await startHost(config(DOMAINS));
  const pinned = DOMAINS.slice(0, 6).flatMap((server) =>
    domainTools(server).map((tool) => ({ server, tool: tool.name })),
  );
  const conversation = await invoke(host, 'chat.create', {});
  await invoke(host, 'chat.setTools', {
    id: conversation.id,
    tools: { disabledServers: [], disabledTools: [], pinned },
  });
  // The page opens the latest conversation: this one, with its pins.
  await page.goto(host.url);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEditable();
  await page.getByRole('button', { name: /^Tools \d+$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Tools for this conversation' });
  await expect(dialog.getByRole('status')).toContainText(
    'Only the first 117 of 150 pinned tools are sent: this provider takes at most 128 tools in a request.',
  );
  await expect(dialog.getByRole('button', { name: 'Pin create_issue' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await dialog.getByRole('button', { name: 'Done' }).click();

  await send(page, 'What can you use?');
  await expect(lastAssistant(page)).toContainText('Plenty of tools.');
  const [first, second] = await requestTools();
  // The first 117 pins and search; then room for the 10 tools search found: 128, never more.
  expect(first).toHaveLength(118);
  expect(first?.[0]).toBe('github__create_issue');
  expect(first?.at(-1)).toBe(SEARCH);
  expect(second).toHaveLength(128);
  expect(second).toContain('weather__get_forecast');
});

test('@server takes a server’s tools out of the next request, and the header lists and removes servers', async ({
  page,
  startHost,
}) => {
  llm.reset();
  await llm.script([{ text: 'One.' }, { text: 'Two.' }]);
  const host = await startHost({
    mcpServers: { github: domainServer('github'), chat: fixture('chat-tools.mjs') },
    models: modelsConfig(llm),
  });
  await openChat(page, host);
  const servers = page.getByRole('list', { name: 'Servers in this conversation' });
  await expect(servers.getByRole('listitem')).toHaveText([/^github/, /^chat/]);

  const message = page.getByRole('textbox', { name: 'Message' });
  await message.pressSequentially('@gith');
  await expect(
    page.getByRole('option', { name: 'github server: take out of this conversation' }),
  ).toBeVisible();
  await message.press('Enter');
  await expect(message).toHaveValue('');
  await expect(page.getByText('github was taken out of this conversation')).toBeVisible();
  await expect(servers.getByRole('listitem')).toHaveText([/^chat/]);
  await send(page, 'Which tools?');
  await expect(lastAssistant(page)).toContainText('One.');
  const [first] = await requestTools();
  expect(first?.some((name) => name.startsWith('github__'))).toBe(false);
  expect(first?.some((name) => name.startsWith('chat__'))).toBe(true);

  await message.pressSequentially('@gith');
  await message.press('Enter');
  await expect(servers.getByRole('listitem')).toHaveText([/^github/, /^chat/]);
  await servers.getByRole('button', { name: 'Remove chat from this conversation' }).click();
  await expect(servers.getByRole('listitem')).toHaveText([/^github/]);
  await send(page, 'And now?');
  await expect(lastAssistant(page)).toContainText('Two.');
  const [, second] = await requestTools();
  expect(second).toHaveLength(25);
  expect(second?.every((name) => name.startsWith('github__'))).toBe(true);
});
