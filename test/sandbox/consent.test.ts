// The sandbox in the person's decisions: the network chosen when approving, and tools run without asking while
// a server is sandboxed with no network, suspended by any change of either.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { AssistantMessage, ConsentRequest, ToolCallView } from '../../src/shared/chat';
import type { StdioServerEntry } from '../../src/shared/types';
import { startTestHost, type TestHost } from '../faults/hostHarness';
import { fixtureEntry, until } from '../helpers';
import { type ScriptedModel, startModel } from '../scriptedModel';

let llm: ScriptedModel;
beforeAll(async () => {
  llm = await startModel();
});
afterAll(() => llm.close());
const hosts: TestHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
}, 30_000);

const tools = (sandbox: StdioServerEntry['sandbox']): StdioServerEntry => ({
  ...fixtureEntry('chat-tools.mjs'),
  sandbox,
});

async function start(config: unknown): Promise<TestHost> {
  const t = await startTestHost(config);
  hosts.push(t);
  return t;
}

/** One turn where the model calls `greet`; every question is denied. The card, and whether it asked. */
async function greet(t: TestHost, conversation: string): Promise<{ card?: ToolCallView; asked: boolean }> {
  const base = llm.url.replace(/\/v1$/, '');
  await fetch(`${base}/__reset`, { method: 'POST' });
  await fetch(`${base}/__script`, {
    method: 'POST',
    body: JSON.stringify([
      { toolCalls: [{ name: 'tools__greet', arguments: { name: 'Ada' } }] },
      { text: 'ok' },
    ]),
  });
  let asked = false;
  const stop = t.host.on('consent.requested', (request: ConsentRequest) => {
    asked = true;
    void t.host.commands['consent.answer']({ id: request.id, decision: 'deny' });
  });
  const before = t.events('chat.message').length;
  try {
    await t.host.commands['chat.send']({ id: conversation, text: 'go' });
    const reply = await until('the turn to end', () => {
      const found = t
        .events('chat.message')
        .slice(before)
        .find(({ message }) => message.role === 'assistant' && message.status !== 'streaming');
      return found?.message as AssistantMessage | undefined;
    });
    const card = reply.parts.flatMap((part) => (part.type === 'tool' ? [part.call] : []))[0];
    return { card, asked };
  } finally {
    stop();
  }
}

it('runs the tools of a server sandboxed with no network without asking, and asks again once its network changes', {
  timeout: 60_000,
}, async () => {
  const models = {
    providers: [{ id: 'local', type: 'openai-compatible', baseURL: llm.url, models: ['scripted-model'] }],
    default: 'local/scripted-model',
  };
  const t = await start({ mcpServers: { tools: tools({ network: 'none' }) }, models });
  const commands = t.host.commands;
  const grants = await commands['permissions.trustSandboxed']({ server: 'tools', enabled: true });
  expect(grants).toEqual([expect.objectContaining({ scope: 'sandboxed', server: 'tools' })]);
  const conversation = (await commands['chat.create']({})).id;

  const trusted = await greet(t, conversation);
  expect(trusted.asked).toBe(false);
  expect(trusted.card).toMatchObject({ status: 'done', decision: 'granted', grant: 'sandboxed' });

  for (const sandbox of [{ network: 'any' as const }, { network: ['example.com'] }, false as const]) {
    await commands['config.putServer']({ name: 'tools', previousName: 'tools', entry: tools(sandbox) });
    await t.host.ready();
    expect([sandbox, (await greet(t, conversation)).asked]).toEqual([sandbox, true]);
  }
  await commands['config.putServer']({
    name: 'tools',
    previousName: 'tools',
    entry: tools({ network: 'none' }),
  });
  await t.host.ready();
  expect((await greet(t, conversation)).asked).toBe(false);

  await commands['config.putServer']({
    name: 'tools',
    previousName: 'tools',
    entry: tools({ network: 'any' }),
  });
  await t.host.ready();
  await expect(commands['permissions.trustSandboxed']({ server: 'tools', enabled: true })).rejects.toThrow(
    /does not run in the sandbox with no network/,
  );
  await commands['permissions.trustSandboxed']({ server: 'tools', enabled: false });
  expect(await commands['permissions.list']({})).toEqual([]);
});

it('writes the network the person chose into the entry and approves it in the same step', {
  timeout: 60_000,
}, async () => {
  const t = await start({ mcpServers: {} });
  const commands = t.host.commands;
  const entry = fixtureEntry('chat-tools.mjs');
  // Added by another program: it waits for the person.
  await writeFile(t.configPath, JSON.stringify({ mcpServers: { tools: entry } }));
  await commands['config.reload']({});
  const [request] = await commands['approvals.list']({});
  expect(request?.launch).toMatchObject({ transport: 'stdio', sandbox: { network: [], defaultHosts: [] } });

  await commands['approvals.answer']({
    name: 'tools',
    identity: request?.identity ?? '',
    approve: true,
    network: 'none',
  });
  await t.host.ready();
  const written = JSON.parse(await readFile(join(t.dir, 'config.json'), 'utf8')).mcpServers.tools;
  expect(written).toEqual({ ...entry, sandbox: { network: 'none' } });
  expect(await commands['approvals.list']({})).toEqual([]);
  const view = (await commands['servers.list']({})).find((server) => server.name === 'tools');
  expect(view?.state.kind).toBe('running');
  expect(view?.sandbox).toMatchObject({ kind: 'sandboxed', network: 'none' });
});
