// The chat slice's pure logic: delta merging, snapshots vs. events, running turns, reopening and the delta queue.
import { describe, expect, it } from 'vitest';
import {
  appendDelta,
  applyDeltas,
  type ChatDelta,
  type ChatEntry,
  emptyEntry,
  furtherAlong,
  isTurnRunning,
  mergeSnapshot,
  pruneConversations,
  upsertMessage,
} from '../../src/renderer/src/store/chatEntries';
import {
  chatInitial,
  createChatActions,
  createDeltaQueue,
  reopen,
} from '../../src/renderer/src/store/chatSlice';
import type { AssistantMessage, ChatMessage, Conversation, ToolCallView } from '../../src/shared/chat';

const reply = (id: string, extra: Partial<AssistantMessage> = {}): AssistantMessage => ({
  id,
  role: 'assistant',
  time: 1,
  model: 'local/m',
  parts: [],
  status: 'streaming',
  ...extra,
});
const user = (id: string, text = 'hi'): ChatMessage => ({ id, role: 'user', text, time: 1 });
const call = (status: ToolCallView['status']): ToolCallView => ({
  id: 'c1',
  server: 's',
  tool: 't',
  name: 's__t',
  args: {},
  status,
});
const entryOf = (...messages: ChatMessage[]): ChatEntry =>
  messages.reduce(upsertMessage, { ...emptyEntry(), loaded: true });
const summary = (id: string) => ({ id, title: id, createdAt: 0, updatedAt: 0 });
const conversation = (id: string, messages: ChatMessage[]): Conversation => ({
  ...summary(id),
  tools: { disabledServers: [], disabledTools: [] },
  messages,
});

/** What the delta queue hands over for `deltas` pushed in one frame. */
function createDeltaQueueMerges(deltas: ChatDelta[]): ChatDelta[] {
  let flushed: ChatDelta[] = [];
  let frame = () => {};
  const queue = createDeltaQueue(
    (batch) => {
      flushed = batch;
    },
    (run) => {
      frame = run;
    },
  );
  for (const delta of deltas) queue.push(delta);
  frame();
  return flushed;
}

describe('appendDelta', () => {
  it('appends to the last text part, or starts one after a tool call', () => {
    const a = appendDelta(reply('a'), 'Hel');
    const b = appendDelta(a, 'lo');
    expect(b.role === 'assistant' && b.parts).toEqual([{ type: 'text', text: 'Hello' }]);
    const withTool = {
      ...reply('a'),
      parts: [...(b as AssistantMessage).parts, { type: 'tool' as const, call: call('done') }],
    };
    const c = appendDelta(withTool, 'More') as AssistantMessage;
    expect(c.parts.map((part) => part.type)).toEqual(['text', 'tool', 'text']);
    expect(c.parts[2]).toEqual({ type: 'text', text: 'More' });
  });

  it('streams thinking into its own part, and the answer after it into a text part', () => {
    const thinking = appendDelta(appendDelta(reply('a'), 'Let me ', true), 'think.', true);
    const answered = appendDelta(thinking, 'Four.') as AssistantMessage;
    expect(answered.parts).toEqual([
      { type: 'reasoning', text: 'Let me think.' },
      { type: 'text', text: 'Four.' },
    ]);
    const entries = { c: entryOf(reply('a')) };
    const merged = createDeltaQueueMerges([
      { conversationId: 'c', messageId: 'a', text: 'Hmm', reasoning: true },
      { conversationId: 'c', messageId: 'a', text: 'Yes' },
    ]);
    const after = applyDeltas(entries, merged).c?.byId.a as AssistantMessage;
    expect(after.parts).toEqual([
      { type: 'reasoning', text: 'Hmm' },
      { type: 'text', text: 'Yes' },
    ]);
  });

  it('leaves user messages and empty text alone', () => {
    const message = user('u');
    expect(appendDelta(message, 'x')).toBe(message);
    const streaming = reply('a');
    expect(appendDelta(streaming, '')).toBe(streaming);
  });
});

describe('applyDeltas', () => {
  it('changes only the touched message and keeps the id list', () => {
    const entry = entryOf(user('u'), reply('a'));
    const before = { c: entry };
    const deltas: ChatDelta[] = [
      { conversationId: 'c', messageId: 'a', text: 'one ' },
      { conversationId: 'c', messageId: 'a', text: 'two' },
    ];
    const after = applyDeltas(before, deltas);
    expect(after.c?.ids).toBe(entry.ids);
    expect(after.c?.byId.u).toBe(entry.byId.u);
    expect(after.c?.byId.a).toMatchObject({ parts: [{ type: 'text', text: 'one two' }] });
  });

  it('skips unknown conversations and messages without copying', () => {
    const before = { c: entryOf(reply('a')) };
    expect(applyDeltas(before, [{ conversationId: 'x', messageId: 'a', text: 'y' }])).toBe(before);
    expect(applyDeltas(before, [{ conversationId: 'c', messageId: 'zz', text: 'y' }])).toBe(before);
  });
});

describe('mergeSnapshot', () => {
  it('keeps the further-along version of each message and live messages the snapshot lacks', () => {
    const live = entryOf(
      user('u'),
      reply('a', { parts: [{ type: 'text', text: 'Hello there' }] }),
      user('v'),
    );
    const snapshot = conversation('c', [user('u'), reply('a', { parts: [{ type: 'text', text: 'Hel' }] })]);
    const merged = mergeSnapshot(live, snapshot);
    expect(merged.ids).toEqual(['u', 'a', 'v']);
    expect((merged.byId.a as AssistantMessage).parts).toEqual([{ type: 'text', text: 'Hello there' }]);
    expect(merged.loaded).toBe(true);
  });

  it('prefers a settled snapshot over a streaming live copy', () => {
    const live = entryOf(reply('a', { parts: [{ type: 'text', text: 'long streamed text' }] }));
    const done = reply('a', { status: 'done', parts: [{ type: 'text', text: 'short' }] });
    expect(mergeSnapshot(live, conversation('c', [done])).byId.a).toBe(done);
  });

  it('takes the snapshot as is without live data', () => {
    const merged = mergeSnapshot(undefined, conversation('c', [user('u')]));
    expect(merged.ids).toEqual(['u']);
  });
});

describe('furtherAlong', () => {
  it('ranks settled tool calls above waiting ones', () => {
    const waiting = reply('a', { parts: [{ type: 'tool', call: call('waiting') }] });
    const running = reply('a', { parts: [{ type: 'tool', call: call('running') }] });
    expect(furtherAlong(running, waiting)).toBe(running);
    expect(furtherAlong(waiting, running)).toBe(running);
  });
});

describe('isTurnRunning', () => {
  it('is true while the last reply streams or a call waits or runs', () => {
    expect(isTurnRunning(undefined)).toBe(false);
    expect(isTurnRunning(entryOf(user('u')))).toBe(false);
    expect(isTurnRunning(entryOf(user('u'), reply('a')))).toBe(true);
    expect(isTurnRunning(entryOf(reply('a', { status: 'done' })))).toBe(false);
    const waiting = reply('a', { status: 'done', parts: [{ type: 'tool', call: call('waiting') }] });
    expect(isTurnRunning(entryOf(waiting))).toBe(true);
    const cancelled = reply('a', { status: 'stopped', parts: [{ type: 'tool', call: call('cancelled') }] });
    expect(isTurnRunning(entryOf(cancelled))).toBe(false);
  });
});

describe('reopen', () => {
  const list = ['a', 'b', 'c'].map(summary);
  it('keeps the open conversation, else its neighbour, else nothing', () => {
    expect(reopen('b', list, list, false)).toBe('b');
    expect(reopen('b', list, [summary('a'), summary('c')], false)).toBe('c');
    expect(reopen('c', list, [summary('a'), summary('b')], false)).toBe('b');
    expect(reopen('a', list, [], false)).toBeNull();
  });

  it('opens the first conversation only on the first load', () => {
    expect(reopen(null, [], list, true)).toBe('a');
    expect(reopen(null, list, list, false)).toBeNull();
  });
});

describe('pruneConversations', () => {
  it('keeps the open one and running ones that still exist', () => {
    const all = {
      a: entryOf(reply('x')),
      b: entryOf(user('u')),
      c: entryOf(user('v')),
      d: entryOf(reply('y')),
    };
    const kept = pruneConversations(all, 'b', (id) => id !== 'd');
    expect(Object.keys(kept).sort()).toEqual(['a', 'b']);
    expect(pruneConversations({ b: all.b }, 'b')).toEqual({ b: all.b });
  });
});

describe('createDeltaQueue', () => {
  it('joins one message’s deltas into one per frame and drops those a whole message replaced', () => {
    const frames: (() => void)[] = [];
    const flushed: ChatDelta[][] = [];
    const queue = createDeltaQueue(
      (batch) => flushed.push(batch),
      (run) => frames.push(run),
    );
    queue.push({ conversationId: 'c', messageId: 'a', text: 'Hel' });
    queue.push({ conversationId: 'c', messageId: 'a', text: 'lo' });
    queue.push({ conversationId: 'c', messageId: 'b', text: '!' });
    expect(frames).toHaveLength(1);
    queue.drop('c', 'b');
    frames.shift()?.();
    expect(flushed).toEqual([[{ conversationId: 'c', messageId: 'a', text: 'Hello' }]]);
    queue.push({ conversationId: 'c', messageId: 'a', text: 'x' });
    queue.drop('c', 'a');
    frames.shift()?.();
    expect(flushed).toHaveLength(1);
  });
});

describe('starting a new conversation', () => {
  it('marks the chat as starting until the new one opens or could not be made', () => {
    let state = { ...chatInitial };
    const actions = createChatActions((update) => {
      state = { ...state, ...update(state) };
    });
    actions.chatStartRequested();
    expect(state.chatStarting).toBe(true);
    actions.chatOpened('new');
    expect(state).toMatchObject({ chatStarting: false, openChat: 'new' });
    actions.chatStartRequested();
    actions.chatStartFailed();
    expect(state).toMatchObject({ chatStarting: false, openChat: 'new' });
  });
});
