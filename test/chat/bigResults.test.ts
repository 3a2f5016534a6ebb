// A 9 MB tool result in a conversation: the model gets its start and read_result, reads every piece, and loses nothing.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOOL_RESULT_TOKENS } from '../../src/shared/chat';
import { charsOf } from '../../src/shared/tokens';
import { bigJson, numberedText } from '../fixtures/bigText.mjs';
import { fixtureEntry } from '../helpers';
import { type HostHarness, type ScriptedModel, startHostHarness, startModel } from '../hostHarness';

type Request = {
  tools?: { function: { name: string } }[];
  messages: { role: string; content: unknown; tool_call_id?: string }[];
};

/** The name the model calls `read_result` by. */
const READ = 'switchboard__read_result';
const CHARS = 9 * 1024 * 1024;
const BUDGET = charsOf(DEFAULT_TOOL_RESULT_TOKENS);
const original = numberedText(CHARS);

let model: ScriptedModel;
let harness: HostHarness;

beforeAll(async () => {
  model = await startModel();
  harness = await startHostHarness({ bench: fixtureEntry('sized.mjs') }, model, { allowTools: true });
}, 30_000);

afterAll(async () => {
  await harness?.dispose();
  await model?.close();
});

const requests = async () => (await model.requests()) as unknown as Request[];
const toolTexts = (request: Request | undefined) =>
  (request?.messages ?? [])
    .filter((message) => message.role === 'tool')
    .map((message) => String(message.content));

/** The characters a read_result answer holds, and where they start, from its header line. */
function piece(answer: string): { offset: number; data: string } {
  const newline = answer.indexOf('\n');
  const header = answer.slice(0, newline);
  const match = /characters ([\d,]+) to/.exec(header);
  if (!match) throw new Error(`Not a piece: ${header}`);
  return { offset: Number(match[1]?.replaceAll(',', '')), data: answer.slice(newline + 1) };
}

describe('a 9 MB tool result', { timeout: 120_000 }, () => {
  let conversationId = '';

  it('reaches the model as its start with read_result, and the model reads every piece back exactly', async () => {
    const reads = [];
    for (let offset = BUDGET; offset < CHARS; offset += BUDGET) {
      reads.push({ name: READ, arguments: { id: '%ID%', offset, length: BUDGET } });
    }
    model.script([{ toolCalls: [{ name: 'bench__numbered', arguments: { chars: CHARS } }] }]);
    const first = await harness.chat('Read the whole log.');
    conversationId = first.conversationId;
    const [, afterCall] = await requests();
    const given = toolTexts(afterCall)[0] ?? '';
    expect(given.startsWith(original.slice(0, BUDGET))).toBe(true);
    const id = /as "(r-[A-Za-z0-9_-]+)"/.exec(given)?.[1] ?? '';
    expect(given.slice(BUDGET)).toBe(
      `\n[This result is ${CHARS.toLocaleString('en')} characters (${original.split('\n').length.toLocaleString('en')} lines); above are the first ${BUDGET.toLocaleString('en')}. The host keeps it whole as "${id}": call switchboard__read_result with {"id":"${id}","offset":${BUDGET},"length":${BUDGET}} to read on, or any other offset and length.]`,
    );
    expect(afterCall?.tools?.map((tool) => tool.function.name)).toContain(READ);
    const card = first.reply.parts[0];
    expect(card?.type === 'tool' && card.call.kept).toMatchObject({ id, chars: CHARS, given: BUDGET });

    // The model reads on in one step, every piece in parallel; none of them asks the person.
    model.script([
      { toolCalls: reads.map((read) => ({ ...read, arguments: { ...read.arguments, id } })) },
      { text: 'Read it all.' },
    ]);
    const asked = harness.events.filter((event) => event.name === 'consent.requested').length;
    await harness.host.commands['chat.send']({ id: conversationId, text: 'Go on.' });
    await expect
      .poll(async () => (await harness.lastReply(conversationId))?.status, { timeout: 60_000 })
      .toBe('done');
    expect(harness.events.filter((event) => event.name === 'consent.requested')).toHaveLength(asked);
    const answers = toolTexts((await requests()).at(-1))
      .slice(1)
      .map(piece);
    expect(answers).toHaveLength(reads.length);
    let whole = original.slice(0, BUDGET);
    for (const answer of answers) {
      expect(answer.offset).toBe(whole.length);
      whole += answer.data;
    }
    expect(whole.length).toBe(CHARS);
    expect(whole === original).toBe(true);
  });

  it('keeps the result on disk with its conversation, reads it after a restart, and removes it with the conversation', async () => {
    const folder = join(harness.dataDir, 'results', conversationId);
    expect((await readdir(folder)).length).toBe(1);
    await harness.stop();
    harness = await startHostHarness({ bench: fixtureEntry('sized.mjs') }, model, {
      allowTools: true,
      dataDir: harness.dataDir,
    });
    const reply = await harness.lastReply(conversationId);
    const card = (await harness.host.commands['chat.get']({ id: conversationId })).messages.find(
      (message) => message.role === 'assistant',
    );
    const kept =
      card?.role === 'assistant' && card.parts[0]?.type === 'tool' ? card.parts[0].call.kept : undefined;
    expect(reply?.status).toBe('done');
    model.script([
      { toolCalls: [{ name: READ, arguments: { id: kept?.id, offset: 4_000_000, length: 1000 } }] },
      { text: 'Found it.' },
    ]);
    await harness.host.commands['chat.send']({ id: conversationId, text: 'Read the middle again.' });
    await expect
      .poll(async () => (await harness.lastReply(conversationId))?.parts.length, { timeout: 30_000 })
      .toBe(2);
    const answer = piece(toolTexts((await requests()).at(-1)).at(-1) ?? '');
    expect(answer).toEqual({ offset: 4_000_000, data: original.slice(4_000_000, 4_001_000) });

    await harness.host.commands['chat.delete']({ id: conversationId });
    await expect(readdir(folder)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('describes a large JSON result by its keys and array lengths, and reads one part by path', async () => {
    const document = bigJson(60_000);
    model.script([{ toolCalls: [{ name: 'bench__big-json', arguments: { items: 60_000 } }] }]);
    const { conversationId: id, reply } = await harness.chat('Inventory?');
    const kept = reply.parts[0]?.type === 'tool' ? reply.parts[0].call.kept : undefined;
    const given = toolTexts((await requests()).at(-1))[0] ?? '';
    expect(given).toContain(
      `It is JSON: an object with 3 keys: title (string of 9 characters), total (number), items (array of 60,000). To read one part, add a "path" such as "items[0]"`,
    );
    model.script([
      {
        toolCalls: [
          { name: READ, arguments: { id: kept?.id, path: 'items[41999]' } },
          { name: READ, arguments: { id: kept?.id, path: 'items[70000]' } },
          { name: READ, arguments: { id: 'r-elsewhere', offset: 0 } },
        ],
      },
      { text: 'ok' },
    ]);
    await harness.host.commands['chat.send']({ id, text: 'Item 41999?' });
    await expect.poll(async () => (await harness.lastReply(id))?.status, { timeout: 30_000 }).toBe('done');
    const [part, outside, unknown] = toolTexts((await requests()).at(-1)).slice(1);
    expect(piece(part ?? '').data).toBe(JSON.stringify(document.items[41999]));
    expect(outside).toBe(
      'The tool reported an error:\nThe part at items has 60,000 items, so there is no item 70000.',
    );
    expect(unknown).toBe(
      'The tool reported an error:\nThere is no kept result "r-elsewhere" in this conversation. Kept results are named in the note after their start.',
    );
  });
});
