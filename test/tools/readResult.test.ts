// read_result reads only what the model was given: a result withheld for the person stays unread, a given one is read
// and counted as that result entering the conversation again.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { keepResult } from '../../src/main/chat/keepResult';
import { IMAGE_LIMITS } from '../../src/main/llm/imageFit';
import { KeptResults } from '../../src/main/payloads/keptResults';
import { ConversationStore } from '../../src/main/storage/conversations';
import { runHostCall } from '../../src/main/tools/hostTools';
import { readResultTool } from '../../src/main/tools/readResult';
import type { AssistantMessage, ToolCallView } from '../../src/shared/chat';
import type { ReviewState } from '../../src/shared/flow';
import type { ToolCallResult } from '../../src/shared/types';

const LONG = 'x'.repeat(5_000);
let results: KeptResults;
let conversations: ConversationStore;
let reads: { conversationId: string; server: string; tool: string; messageId: string }[];

beforeEach(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-read-'));
  results = new KeptResults(join(dir, 'results'));
  conversations = new ConversationStore(join(dir, 'conversations'));
  reads = [];
});

/** A conversation whose reply holds one long result of `logs__tail`, kept on disk, reviewed as `review` says. */
async function conversationWith(review?: ReviewState): Promise<{ id: string; keptId: string }> {
  const { id } = await conversations.create();
  const kept = await keepResult(
    { content: [{ type: 'text', text: LONG }] },
    { store: results, conversationId: id, budgetChars: 1_000, imageLimits: IMAGE_LIMITS.openai },
  );
  const call: ToolCallView = {
    id: 'call-1',
    server: 'logs',
    tool: 'tail',
    name: 'logs__tail',
    args: {},
    status: 'done',
    ...kept,
    ...(review ? { review } : {}),
  };
  const reply: AssistantMessage = {
    id: 'reply-1',
    role: 'assistant',
    parts: [{ type: 'tool', call }],
    status: 'done',
    model: 'scripted/model',
    time: 0,
  };
  await conversations.putMessage(id, reply);
  return { id, keptId: kept.kept?.id ?? '' };
}

async function read(conversationId: string, keptId: string): Promise<ToolCallResult | undefined> {
  const tool = readResultTool({
    results,
    conversations,
    flow: {
      recordKeptRead: async (at, origin, messageId) =>
        void reads.push({ conversationId: at, server: origin.server, tool: origin.tool, messageId }),
    },
  });
  const card: ToolCallView = {
    id: 'read-1',
    server: '',
    tool: 'read_result',
    name: 'switchboard__read_result',
    args: { id: keptId, offset: 1_000, length: 10 },
    status: 'waiting',
  };
  const done = await runHostCall(tool, card, {
    conversationId,
    messageId: 'reply-2',
    resultChars: 1_000,
    signal: new AbortController().signal,
    searchTools: () => [],
    update: () => {},
  });
  return done.result;
}

const text = (result: ToolCallResult | undefined) =>
  result?.content[0]?.type === 'text' ? result.content[0].text : undefined;

describe('read_result', () => {
  it('reads a given result, and counts the read as that tool’s result entering the conversation again', async () => {
    const { id, keptId } = await conversationWith('given');
    const result = await read(id, keptId);
    expect(result?.isError).toBeFalsy();
    expect(text(result)).toBe(
      `[${keptId}: characters 1,000 to 1,009 of 5,000; the next offset is 1010]\n${'x'.repeat(10)}`,
    );
    expect(reads).toEqual([{ conversationId: id, server: 'logs', tool: 'tail', messageId: 'reply-2' }]);
  });

  it('reads nothing of a result the person withheld, though its text is on disk', async () => {
    const { id, keptId } = await conversationWith('withheld');
    expect(await results.whole(id, keptId)).toBe(LONG);
    const result = await read(id, keptId);
    expect(result?.isError).toBe(true);
    expect(text(result)).toContain(`There is no kept result "${keptId}" in this conversation.`);
    expect(reads).toEqual([]);
  });

  it('reads nothing of another conversation’s result', async () => {
    const { keptId } = await conversationWith();
    const other = await conversations.create();
    const result = await read(other.id, keptId);
    expect(result?.isError).toBe(true);
    expect(reads).toEqual([]);
  });
});
