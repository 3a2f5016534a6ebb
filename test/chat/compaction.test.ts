// Long conversations: compacted once before they outgrow the model's window, on a context-length error, or when asked.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SUMMARY_INSTRUCTIONS, SUMMARY_REQUEST } from '../../src/main/llm/summarise';
import type { AssistantMessage, Compaction } from '../../src/shared/chat';
import { estimateTokens } from '../../src/shared/tokens';
import { type HostHarness, type ScriptedModel, startHostHarness, startModel } from '../hostHarness';

type Request = { messages: { role: string; content: unknown }[] };

const MODEL = 'local/scripted-model';
const WINDOW = 1_000;

let model: ScriptedModel;
let harness: HostHarness;

beforeAll(async () => {
  model = await startModel();
  harness = await startHostHarness({}, model);
}, 30_000);

afterAll(async () => {
  await harness?.dispose();
  await model?.close();
});

beforeEach(async () => {
  await harness.host.commands['models.setOptions']({ model: MODEL, options: {} });
});

const requests = async () => (await model.requests()) as unknown as Request[];
const isSummary = (request: Request) =>
  request.messages[0]?.content === SUMMARY_INSTRUCTIONS &&
  String(request.messages[1]?.content).includes(SUMMARY_REQUEST);
const tokens = (request: Request) => estimateTokens(JSON.stringify(request.messages).length);
const paragraph = (word: string) => `${word} `.repeat(150).trim();
/** What the model answers to each request for a summary (a long transcript is summarised a part at a time). */
const summaries = (text: string) => Array.from({ length: 4 }, () => ({ match: SUMMARY_REQUEST, text }));

/** Sends `text` and waits for the reply to end. */
async function ask(id: string, text: string): Promise<AssistantMessage> {
  await harness.host.commands['chat.send']({ id, text });
  let reply: AssistantMessage | undefined;
  await expect
    .poll(
      async () => {
        reply = await harness.lastReply(id);
        return reply && reply.status !== 'streaming' ? reply.status : undefined;
      },
      { timeout: 30_000 },
    )
    .toBeDefined();
  return reply as AssistantMessage;
}

const compactions = async (id: string): Promise<Compaction[]> =>
  (await harness.host.commands['chat.get']({ id })).compactions ?? [];

describe('compaction', { timeout: 60_000 }, () => {
  it('compacts a conversation once before it outgrows a small window, and the next request fits', async () => {
    await harness.host.commands['models.setOptions']({ model: MODEL, options: { contextWindow: WINDOW } });
    const { id } = await harness.host.commands['chat.create']({});
    model.script([
      { text: paragraph('alpha') },
      { text: paragraph('beta') },
      { text: paragraph('gamma') },
      { text: 'Short answer.' },
      { text: 'Another short answer.' },
      ...summaries('SUMMARY: the person asked about alpha and beta.'),
    ]);
    const before = (await requests()).length;
    for (const word of ['one', 'two']) expect((await ask(id, paragraph(word))).status).toBe('done');
    expect(await compactions(id)).toEqual([]);
    // The third question would fill more than the window allows: the first two exchanges are summarised.
    await ask(id, paragraph('three'));
    const sent = (await requests()).slice(before);
    const summaryRequests = sent.filter(isSummary).length;
    expect(summaryRequests).toBeGreaterThan(0);
    const [compaction, ...more] = await compactions(id);
    expect(more).toEqual([]);
    expect(compaction).toMatchObject({ reason: 'window', count: 4 });
    expect(compaction?.summary).toContain('SUMMARY: the person asked about alpha and beta.');
    const after = sent.at(-1) as Request;
    expect(after.messages[0]).toEqual({ role: 'user', content: compaction?.summary });
    expect(JSON.stringify(after.messages)).not.toContain('alpha alpha');
    expect(tokens(after)).toBeLessThan(WINDOW);

    // The next request fits as it is: no second summary.
    await ask(id, 'And now?');
    expect((await requests()).slice(before).filter(isSummary)).toHaveLength(summaryRequests);
    // The whole conversation is still there for the person, and in search.
    const conversation = await harness.host.commands['chat.get']({ id });
    expect(conversation.messages).toHaveLength(8);
    expect((await harness.host.commands['chat.search']({ query: 'alpha' })).map((hit) => hit.id)).toContain(
      id,
    );

    // Undo: the model reads every message again (with a window large enough for them all).
    await expect(harness.host.commands['chat.undoCompaction']({ id })).resolves.toEqual([]);
    expect(await compactions(id)).toEqual([]);
    await harness.host.commands['models.setOptions']({ model: MODEL, options: { contextWindow: 100_000 } });
    model.script([{ text: 'All of it.' }]);
    await ask(id, 'Once more?');
    const whole = (await requests()).at(-1) as Request;
    expect(whole.messages).toHaveLength(9);
    expect(whole.messages[0]).toEqual({ role: 'user', content: paragraph('one') });
  });

  it('on a context-length error, compacts and retries once instead of failing the reply', async () => {
    const { id } = await harness.host.commands['chat.create']({});
    model.script([{ text: 'First reply.' }, { text: 'Second reply.' }]);
    await ask(id, paragraph('delta'));
    await ask(id, paragraph('epsilon'));
    model.script([
      {
        status: 400,
        code: 'context_length_exceeded',
        message:
          "This model's maximum context length is 600 tokens. However, your messages resulted in 900 tokens. Please reduce the length of the messages.",
      },
      ...summaries('SUMMARY: delta, then epsilon.'),
      { text: 'Answered after compacting.' },
    ]);
    const before = (await requests()).length;
    const reply = await ask(id, 'What did I say?');
    expect(reply.status).toBe('done');
    expect(reply.parts).toEqual([{ type: 'text', text: 'Answered after compacting.' }]);
    const sent = (await requests()).slice(before);
    expect(isSummary(sent[0] as Request)).toBe(false);
    expect(sent.slice(1, -1).every(isSummary)).toBe(true);
    expect(sent.at(-1)?.messages[0]?.content).toContain('SUMMARY: delta, then epsilon.');
    expect(await compactions(id)).toMatchObject([{ reason: 'provider', count: 4 }]);
  });

  it('says in plain words when the conversation is still too long after compacting', async () => {
    const { id } = await harness.host.commands['chat.create']({});
    model.script([{ text: 'First reply.' }]);
    await ask(id, paragraph('zeta'));
    const tooLong = {
      status: 400,
      code: 'context_length_exceeded',
      message:
        "This model's maximum context length is 100 tokens. However, your messages resulted in 400 tokens.",
    };
    model.script([tooLong, ...summaries('SUMMARY: zeta.'), tooLong]);
    const reply = await ask(id, paragraph('eta'));
    expect(reply.status).toBe('error');
    expect(reply.error).toBe(
      "The conversation is too long for scripted-model, even after older messages were summarised: This model's maximum context length is 100 tokens. However, your messages resulted in 400 tokens. Start a new conversation, or take out large attachments.",
    );
  });

  it('compacts now when asked, keeping the last exchange, and refuses when there is nothing older', async () => {
    const { id } = await harness.host.commands['chat.create']({});
    model.script([{ text: 'One.' }]);
    await ask(id, 'First question.');
    await expect(harness.host.commands['chat.compact']({ id })).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'There is nothing older to summarise yet: the last exchange always stays as it is.',
    });
    model.script([{ text: 'Two.' }, ...summaries('SUMMARY: two questions.')]);
    await ask(id, 'Second question.');
    const [compaction] = await harness.host.commands['chat.compact']({ id });
    expect(compaction).toMatchObject({ reason: 'manual', count: 2 });
    const conversation = await harness.host.commands['chat.get']({ id });
    expect(compaction?.through).toBe(conversation.messages[1]?.id);
  });
});
