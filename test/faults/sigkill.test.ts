// The host killed with SIGKILL again and again in the middle of work loses no conversation, message, reply or grant.
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningHost, startHost } from '../../e2e/hostProcess';
import { type LlmFixture, modelsConfig, startLlm } from '../../e2e/llm';
import type { ChatMessage, ConsentRequest } from '../../src/shared/chat';
import { uniqueToken, until } from '../helpers';
import { expectNoProcessLeft, HostSocket, misbehave, requireFreshBuild, serverState } from './harness';

const KILLS = 8;
const tag = uniqueToken('sigkill');
let llm: LlmFixture;
let dataDir: string | undefined;
let running: RunningHost | undefined;

beforeAll(async () => {
  requireFreshBuild();
  llm = await startLlm();
});

afterAll(async () => {
  if (running?.process.exitCode === null) running.process.kill('SIGKILL');
  await llm?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await expectNoProcessLeft(tag);
}, 30_000);

/** Starts the host on the data folder the loop keeps (the config is written only the first time). */
async function launch(): Promise<{ host: RunningHost; page: HostSocket }> {
  const config = dataDir
    ? undefined
    : { mcpServers: { tools: misbehave('healthy', tag) }, models: modelsConfig(llm) };
  const host = await startHost(config, dataDir ? { dataDir } : {});
  dataDir = host.dataDir;
  running = host;
  const page = await HostSocket.open(host);
  await serverState(page, 'tools', 'running');
  return { host, page };
}

async function kill(host: RunningHost): Promise<void> {
  const gone = new Promise<void>((done) => host.process.once('exit', () => done()));
  host.process.kill('SIGKILL');
  await gone;
}

type Expected = { conversation: string; question: string; answer?: string };

type Turn = { page: HostSocket; conversation: string; asked: number };

/** Pieces of the reply in `turn`'s conversation that reached the page so far. */
const deltas = (turn: Turn) =>
  turn.page.events.filter(
    (frame) =>
      frame.event === 'chat.delta' &&
      (frame.payload as { conversationId: string }).conversationId === turn.conversation,
  ).length;

/** Moments a turn is killed at: once sent, once the model was asked, as the reply starts, deep into it. */
const MOMENTS: ((turn: Turn) => Promise<unknown>)[] = [
  async () => {},
  (turn) => until('the model to be asked', async () => (await llm.requests()).length > turn.asked),
  (turn) => until('the reply to start', () => deltas(turn) > 0),
  (turn) => until('the reply to be well under way', () => deltas(turn) >= 10),
];

/** Every file the host keeps as JSON (or JSON lines) still parses, whatever moment it died at. */
async function expectReadableFiles(dir: string): Promise<void> {
  for (const name of ['config.json', 'permissions.json']) {
    const text = await readFile(join(dir, name), 'utf8');
    expect(() => JSON.parse(text), name).not.toThrow();
  }
  const folder = join(dir, 'conversations');
  for (const name of await readdir(folder)) {
    const lines = (await readFile(join(folder, name), 'utf8')).split('\n').filter(Boolean);
    // A torn last line may stand (it is dropped on load); every line before it parses.
    for (const line of lines.slice(0, -1)) expect(() => JSON.parse(line), name).not.toThrow();
  }
}

describe('a host killed with SIGKILL during work', { timeout: 180_000 }, () => {
  it('keeps every conversation, message, finished reply and grant, and its files readable', async () => {
    const expected: Expected[] = [];
    for (let round = 0; round < KILLS; round++) {
      const { host, page } = await launch();

      // What earlier rounds finished is all still there.
      for (const item of expected) {
        const conversation = await page.call('chat.get', { id: item.conversation });
        const texts = conversation.messages.map(textOf);
        expect(texts, `round ${round}`).toContain(item.question);
        if (item.answer) expect(texts, `round ${round}`).toContain(item.answer);
      }
      if (round > 0) {
        const grants = await page.call('permissions.list', {});
        expect(grants.map((grant) => grant.tool)).toContain('echo');
      }

      // A finished turn with a tool call: the first one is granted for good.
      const question = `question ${round}`;
      const answer = `answer ${round}`;
      await llm.script([
        { toolCalls: [{ name: 'tools__echo', arguments: { text: `round ${round}` } }] },
        { text: answer },
      ]);
      const { id } = await page.call('chat.create', {});
      await page.call('chat.send', { id, text: question });
      if (round === 0) {
        const asked = await page.event<ConsentRequest>('consent.requested');
        await page.call('consent.answer', { id: asked.id, decision: 'always' });
      }
      await page.event<{ message: ChatMessage }>(
        'chat.message',
        ({ message }) => message.role === 'assistant' && message.status === 'done',
        20_000,
      );
      expected.push({ conversation: id, question, answer });

      // Then a turn cut by the kill, at a different moment of it each round.
      const cut = `cut ${round}`;
      await llm.script([{ text: 'a reply that may never finish '.repeat(20), tokensPerSecond: 50 }]);
      const second = await page.call('chat.create', {});
      const asked = (await llm.requests()).length;
      await page.call('chat.send', { id: second.id, text: cut });
      expected.push({ conversation: second.id, question: cut });
      await MOMENTS[round % MOMENTS.length]?.({ page, conversation: second.id, asked });
      page.close();
      await kill(host);
      await expectReadableFiles(host.dataDir);
    }

    const { host, page } = await launch();
    const listed = (await page.call('chat.list', {})).map((summary) => summary.id);
    for (const item of expected) expect(listed).toContain(item.conversation);
    page.close();
    await host.stop();
    // Servers of a killed host see their input end and leave: none is left behind.
    await expectNoProcessLeft(tag);
  });
});

function textOf(message: ChatMessage): string {
  return message.role === 'user'
    ? message.text
    : message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}
