// Approvals without fatigue: decisions inline in the tool card, several at once, scopes, edits on record, and writes shown as diffs.
import { mkdtemp, readFile, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, fixture, test } from './host';
import { invoke } from './hostApi';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { conversations, lastAssistant, messageBox, newConversation, openChat, send } from './steps';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

function config(servers: Record<string, unknown> = { chat: fixture('chat-tools.mjs') }) {
  return { mcpServers: servers, models: modelsConfig(llm) };
}

const card = (page: Page, tool: string) => page.getByRole('group', { name: `Tool call ${tool}` });
const decision = (page: Page, tool: string) =>
  card(page, tool).getByRole('region', { name: `Decision on ${tool}` });
const waiting = (page: Page) => page.getByRole('region', { name: 'Tool calls waiting for you' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Allow tool call?' });

test('calls are decided inline in their cards, and several are allowed together', async ({
  page,
  startHost,
}) => {
  await llm.script([
    {
      toolCalls: [
        { name: 'chat__greet', arguments: { name: 'Ada' } },
        { name: 'chat__greet', arguments: { name: 'Bob' } },
        { name: 'chat__greet', arguments: { name: 'Cy' } },
      ],
    },
    { echoToolResults: true, prefix: 'Results: ' },
  ]);
  const host = await startHost(config());
  await openChat(page, host);
  await send(page, 'Greet all three');

  // Each card asks in place; the conversation stays in view, and the composer says what waits.
  await expect(page.getByRole('region', { name: /^Decision on greet$/ })).toHaveCount(3);
  const note = waiting(page);
  await expect(note).toContainText('3 tool calls wait for your decision');
  await expect(note.getByRole('list', { name: 'Waiting calls' }).getByRole('listitem')).toHaveCount(3);
  await expect(messageBox(page)).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  await note.getByRole('button', { name: 'Allow all 3' }).click();
  await expect(lastAssistant(page)).toContainText('Results: Hello, Ada!');
  await expect(lastAssistant(page)).toContainText('Hello, Bob!');
  await expect(lastAssistant(page)).toContainText('Hello, Cy!');
  for (const item of await card(page, 'greet').all()) await expect(item).toContainText('allowed once');
  await expect(note).toBeHidden();
  await expect(dialog(page)).toHaveCount(0);
});

test('the keyboard reaches the waiting call from the message box, then allows or denies it', async ({
  page,
  startHost,
}) => {
  await llm.script([
    {
      toolCalls: [
        { name: 'chat__greet', arguments: { name: 'Key' } },
        { name: 'chat__slow', arguments: { seconds: 0.2 } },
      ],
    },
    { echoToolResults: true, prefix: 'Results: ' },
  ]);
  const host = await startHost(config());
  await openChat(page, host);
  await send(page, 'Use the keyboard');
  await expect(waiting(page)).toContainText('2 tool calls wait');

  // From outside any card, Alt+Y only moves the focus to the first waiting call.
  await messageBox(page).focus();
  await page.keyboard.press('Alt+y');
  await expect(decision(page, 'greet')).toBeFocused();
  // The answers arm a moment after a call appears, for keys as for clicks.
  await expect(decision(page, 'greet').getByRole('button', { name: 'Allow once' })).toBeEnabled();
  await page.keyboard.press('Alt+y');
  await expect(card(page, 'greet')).toContainText('allowed once');

  await page.keyboard.press('Alt+y');
  await expect(decision(page, 'slow')).toBeFocused();
  await page.keyboard.press('Alt+n');
  await expect(card(page, 'slow')).toContainText('denied');
  await expect(lastAssistant(page)).toContainText('Results: Hello, Key!');
});

test('"Allow for this conversation" holds there only, is listed in Settings, and can be revoked', async ({
  page,
  startHost,
}) => {
  await llm.script([
    { toolCalls: [{ name: 'chat__greet', arguments: { name: 'One' } }] },
    { text: 'Greeted one.' },
    { toolCalls: [{ name: 'chat__greet', arguments: { name: 'Two' } }] },
    { text: 'Greeted two.' },
    { toolCalls: [{ name: 'chat__greet', arguments: { name: 'Elsewhere' } }] },
    { text: 'Asked elsewhere.' },
    { toolCalls: [{ name: 'chat__greet', arguments: { name: 'Three' } }] },
    { text: 'Greeted three.' },
  ]);
  const host = await startHost(config());
  await openChat(page, host);
  await send(page, 'first');
  await decision(page, 'greet').getByRole('button', { name: 'Allow for this conversation' }).click();
  await expect(lastAssistant(page)).toContainText('Greeted one.');
  await expect(card(page, 'greet')).toContainText('allowed for this conversation');

  // The same conversation: no question.
  await send(page, 'second');
  await expect(lastAssistant(page)).toContainText('Greeted two.');
  await expect(card(page, 'greet').last()).toContainText('allowed by your permission for this conversation');

  // Another conversation asks; while it waits, the first conversation points to it.
  await newConversation(page);
  await send(page, 'elsewhere');
  await expect(decision(page, 'greet')).toBeVisible();
  await conversations(page)
    .getByRole('button', { name: /^first/ })
    .click();
  const pointer = page.getByRole('region', { name: 'Tool calls waiting elsewhere' });
  await expect(pointer).toContainText('A tool call (greet) waits for your decision in “elsewhere”');
  await pointer.getByRole('button', { name: 'Open “elsewhere”' }).click();
  await decision(page, 'greet').getByRole('button', { name: 'Deny' }).click();
  await expect(lastAssistant(page)).toContainText('Asked elsewhere.');
  await expect(pointer).toBeHidden();

  // Settings → Permissions shows the scope and where it holds; Revoke takes it back.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Permissions' }).click();
  const grants = page.getByRole('table', { name: 'Permissions you gave' });
  const row = grants.getByRole('row', { name: /In one conversation/ });
  await expect(row).toContainText('chat');
  await expect(row).toContainText('greet');
  await expect(row.getByRole('button', { name: 'Open “first”' })).toBeVisible();
  await row.getByRole('button', { name: 'Revoke greet on chat in “first”' }).click();
  await expect(page.getByText('No permissions yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Close' }).click();
  await conversations(page)
    .getByRole('button', { name: /^first/ })
    .click();
  await send(page, 'third');
  await expect(decision(page, 'greet')).toBeVisible();
  await decision(page, 'greet').getByRole('button', { name: 'Allow once' }).click();
  await expect(lastAssistant(page)).toContainText('Greeted three.');
});

test('an edit of the arguments is shown on the card and traced in the audit view, which links to the conversation', async ({
  page,
  startHost,
}) => {
  await llm.script([
    { toolCalls: [{ name: 'chat__greet', arguments: { name: 'Ada' } }] },
    { echoToolResults: true, prefix: 'The tool answered: ' },
    { toolCalls: [{ name: 'chat__fail', arguments: {} }] },
    { text: 'That failed.' },
  ]);
  const host = await startHost(config());
  await openChat(page, host);
  await send(page, 'Greet Ada');

  const panel = decision(page, 'greet');
  await expect(panel.getByRole('definition')).toContainText('Ada');
  await panel.getByRole('button', { name: 'Edit as JSON' }).click();
  const editor = panel.getByRole('textbox', { name: 'Arguments' });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText('{ "name": "Grace" }');
  await expect(panel.getByRole('figure', { name: 'The arguments asked for and sent' })).toContainText(
    'Grace',
  );
  await panel.getByRole('button', { name: 'Allow once' }).click();

  await expect(lastAssistant(page)).toContainText('The tool answered: Hello, Grace!');
  const trace = card(page, 'greet').getByRole('figure', { name: 'The arguments asked for and sent' });
  await expect(trace).toContainText('removed: "name": "Ada"');
  await expect(trace).toContainText('added: "name": "Grace"');

  // A result the server marks as an error shows as failed, not done.
  await send(page, 'Now fail');
  await decision(page, 'fail').getByRole('button', { name: 'Allow once' }).click();
  await expect(lastAssistant(page)).toContainText('That failed.');
  await expect(card(page, 'fail')).toContainText('failed');
  await expect(card(page, 'fail')).not.toContainText('done');
  await expect(card(page, 'fail')).toContainText('The disk is full.');

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Permissions' }).click();
  const entries = page.getByRole('list', { name: 'Audit entries' });
  await expect(entries.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Tool or request' }).selectOption('greet');
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  const entry = entries.getByRole('listitem').first();
  await expect(entry).toContainText('allowed once');
  await expect(entry).toContainText('Arguments (changed by you)');
  const audited = entry.getByRole('figure', { name: 'The arguments asked for and sent' });
  await expect(audited).toContainText('removed: "name": "Ada"');
  await expect(audited).toContainText('added: "name": "Grace"');
  await page.getByRole('combobox', { name: 'Tool or request' }).selectOption('');
  await page.getByRole('combobox', { name: 'Decision' }).selectOption('allowed');
  await expect(entries.getByRole('listitem')).toHaveCount(2);
  await expect(entries.getByRole('listitem').first()).toContainText('failed');

  await entry.getByRole('button', { name: 'Open “Greet Ada”' }).click();
  await expect(page.getByRole('region', { name: 'Greet Ada' })).toBeVisible();
  await expect(card(page, 'greet')).toBeVisible();
});

test('a write into a shared folder shows the diff against the file there, or that it creates one', async ({
  page,
  startHost,
}) => {
  const folder = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-write-')));
  await writeFile(join(folder, 'notes.md'), '# Notes\nold line\n');
  await llm.script([
    {
      toolCalls: [
        {
          name: 'workspace__write_file',
          arguments: { path: 'notes.md', content: '# Notes\nnew line\nmore\n' },
        },
      ],
    },
    { text: 'Written.' },
    { toolCalls: [{ name: 'workspace__write_file', arguments: { path: 'fresh.md', content: 'hello\n' } }] },
    { text: 'Created.' },
  ]);
  const host = await startHost(config({ workspace: { command: 'builtin:workspace' } }));
  await invoke(host, 'roots.add', { path: folder });
  await page.goto(host.url);
  await page
    .getByRole('dialog', { name: 'Share these folders with workspace?' })
    .getByRole('button', { name: 'Share', exact: true })
    .click();
  await newConversation(page);

  await send(page, 'Update my notes');
  const panel = decision(page, 'write_file');
  const file = panel.getByRole('region', { name: 'The file it writes' });
  await expect(file).toContainText(`Replaces 1 line of 2 in ${join(folder, 'notes.md')}, with 2 new lines.`);
  const diff = file.getByRole('figure', { name: 'The file now and after the call' });
  await expect(diff).toContainText('removed: old line');
  await expect(diff).toContainText('added: new line');
  await expect(diff).toContainText('added: more');
  // The new content reads as a text block, not an escaped JSON string.
  await expect(panel.getByRole('definition').filter({ hasText: 'markdown · 3 lines' })).toContainText(
    'new line',
  );
  await expect(panel).not.toContainText('\\n');
  await panel.getByRole('button', { name: 'Allow once' }).click();
  await expect(lastAssistant(page)).toContainText('Written.');
  expect(await readFile(join(folder, 'notes.md'), 'utf8')).toBe('# Notes\nnew line\nmore\n');

  await send(page, 'Start a file');
  await expect(
    decision(page, 'write_file').getByRole('region', { name: 'The file it writes' }),
  ).toContainText(`Creates a new file, ${join(folder, 'fresh.md')}, with 1 line.`);
  await decision(page, 'write_file').getByRole('button', { name: 'Deny' }).click();
  await expect(lastAssistant(page)).toContainText('Created.');
});

test('read-only tools run without asking once the person trusts the server’s claim', async ({
  page,
  startHost,
}) => {
  await llm.script([
    { toolCalls: [{ name: 'chat__greet', arguments: { name: 'Ro' } }] },
    { text: 'Greeted without asking.' },
  ]);
  const host = await startHost(config());
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Permissions' }).click();
  const trust = page.getByRole('checkbox', { name: 'Run the tools chat marks read-only without asking' });
  await expect(trust).not.toBeChecked();
  await expect(page.getByText(/trusts chat’s own claim/)).toContainText('Would cover: greet');
  await trust.check();
  await expect(page.getByRole('table', { name: 'Permissions you gave' })).toContainText('read-only');

  await page.getByRole('button', { name: 'Close' }).click();
  await newConversation(page);
  await send(page, 'greet');
  await expect(lastAssistant(page)).toContainText('Greeted without asking.');
  await expect(card(page, 'greet')).toContainText('the server marks it read-only');
});
