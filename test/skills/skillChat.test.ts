// Skills in a conversation through the real host and the scripted model: the approved ones named in the system prompt,
// load_skill and read_skill_file, a tampered skill refused, the person's own choice, and no tool given without consent.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantMessage, ConsentRequest, ToolCallView } from '../../src/shared/chat';
import type { SkillApprovalRequest } from '../../src/shared/skills';
import { fixtureEntry, until } from '../helpers';
import { type HostHarness, type ScriptedModel, startHostHarness, startModel } from '../hostHarness';
import { BILLING, EMAIL, TAMPERED } from './skillSetup';

const LOAD = 'switchboard__load_skill';
const READ = 'switchboard__read_skill_file';

let model: ScriptedModel;
let harness: HostHarness | undefined;

beforeAll(async () => {
  model = await startModel();
});
afterAll(() => model.close());
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
  model.reset();
});

async function start(): Promise<HostHarness> {
  harness = await startHostHarness({ billing: fixtureEntry('skills.mjs') }, model);
  await until(
    'the skills to be listed',
    async () => (await harness?.host.commands['skills.list']({}))?.length === 5,
  );
  return harness;
}

const calls = (reply: AssistantMessage): ToolCallView[] =>
  reply.parts.flatMap((part) => (part.type === 'tool' ? [part.call] : []));
const systemOf = (request: { messages: { role: string; content: unknown }[] }) =>
  String(request.messages.find((message) => message.role === 'system')?.content ?? '');
const toolText = (request: { messages: { role: string; content: unknown }[] }) =>
  JSON.stringify(request.messages.filter((message) => message.role === 'tool'));

describe('skills in a conversation', { timeout: 60_000 }, () => {
  it('declares the extension to the server', async () => {
    const { host } = await start();
    const sent = (await host.commands['servers.wire']({ server: 'billing' })).filter(
      (frame) => frame.direction === 'out',
    );
    expect(JSON.stringify(sent)).toContain('"io.modelcontextprotocol/skills":{}');
  });

  it('names approved skills in the system prompt, loads one with load_skill, and still asks before its allowed-tools', async () => {
    const { host, chat } = await start();
    await host.commands['skills.approve']({ server: 'billing', uri: BILLING });
    const asked: ConsentRequest[] = [];
    host.on('consent.requested', (request) => {
      asked.push(request);
      void host.commands['consent.answer']({ id: request.id, decision: 'deny' });
    });
    model.script([
      { toolCalls: [{ name: LOAD, arguments: { server: 'billing', uri: BILLING } }] },
      { toolCalls: [{ name: READ, arguments: { server: 'billing', uri: EMAIL } }] },
      { toolCalls: [{ name: 'billing__lookup', arguments: {} }] },
      { text: 'Refund prepared.' },
    ]);
    const { conversationId, reply } = await chat('Refund order 42');
    expect(reply.status).toBe('done');
    const [load, read, lookup] = calls(reply);
    expect(load).toMatchObject({ host: true, tool: 'load_skill', status: 'done' });
    expect(load?.result?.structuredContent).toMatchObject({ server: 'billing', label: 'billing/refunds' });
    expect(read?.result?.isError).toBeUndefined();
    expect(lookup?.status).toBe('denied');
    expect(asked.map((request) => request.tool.name)).toEqual(['lookup']);

    const requests = await model.requests();
    const system = systemOf(requests[0] ?? { messages: [] });
    expect(system).toContain(
      '<skill server="billing" uri="skill://acme/billing/refunds/SKILL.md" name="billing/refunds">Process customer refund requests',
    );
    expect(system).not.toContain('support/refunds');
    expect(toolText(requests[1] ?? { messages: [] })).toContain('skill-content server=\\"billing\\"');
    expect(toolText(requests[2] ?? { messages: [] })).toContain('your refund of {amount}');
    const conversation = await host.commands['chat.get']({ id: conversationId });
    expect(conversation.exposure?.outsideContent?.what).toBe('the skill billing/refunds');
  });

  it('forgets a server’s skill approvals and kept files when the server is removed', async () => {
    const { host, dataDir } = await start();
    await host.commands['skills.approve']({ server: 'billing', uri: BILLING });
    expect(await host.commands['skills.inspect']({ server: 'billing', uri: BILLING, file: EMAIL })).toContain(
      'your refund of {amount}',
    );
    expect(await readdir(join(dataDir, 'skills'))).toHaveLength(1);
    await host.commands['config.removeServer']({ name: 'billing' });
    await until('the kept files to go', async () => (await readdir(join(dataDir, 'skills'))).length === 0);
    const approvals = JSON.parse(await readFile(join(dataDir, 'skill-approvals.json'), 'utf8'));
    expect(approvals.approvals).toEqual([]);
  });

  it('refuses a tampered skill with the reason, which the model reads', async () => {
    const { host, chat } = await start();
    host.on('skills.requested', (request: SkillApprovalRequest) => {
      void host.commands['skills.answer']({ id: request.id, answer: 'once' });
    });
    model.script([
      { toolCalls: [{ name: LOAD, arguments: { server: 'billing', uri: TAMPERED } }] },
      { echoToolResults: true, prefix: 'Got: ' },
    ]);
    const { reply } = await chat('Prepare the quarterly tax summary');
    const [load] = calls(reply);
    expect(load?.result?.isError).toBe(true);
    expect(JSON.stringify(load?.result?.structuredContent)).toMatch(
      /was refused: .* bytes, but the skill's entry says/,
    );
    const last = reply.parts.at(-1);
    expect(last?.type === 'text' ? last.text : '').toMatch(
      /Got: The tool reported an error:\nThe skill tampered of "billing" was refused/,
    );
  });

  it('loads a skill the person attached, without asking, and lets the model read its files', async () => {
    const { host, chat } = await start();
    const questions: SkillApprovalRequest[] = [];
    host.on('skills.requested', (request: SkillApprovalRequest) => questions.push(request));
    model.script([
      { toolCalls: [{ name: READ, arguments: { server: 'billing', uri: EMAIL } }] },
      { text: 'Written.' },
    ]);
    const { reply } = await chat('Answer this refund mail', [
      { kind: 'skill', server: 'billing', uri: BILLING, label: 'billing/refunds' },
    ]);
    expect(reply.status).toBe('done');
    const [first, second] = await model.requests();
    const user = JSON.stringify(first?.messages.filter((message) => message.role === 'user'));
    expect(user).toContain('Skill billing/refunds from the MCP server \\"billing\\"');
    expect(user).toContain(EMAIL);
    expect(toolText(second ?? { messages: [] })).toContain('your refund of {amount}');
    expect(questions).toHaveLength(0);
  });
});
