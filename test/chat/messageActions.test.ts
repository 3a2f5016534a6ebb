// Retry, Regenerate, Edit and resend, Continue, usage and options, through the real host and a scripted model server.
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Host } from '../../src/main/host';
import { toModelMessages } from '../../src/main/llm/history';
import type { AssistantMessage, Conversation } from '../../src/shared/chat';
import type { CommandArgs, CommandName, CommandResult, Events } from '../../src/shared/contract';
import { until } from '../helpers';

type Fixture = {
  url: string;
  script(turns: unknown[]): void;
  requests(): ChatRequest[];
  reset(): void;
  close(): Promise<void>;
};
type ChatRequest = { temperature?: number; messages: { role: string; content: unknown }[] };

let llm: Fixture;
const hosts: Host[] = [];

beforeAll(async () => {
  const { startOpenAIFixture } = (await import(
    new URL('../fixtures/openai-server.mjs', import.meta.url).href
  )) as {
    startOpenAIFixture(options: { port: number }): Promise<Fixture>;
  };
  llm = await startOpenAIFixture({ port: 0 });
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.shutdown()));
});

async function startHost(
  dataDir?: string,
): Promise<{ host: Host; dir: string; removed: Events['chat.removed'][] }> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'switchboard-actions-')));
  const models = {
    providers: [{ id: 'local', type: 'openai-compatible', baseURL: llm.url, models: ['scripted-model'] }],
    default: 'local/scripted-model',
  };
  await writeFile(join(dir, 'config.json'), JSON.stringify({ mcpServers: {}, models }));
  const host = await Host.create({ dataDir: dir });
  hosts.push(host);
  const removed: Events['chat.removed'][] = [];
  host.on('chat.removed', (event) => removed.push(event));
  return { host, dir, removed };
}

function call<N extends CommandName>(host: Host, name: N, args: CommandArgs<N>): Promise<CommandResult<N>> {
  return (host.commands[name] as (input: CommandArgs<N>) => Promise<CommandResult<N>>)(args);
}

/** Waits until the conversation's last reply has settled, and returns the conversation. */
async function settled(host: Host, id: string): Promise<Conversation> {
  return until('the reply to settle', async () => {
    const conversation = await call(host, 'chat.get', { id });
    const last = conversation.messages.at(-1);
    return last?.role === 'assistant' && last.status !== 'streaming' && conversation;
  });
}

const texts = (conversation: Conversation) =>
  conversation.messages.map((message) =>
    message.role === 'user'
      ? `you: ${message.text}`
      : `model: ${message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')} [${message.status}]`,
  );
const lastReply = (conversation: Conversation) => conversation.messages.at(-1) as AssistantMessage;

describe('message actions', () => {
  it('Retry after a provider error replaces the failed reply with a new one', async () => {
    const { host, removed } = await startHost();
    llm.script([
      { status: 500, message: 'overloaded', retryAfterMs: 1 },
      { status: 500, message: 'overloaded', retryAfterMs: 1 },
      { text: 'Recovered.' },
    ]);
    const { id } = await call(host, 'chat.create', {});
    await call(host, 'chat.send', { id, text: 'Hello?' });
    const failed = await settled(host, id);
    expect(lastReply(failed)).toMatchObject({
      status: 'error',
      error: expect.stringContaining('server error (500)'),
    });

    await call(host, 'chat.regenerate', { id });
    const after = await settled(host, id);
    expect(texts(after)).toEqual(['you: Hello?', 'model: Recovered. [done]']);
    expect(removed).toEqual([{ conversationId: id, messageIds: [lastReply(failed).id] }]);
    expect(llm.requests()).toHaveLength(3);
  });

  it('Regenerate asks the same question again; it refuses while a reply runs and when there is none', async () => {
    const { host } = await startHost();
    const { id } = await call(host, 'chat.create', {});
    await expect(call(host, 'chat.regenerate', { id })).rejects.toMatchObject({ code: 'invalid_input' });
    llm.script([{ text: 'First answer.' }, { text: 'Second answer.', delayMs: 300 }]);
    await call(host, 'chat.send', { id, text: 'Pick a colour' });
    await settled(host, id);
    await call(host, 'chat.regenerate', { id });
    await expect(call(host, 'chat.regenerate', { id })).rejects.toThrow(/still answering/);
    const after = await settled(host, id);
    expect(texts(after)).toEqual(['you: Pick a colour', 'model: Second answer. [done]']);
    const asked = llm.requests().map((request) => JSON.stringify(request.messages));
    expect(asked[1]).toBe(asked[0]);
  });

  it('Edit and resend replaces the message, removes every later one for good, and keeps what came before', async () => {
    const { host, dir, removed } = await startHost();
    llm.script([{ text: 'Answer one.' }, { text: 'Answer two.' }, { text: 'Answer to the edit.' }]);
    const { id } = await call(host, 'chat.create', {});
    await call(host, 'chat.send', { id, text: 'Question one' });
    await settled(host, id);
    await call(host, 'chat.send', { id, text: 'Question two' });
    const before = await settled(host, id);

    const second = before.messages[2];
    await call(host, 'chat.edit', { id, messageId: second?.id ?? '', text: 'Question two, better' });
    const after = await settled(host, id);
    expect(texts(after)).toEqual([
      'you: Question one',
      'model: Answer one. [done]',
      'you: Question two, better',
      'model: Answer to the edit. [done]',
    ]);
    expect(removed[0]?.messageIds).toEqual(before.messages.slice(2).map((message) => message.id));
    const sent = JSON.stringify(llm.requests().at(-1)?.messages);
    expect(sent).toContain('Question two, better');
    expect(sent).not.toContain('Answer two.');

    await hosts.pop()?.shutdown();
    const again = await startHost(dir);
    expect(texts(await call(again.host, 'chat.get', { id }))).toEqual(texts(after));
    await expect(
      call(again.host, 'chat.edit', { id, messageId: after.messages[1]?.id ?? '', text: 'x' }),
    ).rejects.toThrow(/Only your own messages/);
  });

  it('Continue goes on with a stopped reply in the same message, telling the model where it stopped', async () => {
    const { host } = await startHost();
    llm.script([{ text: 'unused', delayMs: 5000 }, { text: ' and the rest.' }]);
    const { id } = await call(host, 'chat.create', {});
    await call(host, 'chat.send', { id, text: 'Tell me a long story' });
    await until('the request to arrive', () => llm.requests().length === 1);
    await call(host, 'chat.stop', { id });
    const stopped = await settled(host, id);
    expect(lastReply(stopped).status).toBe('stopped');

    await call(host, 'chat.continue', { id });
    const after = await settled(host, id);
    expect(after.messages).toHaveLength(2);
    expect(lastReply(after)).toMatchObject({ id: lastReply(stopped).id, status: 'done' });
    expect(texts(after)[1]).toBe('model:  and the rest. [done]');
    const sent = llm.requests().at(-1)?.messages ?? [];
    expect(sent.at(-1)).toMatchObject({
      role: 'user',
      content: expect.stringContaining('Continue it exactly where it stopped'),
    });
    await expect(call(host, 'chat.continue', { id })).rejects.toThrow(/stopped or cut off/);
  });
});

describe('usage, options and drafts', () => {
  it('records tokens and time per reply, from the provider or estimated when it reports none', async () => {
    const { host } = await startHost();
    llm.script([
      { text: 'Counted.', usage: { prompt: 1200, completion: 7 } },
      { text: 'Not counted.', usage: false },
    ]);
    const { id } = await call(host, 'chat.create', {});
    await call(host, 'chat.send', { id, text: 'one' });
    const first = lastReply(await settled(host, id));
    expect(first.usage).toEqual({
      inputTokens: 1200,
      outputTokens: 7,
      contextTokens: 1207,
      estimated: false,
    });
    expect(first.durationMs).toBeGreaterThanOrEqual(0);
    await call(host, 'chat.send', { id, text: 'two' });
    const second = lastReply(await settled(host, id));
    expect(second.usage?.estimated).toBe(true);
    expect(second.usage?.outputTokens).toBe(Math.ceil('Not counted.'.length / 4));
    expect(second.usage?.inputTokens).toBeGreaterThan(10);
  });

  it('estimates each step of a reply with tool calls from the history sent, the reply so far and what it wrote', async () => {
    const { host } = await startHost();
    const written = ['Looking "it" up…\n', 'Once more\t\\ ', 'Found: ✓ “done”.'];
    llm.script([
      {
        text: written[0],
        toolCalls: [{ name: 'gone__lookup', arguments: { q: 'a "quoted"\nline' } }],
        usage: false,
      },
      { text: written[1], toolCalls: [{ name: 'gone__lookup', arguments: { q: 'ü' } }], usage: false },
      { text: written[2], usage: false },
    ]);
    const { id } = await call(host, 'chat.create', {});
    await call(host, 'chat.send', { id, text: 'Find "x"' });
    const conversation = await settled(host, id);
    const reply = lastReply(conversation);
    expect(reply.parts.map((part) => (part.type === 'tool' ? part.call.name : part.text))).toEqual([
      written[0],
      'gone__lookup',
      written[1],
      'gone__lookup',
      written[2],
    ]);
    // Each step is sent the history and the reply as it stood when the step finished.
    const history = JSON.stringify(
      toModelMessages(conversation.messages.slice(0, 1), { vision: false }),
    ).length;
    const sent = [1, 3, 5].map((parts) => history + JSON.stringify(reply.parts.slice(0, parts)).length);
    const tokens = (chars: number) => Math.ceil(chars / 4);
    const last = tokens(sent[2] ?? 0) + tokens(written[2]?.length ?? 0);
    expect(reply.usage).toEqual({
      inputTokens: sent.reduce((sum, chars) => sum + tokens(chars), 0),
      outputTokens: written.reduce((sum, text) => sum + tokens(text.length), 0),
      contextTokens: last,
      estimated: true,
    });
  });

  it('ends a call to a tool that does not exist as failed, in the saved reply too', async () => {
    const { host } = await startHost();
    llm.script([
      { text: 'Trying.', toolCalls: [{ name: 'gone__lookup', arguments: {} }] },
      { text: 'No such tool.' },
    ]);
    const { id } = await call(host, 'chat.create', {});
    await call(host, 'chat.send', { id, text: 'Look it up' });
    const reply = lastReply(await settled(host, id));
    const cards = reply.parts.flatMap((part) => (part.type === 'tool' ? [part.call] : []));
    expect(cards).toMatchObject([
      {
        name: 'gone__lookup',
        status: 'failed',
        error: 'There is no tool named gone__lookup.',
        errorText: { id: 'host.tools.noSuchTool', values: { name: 'gone__lookup' } },
      },
    ]);
    expect(reply.status).toBe('done');
  });

  it('sends the conversation’s system prompt and temperature, else the defaults from Settings', async () => {
    const { host, dir } = await startHost();
    await call(host, 'chat.setDefaults', {
      systemPrompt: 'You are terse.',
      temperature: 0.3,
      toolResultTokens: 5000,
    });
    llm.script([{ text: 'a' }, { text: 'b' }, { text: 'c' }]);
    const { id } = await call(host, 'chat.create', {});
    await call(host, 'chat.send', { id, text: 'one' });
    await settled(host, id);
    await call(host, 'chat.setOptions', { id, systemPrompt: 'You are a pirate.', temperature: 1.1 });
    await call(host, 'chat.send', { id, text: 'two' });
    await settled(host, id);
    await call(host, 'chat.setOptions', { id, systemPrompt: '', temperature: null });
    await call(host, 'chat.send', { id, text: 'three' });
    await settled(host, id);
    const [one, two, three] = llm.requests();
    expect(one?.messages[0]).toEqual({ role: 'system', content: 'You are terse.' });
    expect(one?.temperature).toBe(0.3);
    expect(two?.messages[0]).toEqual({ role: 'system', content: 'You are a pirate.' });
    expect(two?.temperature).toBe(1.1);
    expect(three?.messages[0]?.role).toBe('user');
    expect(three?.temperature).toBe(0.3);
    await hosts.pop()?.shutdown();
    const again = await startHost(dir);
    expect(await call(again.host, 'chat.defaults', {})).toEqual({
      systemPrompt: 'You are terse.',
      temperature: 0.3,
      toolResultTokens: 5000,
    });
  });

  it('asks the model to reply in the language Settings → Chat names, after the person’s own prompt, and only then', async () => {
    const { host, dir } = await startHost();
    llm.script([{ text: 'a' }, { text: 'b' }, { text: 'c' }]);
    const { id } = await call(host, 'chat.create', {});
    await call(host, 'chat.send', { id, text: 'one' });
    await settled(host, id);
    await call(host, 'chat.setDefaults', { systemPrompt: 'You are terse.', replyLanguage: 'zh-CN' });
    await call(host, 'chat.send', { id, text: 'two' });
    await settled(host, id);
    const [one, two] = llm.requests();
    // Without a reply language the model is told nothing of the person's interface language.
    expect(one?.messages[0]?.role).toBe('user');
    expect(two?.messages[0]).toEqual({
      role: 'system',
      content:
        'You are terse.\n\nAlways reply in Simplified Chinese (简体中文), whatever language the messages or tool results are in.',
    });
    await hosts.pop()?.shutdown();
    const again = await startHost(dir);
    expect(await call(again.host, 'chat.defaults', {})).toEqual({
      systemPrompt: 'You are terse.',
      replyLanguage: 'zh-CN',
    });
  });

  it('does not save a conversation that never got a message, and offers it again as the new one', async () => {
    const { host, dir } = await startHost();
    const first = await call(host, 'chat.create', {});
    const second = await call(host, 'chat.create', {});
    expect(second.id).toBe(first.id);
    expect(await call(host, 'chat.list', {})).toHaveLength(1);
    await hosts.pop()?.shutdown();
    expect(await readdir(join(dir, 'conversations')).catch(() => [])).toEqual([]);
    const again = await startHost(dir);
    expect(await call(again.host, 'chat.list', {})).toEqual([]);
  });
});
