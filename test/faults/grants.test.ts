// "Always allow" holds for the server it was given to: its whole launch (command, args, cwd, env, url, headers).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PermissionStore } from '../../src/main/consent/policy';
import { serverIdentity } from '../../src/main/trust/identity';
import type { AssistantMessage, ToolCallView } from '../../src/shared/chat';
import type { ServerEntry, StdioServerEntry, ToolView } from '../../src/shared/types';
import { fixtureEntry, until } from '../helpers';
import { type ScriptedModel, startModel } from '../scriptedModel';
import { startTestHost, type TestHost } from './hostHarness';

let llm: ScriptedModel;
let base: string;
beforeAll(async () => {
  llm = await startModel();
  base = llm.url.replace(/\/v1$/, '');
});
afterAll(() => llm.close());

const hosts: TestHost[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}, 30_000);

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-grants-'));
  dirs.push(dir);
  return dir;
}

const greet: ToolView = {
  name: 'greet',
  title: 'Greet',
  description: 'Greets someone by name.',
  inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  annotations: { readOnlyHint: true },
};

describe('the identity a grant is pinned to', () => {
  const stdio: StdioServerEntry = {
    command: 'node',
    args: ['server.js'],
    cwd: '/srv/files',
    env: { ROOT: '/home/me', TOKEN: 'secret-value-123' },
  };
  const remote: ServerEntry = {
    type: 'http',
    url: 'https://example.com/mcp',
    headers: { Authorization: 'Bearer secret-token-456' },
  };

  it('changes with the command, args, cwd, an env name or value, the url, a header or the transport', () => {
    const same = serverIdentity(stdio);
    const variants: ServerEntry[] = [
      { ...stdio, command: 'nodejs' },
      { ...stdio, args: ['server.js', '--write'] },
      { ...stdio, args: [] },
      { ...stdio, cwd: '/srv/other' },
      { ...stdio, cwd: undefined },
      { ...stdio, env: { ROOT: '/', TOKEN: 'secret-value-123' } },
      { ...stdio, env: { HOME_DIR: '/home/me', TOKEN: 'secret-value-123' } },
      { ...stdio, env: { ROOT: '/home/me', TOKEN: 'secret-value-123', EXTRA: '1' } },
    ];
    for (const variant of variants) expect(serverIdentity(variant), JSON.stringify(variant)).not.toBe(same);
    const remoteIdentity = serverIdentity(remote);
    const remoteVariants: ServerEntry[] = [
      { ...remote, url: 'https://example.com/mcp2' },
      { ...remote, headers: { Authorization: 'Bearer other' } },
      { ...remote, headers: { 'X-Api-Key': 'Bearer secret-token-456' } },
      { ...remote, headers: {} },
      { ...remote, type: 'sse' },
    ];
    for (const variant of remoteVariants) {
      expect(serverIdentity(variant), JSON.stringify(variant)).not.toBe(remoteIdentity);
    }
  });

  it('does not change with disabled, key order, or empty optional parts', () => {
    const same = serverIdentity(stdio);
    expect(serverIdentity({ ...stdio, disabled: true })).toBe(same);
    expect(serverIdentity({ ...stdio, type: 'stdio' })).toBe(same);
    expect(
      serverIdentity({
        env: { TOKEN: 'secret-value-123', ROOT: '/home/me' },
        cwd: '/srv/files',
        args: ['server.js'],
        command: 'node',
      }),
    ).toBe(same);
    expect(serverIdentity({ command: 'x', args: [], env: {} })).toBe(serverIdentity({ command: 'x' }));
    expect(serverIdentity({ ...remote, disabled: false })).toBe(serverIdentity(remote));
    expect(serverIdentity({ ...remote, headers: { authorization: 'Bearer secret-token-456' } })).toBe(
      serverIdentity(remote),
    );
  });

  it('never holds env or header values in clear, and neither does permissions.json', async () => {
    const identity = serverIdentity(stdio);
    expect(identity).not.toContain('secret-value-123');
    expect(identity).not.toContain('/home/me');
    expect(serverIdentity(remote)).not.toContain('secret-token-456');
    const path = join(await tempDir(), 'permissions.json');
    const store = new PermissionStore(path);
    await store.load();
    await store.grant('files', identity, greet);
    const text = await import('node:fs/promises').then((fs) => fs.readFile(path, 'utf8'));
    expect(text).not.toContain('secret-value-123');
    expect(text).toContain(identity);
  });

  it('asks again for a grant stored with an older identity, without failing', async () => {
    const path = join(await tempDir(), 'permissions.json');
    const old = {
      server: 'files',
      tool: 'greet',
      serverIdentity: JSON.stringify([stdio.command, ...(stdio.args ?? [])]),
      definitionHash: 'x',
      grantedAt: 1,
      definition: '{}',
    };
    await writeFile(path, JSON.stringify({ version: 1, grants: [old] }));
    const store = new PermissionStore(path);
    await store.load();
    expect(store.check('files', serverIdentity(stdio), greet)).toEqual({ kind: 'ask' });
  });
});

/** A host with the chat-tools server under `entry` and the scripted model. */
async function chatHost(entry: StdioServerEntry, dir: string): Promise<TestHost> {
  const models = {
    providers: [{ id: 'local', type: 'openai-compatible', baseURL: llm.url, models: ['scripted-model'] }],
    default: 'local/scripted-model',
  };
  const t = await startTestHost({ mcpServers: { tools: entry }, models }, { dataDir: dir });
  hosts.push(t);
  return t;
}

/**
 * One chat turn in which the model calls tools__greet; a consent question is answered "always".
 * Answers whether the person was asked, and how the call was decided.
 */
async function greetTurn(t: TestHost): Promise<{ asked: boolean; call: ToolCallView }> {
  await fetch(`${base}/__reset`, { method: 'POST' });
  await fetch(`${base}/__script`, {
    method: 'POST',
    body: JSON.stringify([
      { toolCalls: [{ name: 'tools__greet', arguments: { name: 'Ada' } }] },
      { text: 'done' },
    ]),
  });
  const conversation = await t.host.commands['chat.create']({});
  const asked = t.events('consent.requested').length;
  await t.host.commands['chat.send']({ id: conversation.id, text: 'greet Ada' });
  const reply = await until(
    'the turn to end',
    () => {
      const request = t.events('consent.requested')[asked];
      if (request && !answered.has(request.id)) {
        answered.add(request.id);
        void t.host.commands['consent.answer']({ id: request.id, decision: 'always' });
      }
      return t
        .events('chat.message')
        .find(
          ({ conversationId, message }) =>
            conversationId === conversation.id &&
            message.role === 'assistant' &&
            message.status !== 'streaming' &&
            message.parts.some((part) => part.type === 'tool'),
        )?.message as AssistantMessage | undefined;
    },
    15_000,
  );
  const call = reply.parts.flatMap((part) => (part.type === 'tool' ? [part.call] : []))[0]!;
  return { asked: t.events('consent.requested').length > asked, call };
}
const answered = new Set<string>();

describe('"Always allow" through a real host', { timeout: 60_000 }, () => {
  it('holds while the server is unchanged or only disabled and enabled again, and asks after a cwd change', async () => {
    const dir = await tempDir();
    const first = await tempDir();
    const entry: StdioServerEntry = { ...fixtureEntry('chat-tools.mjs'), cwd: first, env: { MODE: 'a' } };
    const t = await chatHost(entry, dir);

    const granting = await greetTurn(t);
    expect(granting.asked).toBe(true);
    expect(granting.call).toMatchObject({ status: 'done', decision: 'always' });
    expect((await greetTurn(t)).call).toMatchObject({ status: 'done', decision: 'granted' });

    await t.host.commands['config.setDisabled']({ name: 'tools', disabled: true });
    await t.host.commands['config.setDisabled']({ name: 'tools', disabled: false });
    await t.host.ready();
    const again = await greetTurn(t);
    expect(again.asked).toBe(false);
    expect(again.call).toMatchObject({ status: 'done', decision: 'granted' });

    await t.host.commands['config.putServer']({
      name: 'tools',
      previousName: 'tools',
      entry: { ...entry, cwd: await tempDir() },
    });
    await t.host.ready();
    const moved = await greetTurn(t);
    expect(moved.asked).toBe(true);
    expect(moved.call.decision).toBe('always');

    await t.host.commands['config.putServer']({
      name: 'tools',
      previousName: 'tools',
      entry: { ...entry, env: { MODE: 'b' } },
    });
    await t.host.ready();
    expect((await greetTurn(t)).asked).toBe(true);
  });

  it('asks again for a grant kept from before, when identities named only the command line', async () => {
    const dir = await tempDir();
    const entry = fixtureEntry('chat-tools.mjs');
    const { definitionHash } = await import('../../src/main/consent/policy');
    const grant = {
      server: 'tools',
      tool: 'greet',
      serverIdentity: JSON.stringify([entry.command, ...(entry.args ?? [])]),
      definitionHash: definitionHash(greet),
      grantedAt: 1,
      definition: '{}',
    };
    await writeFile(join(dir, 'permissions.json'), JSON.stringify({ version: 1, grants: [grant] }));
    const t = await chatHost(entry, dir);
    const turn = await greetTurn(t);
    expect(turn.asked).toBe(true);
    expect(turn.call).toMatchObject({ status: 'done', decision: 'always' });
  });
});
