// A tool that runs code, called while the conversation follows a skill from a server (loaded by the model or attached
// by the person), waits for the person though a grant covers it; before the skill, the grant lets it run.
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantMessage, ConsentRequest } from '../../src/shared/chat';
import type { ConsentDecision } from '../../src/shared/consent';
import { fixtureEntry, until } from '../helpers';
import { type HostHarness, type ScriptedModel, startHostHarness, startModel } from '../hostHarness';
import { BILLING } from './skillSetup';

const RUN = 'shell__run_command';

let model: ScriptedModel;
let harness: HostHarness | undefined;
let dir: string | undefined;

beforeAll(async () => {
  model = await startModel();
});
afterAll(() => model.close());
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
  model.reset();
});

/** A host with the skills fixture and a server whose `run_command` writes what it ran to the log it returns. */
async function start(): Promise<{ harness: HostHarness; ran: () => Promise<string> }> {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-skill-code-')));
  const runLog = join(dir, 'ran.log');
  await writeFile(runLog, '');
  harness = await startHostHarness(
    {
      billing: fixtureEntry('skills.mjs'),
      // Unsandboxed: it stands for a server that runs commands on this computer, and writes them where the test reads them.
      shell: fixtureEntry('flow-shell.mjs', { env: { RUN_LOG: runLog }, sandbox: false }),
    },
    model,
  );
  const { host } = harness;
  await until('the skills to be listed', async () => (await host.commands['skills.list']({})).length === 5);
  return { harness, ran: () => readFile(runLog, 'utf8') };
}

/** Answers every call: a held one with `held`, another with `grant` the first time and `once` after. */
function answer(host: HostHarness['host'], held: ConsentDecision, grant: ConsentDecision): ConsentRequest[] {
  const asked: ConsentRequest[] = [];
  host.on('consent.requested', (request) => {
    asked.push(request);
    const decision = request.hold ? held : asked.length === 1 ? grant : 'once';
    void host.commands['consent.answer']({ id: request.id, decision });
  });
  return asked;
}

const callsOf = (reply: AssistantMessage) =>
  reply.parts.flatMap((part) => (part.type === 'tool' ? [[part.call.tool, part.call.status]] : []));

describe('a skill from a server and tools that run code', { timeout: 60_000 }, () => {
  it('lets a grant for the conversation run a command until load_skill, then holds the same call', async () => {
    const { harness, ran } = await start();
    const { host, chat } = harness;
    await host.commands['skills.approve']({ server: 'billing', uri: BILLING });
    const asked = answer(host, 'deny', 'conversation');
    model.script([
      { toolCalls: [{ name: RUN, arguments: { command: 'echo one' } }] },
      { toolCalls: [{ name: RUN, arguments: { command: 'echo two' } }] },
      { toolCalls: [{ name: 'switchboard__load_skill', arguments: { server: 'billing', uri: BILLING } }] },
      { toolCalls: [{ name: RUN, arguments: { command: 'echo three' } }] },
      { text: 'Done.' },
    ]);
    const { conversationId, reply } = await chat('Refund order 42 as the skill says');
    expect(reply.status).toBe('done');

    // Asked once for the grant; the second command ran under it; the third was held though the grant covers it.
    expect(asked.map((request) => [request.tool.name, request.hold?.reason])).toEqual([
      ['run_command', undefined],
      ['run_command', 'skill-code'],
    ]);
    expect(asked[1]?.hold).toEqual({
      reason: 'skill-code',
      grant: 'conversation',
      skills: [
        expect.objectContaining({ kind: 'skill', server: 'billing', what: 'the skill billing/refunds' }),
      ],
      runsCode: 'its name says it runs code (“run command”)',
    });
    expect(asked[1]?.labels?.runsCode).toMatchObject({ on: true, source: 'name' });
    expect(callsOf(reply)).toEqual([
      ['run_command', 'done'],
      ['run_command', 'done'],
      ['load_skill', 'done'],
      ['run_command', 'denied'],
    ]);
    expect(await ran()).toBe('echo one\necho two\n');
    const conversation = await host.commands['chat.get']({ id: conversationId });
    expect(conversation.exposure?.skills?.map((mark) => mark.what)).toEqual(['the skill billing/refunds']);
  });

  it('holds a command under "Always allow" in a conversation the person attached a skill to; allowed once, it runs', async () => {
    const { harness, ran } = await start();
    const { host, chat } = harness;
    const asked = answer(host, 'once', 'always');
    model.script([{ toolCalls: [{ name: RUN, arguments: { command: 'date' } }] }, { text: 'Ok.' }]);
    expect((await chat('What day is it?')).reply.status).toBe('done');

    model.script([
      { toolCalls: [{ name: RUN, arguments: { command: 'refund 42' } }] },
      { text: 'Refunded.' },
    ]);
    const { conversationId, reply } = await chat('Refund order 42', [
      { kind: 'skill', server: 'billing', uri: BILLING, label: 'billing/refunds' },
    ]);
    expect(reply.status).toBe('done');
    expect(
      asked.map((request) => [request.conversationId, request.hold?.reason, request.hold?.grant]),
    ).toEqual([
      [expect.any(String), undefined, undefined],
      [conversationId, 'skill-code', 'always'],
    ]);
    expect(await ran()).toBe('date\nrefund 42\n');
  });
});
