// A person meets a server's skills: the Skills tab shows them with their digests, one is approved and the model loads
// it, a tampered one is refused with the reason, a dynamic one asks at every use, one is used in a conversation, and
// a command the skill's conversation runs waits for the person.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { decisionOn } from './decisions';
import { expect, fixture, type RunningHost, test } from './host';
import { invoke } from './hostApi';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { lastAssistant, openChat, send } from './steps';

const BILLING = 'skill://acme/billing/refunds/SKILL.md';
const LOAD = 'switchboard__load_skill';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

function start(startHost: (config: unknown) => Promise<RunningHost>): Promise<RunningHost> {
  return startHost({ mcpServers: { acme: fixture('skills.mjs') }, models: modelsConfig(llm) });
}

async function openSkillsTab(page: Page, host: RunningHost): Promise<void> {
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /acme/ }).click();
  await page.getByRole('tab', { name: 'Skills' }).click();
}

const skillCard = (page: Page, name: string) => page.getByRole('article', { name: `Skill ${name}` });

test('the Skills tab lists the skills with their digests; an approved one is loaded by the model', async ({
  page,
  startHost,
}) => {
  llm.reset();
  await llm.script([
    { toolCalls: [{ name: LOAD, arguments: { server: 'acme', uri: BILLING } }] },
    { text: 'Following the refunds skill.' },
  ]);
  const host = await start(startHost);
  await openSkillsTab(page, host);
  const list = page.getByRole('list', { name: 'Skills of acme' });
  await expect(list.getByRole('article')).toHaveCount(5);
  const billing = skillCard(page, 'billing/refunds (acme)');
  const digest = `sha256:${createHash('sha256')
    .update(readFileSync('test/fixtures/skills/acme/billing/refunds/SKILL.md'))
    .digest('hex')}`;
  await expect(billing.getByRole('table', { name: 'Files of billing/refunds' })).toContainText(digest);
  await expect(billing).toContainText('Not approved');
  await expect(billing).toContainText('It asks to use these tools without asking you: lookup');
  await expect(skillCard(page, 'support/refunds (acme)')).toBeVisible();
  await expect(skillCard(page, 'partial (acme)')).toContainText('It sits inside the skill billing/refunds');
  await billing.getByRole('button', { name: 'Approve' }).click();
  await expect(billing).toContainText('Approved');
  await page
    .getByRole('textbox', { name: 'Find a skill by its URI' })
    .fill('skill://hidden/onboarding/SKILL.md');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(skillCard(page, 'onboarding (acme)')).toContainText('found by its URI');

  await page.getByRole('tab', { name: 'Chat' }).click();
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: 'New conversation' })
    .click();
  await send(page, 'Refund order 42');
  await expect(page.getByRole('group', { name: 'Loaded skill' })).toContainText(
    'Loaded skill: billing/refunds (acme)',
  );
  await expect(lastAssistant(page)).toContainText('Following the refunds skill.');
  const [first] = (await llm.requests()) as { messages: { role: string; content: unknown }[] }[];
  expect(JSON.stringify(first?.messages[0])).toContain(`uri=\\"${BILLING}\\" name=\\"billing/refunds\\"`);
});

test('a tampered skill is refused with the reason, and a dynamic skill asks at every use', async ({
  page,
  startHost,
}) => {
  llm.reset();
  await llm.script([
    { toolCalls: [{ name: LOAD, arguments: { server: 'acme', uri: 'skill://tampered/SKILL.md' } }] },
    { toolCalls: [{ name: LOAD, arguments: { server: 'acme', uri: 'skill://reports/daily/SKILL.md' } }] },
    { toolCalls: [{ name: LOAD, arguments: { server: 'acme', uri: 'skill://reports/daily/SKILL.md' } }] },
    { text: 'That is all.' },
  ]);
  const host = await start(startHost);
  await openChat(page, host);
  await send(page, 'Prepare the reports');

  const tampered = page.getByRole('dialog', { name: 'Load the skill tampered?' });
  await tampered.getByRole('button', { name: 'Load once' }).click();
  await expect(page.getByRole('group', { name: 'Skill not loaded' }).first()).toContainText(
    /The skill tampered of "acme" was refused: skill:\/\/tampered\/SKILL\.md is \d+ bytes, but the skill's entry says \d+/,
  );

  const daily = page.getByRole('dialog', { name: 'Load the skill daily?' });
  await expect(daily).toContainText('you are asked at every use');
  await expect(daily.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await daily.getByRole('button', { name: 'Load once' }).click();
  await expect(page.getByRole('group', { name: 'Loaded skill' })).toContainText('Loaded skill: daily (acme)');

  await expect(daily).toBeVisible();
  await daily.getByRole('button', { name: 'Refuse' }).click();
  await expect(page.getByRole('group', { name: 'Skill not loaded' }).last()).toContainText(
    'The person did not allow the skill daily of "acme"',
  );
  await expect(lastAssistant(page)).toContainText('That is all.');
});

test('a skill chosen under Resources goes with the next message, loaded and tagged with its server', async ({
  page,
  startHost,
}) => {
  llm.reset();
  await llm.script([{ text: 'Answered as support would.' }]);
  const host = await start(startHost);
  await openChat(page, host);
  await page.getByRole('tab', { name: 'Resources' }).click();
  const section = page.getByRole('region', { name: 'Skills' });
  await section.getByRole('button', { name: /support\/refunds \(acme\)/ }).click();
  const card = skillCard(page, 'support/refunds (acme)');
  await card.getByRole('button', { name: 'Use in this conversation' }).click();
  await expect(page.getByRole('list', { name: 'Attachments' })).toContainText('Skill support/refunds (acme)');
  await send(page, 'Where is my refund?');
  await expect(lastAssistant(page)).toContainText('Answered as support would.');
  const [first] = (await llm.requests()) as { messages: { role: string; content: unknown }[] }[];
  const user = JSON.stringify(first?.messages.filter((message) => message.role === 'user'));
  expect(user).toContain('Skill support/refunds from the MCP server \\"acme\\"');
  expect(user).toContain('Tell the customer the refund');
});

test('after the model loads a skill, a command allowed for the conversation waits for the person, saying why', async ({
  page,
  startHost,
}) => {
  llm.reset();
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-skill-code-')));
  const runLog = join(dir, 'ran.log');
  await writeFile(runLog, '');
  const run = (command: string) => ({ toolCalls: [{ name: 'shell__run_command', arguments: { command } }] });
  await llm.script([
    run('echo before'),
    { toolCalls: [{ name: LOAD, arguments: { server: 'acme', uri: BILLING } }] },
    run('echo after'),
    { echoToolResults: true, prefix: 'Tool said: ' },
  ]);
  const host = await startHost({
    mcpServers: {
      acme: fixture('skills.mjs'),
      // Unsandboxed: it stands for a server that runs commands here, and writes them where the test reads them.
      shell: { ...fixture('flow-shell.mjs', { RUN_LOG: runLog }), sandbox: false },
    },
    models: modelsConfig(llm),
  });
  await invoke(host, 'skills.approve', { server: 'acme', uri: BILLING });
  await openChat(page, host);
  await send(page, 'Refund order 42');
  const first = decisionOn(page, 'run_command');
  await expect(first.getByRole('list', { name: 'Flow labels' })).toContainText('runs code');
  await first.getByRole('button', { name: 'Allow for this conversation' }).click();
  await expect(page.getByRole('group', { name: 'Loaded skill' })).toContainText(
    'Loaded skill: billing/refunds (acme)',
  );

  const held = decisionOn(page, 'run_command');
  await expect(held.getByRole('note', { name: 'Why this call is held' })).toContainText(
    'This conversation is following the skill billing/refunds (acme). This call runs code: its name says it runs code (“run command”).',
  );
  await expect(held.getByRole('note', { name: 'Why this call is held' })).toContainText(
    'Your permission for this conversation would have run it',
  );
  await expect(held.getByRole('button', { name: 'Allow for this conversation' })).toHaveCount(0);
  await held.getByRole('button', { name: 'Deny' }).click();
  await expect(lastAssistant(page)).toContainText('Tool said: The person declined this tool call.');
  expect(await readFile(runLog, 'utf8')).toBe('echo before\n');

  // Settings → Permissions shows the label with where it came from; the person can unmark it.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Permissions' }).click();
  const shell = page.getByRole('region', { name: 'Labels of shell’s tools' });
  const runsCode = shell.getByRole('checkbox', { name: 'run_command runs code' });
  await expect(runsCode).toBeChecked();
  await expect(shell.getByRole('row', { name: /run_command/ })).toContainText('tool’s name');
  await runsCode.click();
  await expect(runsCode).not.toBeChecked();
  await expect(shell.getByRole('button', { name: 'Back to the rules' })).toBeVisible();
});
