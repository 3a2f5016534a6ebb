// Conversations on disk: list order, messages across instances, torn writes, upserts, titles and compaction.
import { appendFile, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationStore } from '../src/main/storage/conversations';
import type { AssistantMessage, ChatMessage, UserMessage } from '../src/shared/chat';

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'switchboard-chats-'));
}

async function loaded(dir: string, problems: string[] = []): Promise<ConversationStore> {
  const store = new ConversationStore(dir, { onProblem: (message) => problems.push(message) });
  await store.load();
  return store;
}

function user(id: string, text: string): UserMessage {
  return { id, role: 'user', text, time: Date.now() };
}

function reply(id: string, text: string, status: AssistantMessage['status'] = 'done'): AssistantMessage {
  return { id, role: 'assistant', time: Date.now(), model: 'p/m', parts: [{ type: 'text', text }], status };
}

/** Moves the clock a second on, so the next change is later than the last (tests that call it fake only `Date`). */
const tick = () => vi.advanceTimersByTime(1000);
const fakeDate = () => vi.useFakeTimers({ toFake: ['Date'] });
afterEach(() => {
  vi.useRealTimers();
});

describe('ConversationStore', () => {
  it('creates, renames, lists by last activity and deletes with its file', async () => {
    fakeDate();
    const dir = await tempDir();
    const store = await loaded(dir);
    expect(store.list()).toEqual([]);
    const first = await store.create({ model: 'p/m' });
    tick();
    const second = await store.create({});
    expect(first).toMatchObject({ title: 'New conversation', model: 'p/m', messages: [] });
    expect(first.tools).toEqual({ disabledServers: [], disabledTools: [] });
    expect(first.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(second).not.toHaveProperty('model');
    expect(store.list().map((item) => item.id)).toEqual([second.id, first.id]);
    tick();
    await store.putMessage(first.id, user('u1', 'hello'));
    expect(store.list().map((item) => item.id)).toEqual([first.id, second.id]);
    await store.rename(second.id, 'Plans');
    expect(store.get(second.id).title).toBe('Plans');
    await store.delete(second.id);
    expect(() => store.get(second.id)).toThrow(expect.objectContaining({ code: 'not_found' }));
    await expect(store.rename(second.id, 'x')).rejects.toMatchObject({ code: 'not_found' });
    expect(await readdir(dir)).toEqual([`${first.id}.jsonl`]);
    expect((await loaded(dir)).list().map((item) => item.id)).toEqual([first.id]);
  });

  it('keeps messages, model, tools and titles for a new instance', async () => {
    const dir = await tempDir();
    const store = await loaded(dir);
    const { id } = await store.create({ title: 'Trip' });
    await store.setModel(id, 'p/other');
    const tools = { disabledServers: ['web'], disabledTools: [{ server: 'files', tool: 'rm' }] };
    await store.setTools(id, tools);
    await store.putMessage(id, user('u1', 'Where to?'));
    await store.putMessage(id, reply('a1', 'Lisbon.'));
    const again = await loaded(dir);
    expect(again.get(id)).toEqual(store.get(id));
    expect(again.get(id)).toMatchObject({ title: 'Trip', model: 'p/other', tools });
    expect(again.get(id).messages.map((message) => message.id)).toEqual(['u1', 'a1']);
  });

  it('loads every whole message when the last line was torn', async () => {
    const dir = await tempDir();
    const problems: string[] = [];
    const store = await loaded(dir);
    const { id } = await store.create({});
    await store.putMessage(id, user('u1', 'one'));
    await store.putMessage(id, reply('a1', 'two'));
    const file = join(dir, `${id}.jsonl`);
    await appendFile(file, '{"t":"message","at":1,"message":{"id":"a2","role":"assis');
    const again = await loaded(dir, problems);
    expect(again.get(id).messages.map((message) => message.id)).toEqual(['u1', 'a1']);
    expect(problems).toEqual([]);
    expect((await readFile(file, 'utf8')).endsWith('\n')).toBe(true);
    await again.putMessage(id, reply('a2', 'three'));
    expect((await loaded(dir)).get(id).messages.map((message) => message.id)).toEqual(['u1', 'a1', 'a2']);
  });

  it('keeps one copy of a message put many times, the last one winning', async () => {
    const dir = await tempDir();
    const store = await loaded(dir);
    const { id } = await store.create({});
    await store.putMessage(id, user('u1', 'hi'));
    await store.putMessage(id, reply('a1', 'He', 'streaming'));
    await store.putMessage(id, reply('a1', 'Hello', 'done'));
    const expected = ['u1', 'a1'];
    expect(store.get(id).messages.map((message) => message.id)).toEqual(expected);
    const last = (await loaded(dir)).get(id).messages[1] as AssistantMessage;
    expect(last).toMatchObject({ status: 'done', parts: [{ type: 'text', text: 'Hello' }] });
  });

  it('stores a copy, so a later change by the caller does not leak in', async () => {
    const dir = await tempDir();
    const store = await loaded(dir);
    const { id } = await store.create({});
    const message = reply('a1', 'first');
    await store.putMessage(id, message);
    message.status = 'error';
    expect((store.get(id).messages[0] as AssistantMessage).status).toBe('done');
  });

  it('titles an untitled conversation from the first line of the first message', async () => {
    const dir = await tempDir();
    const store = await loaded(dir);
    const { id } = await store.create({});
    await store.putMessage(id, user('u1', '\n  Plan a   weekend in Porto  \nwith two kids'));
    expect(store.get(id).title).toBe('Plan a weekend in Porto');
    await store.putMessage(id, user('u2', 'Something else'));
    expect(store.get(id).title).toBe('Plan a weekend in Porto');
    expect((await loaded(dir)).get(id).title).toBe('Plan a weekend in Porto');

    const long = await store.create({});
    await store.putMessage(long.id, user('u1', 'word '.repeat(40)));
    const title = store.get(long.id).title;
    expect([...title].length).toBeLessThanOrEqual(60);
    expect(title.endsWith('…')).toBe(true);

    const named = await store.create({ title: 'Mine' });
    await store.putMessage(named.id, user('u1', 'hello'));
    expect(store.get(named.id).title).toBe('Mine');
  });

  it('compacts a file with many more records than messages, keeping its content', async () => {
    const dir = await tempDir();
    const store = await loaded(dir);
    const { id } = await store.create({});
    await store.putMessage(id, user('u1', 'count'));
    for (let n = 1; n <= 30; n++) await store.putMessage(id, reply('a1', 'x'.repeat(n), 'streaming'));
    await store.putMessage(id, reply('a1', 'done', 'done'));
    const file = join(dir, `${id}.jsonl`);
    const before = (await readFile(file, 'utf8')).trim().split('\n').length;
    expect(before).toBeGreaterThan(30);
    const again = await loaded(dir);
    expect(again.get(id)).toEqual(store.get(id));
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(3);
    expect((await loaded(dir)).get(id)).toEqual(store.get(id));
    expect(await readdir(dir)).toEqual([`${id}.jsonl`]);
  });

  it('skips files it cannot use and says so, loading the rest', async () => {
    const dir = await tempDir();
    const store = await loaded(dir);
    const { id } = await store.create({});
    await store.putMessage(id, user('u1', 'kept'));
    await writeFile(join(dir, 'empty.jsonl'), '');
    await writeFile(join(dir, 'garbage.jsonl'), 'garbage');
    await mkdir(join(dir, 'folder.jsonl'));
    await writeFile(join(dir, 'notes.txt'), 'not a conversation');
    const problems: string[] = [];
    const again = await loaded(dir, problems);
    expect(again.list().map((item) => item.id)).toEqual([id]);
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/folder\.jsonl could not be read/);
  });

  it('recovers messages whose header was lost', async () => {
    const dir = await tempDir();
    const message: ChatMessage = user('u1', 'orphan');
    await writeFile(join(dir, 'lost.jsonl'), `${JSON.stringify({ t: 'message', at: 5, message })}\n`);
    const store = await loaded(dir);
    expect(store.get('lost')).toMatchObject({ title: 'New conversation', messages: [message] });
    expect((await loaded(dir)).get('lost').messages).toEqual([message]);
  });

  it('starts empty when the folder does not exist yet, and creates it on first write', async () => {
    const dir = join(await tempDir(), 'conversations');
    const store = await loaded(dir);
    expect(store.list()).toEqual([]);
    const { id } = await store.create({});
    await store.putMessage(id, user('u1', 'first'));
    expect(await readdir(dir)).toEqual([`${id}.jsonl`]);
  });

  it('keeps a conversation without messages in memory only, and offers it again instead of another', async () => {
    const dir = await tempDir();
    const store = await loaded(dir);
    const { id } = await store.create({ model: 'p/m' });
    await store.rename(id, 'Draft');
    await store.setOptions(id, { systemPrompt: 'Be brief.', temperature: 0.2 });
    expect(store.unsavedEmpty()).toBe(id);
    expect(store.list().map((item) => item.id)).toEqual([id]);
    expect(await readdir(dir)).toEqual([]);
    expect((await loaded(dir)).list()).toEqual([]);

    await store.putMessage(id, user('u1', 'now it counts'));
    expect(store.unsavedEmpty()).toBeUndefined();
    const again = await loaded(dir);
    expect(again.get(id)).toMatchObject({
      title: 'Draft',
      model: 'p/m',
      systemPrompt: 'Be brief.',
      temperature: 0.2,
    });
    await again.setOptions(id, { systemPrompt: null });
    expect((await loaded(dir)).get(id)).not.toHaveProperty('systemPrompt');
    expect((await loaded(dir)).get(id).temperature).toBe(0.2);
  });

  it('takes messages out for good, and they can come back under the same id', async () => {
    const dir = await tempDir();
    const store = await loaded(dir);
    const { id } = await store.create({});
    await store.putMessage(id, user('u1', 'one'));
    await store.putMessage(id, reply('a1', 'two'));
    await store.putMessage(id, user('u2', 'three'));
    await store.putMessage(id, reply('a2', 'four'));
    await store.removeMessages(id, ['u2', 'a2', 'missing']);
    expect(store.get(id).messages.map((message) => message.id)).toEqual(['u1', 'a1']);
    expect((await loaded(dir)).get(id).messages.map((message) => message.id)).toEqual(['u1', 'a1']);
    await store.removeMessages(id, ['a1']);
    await store.putMessage(id, reply('a1', 'again'));
    const again = await loaded(dir);
    expect(again.get(id).messages.map((message) => message.id)).toEqual(['u1', 'a1']);
    expect(again.search('again').map((hit) => hit.id)).toEqual([id]);
    expect(again.search('four')).toEqual([]);
  });

  it('titles a conversation from the prompt it started with and the text typed with it', async () => {
    const store = await loaded(await tempDir());
    const prompt = {
      kind: 'prompt' as const,
      server: 'workspace',
      name: 'review-file',
      title: 'Review a file',
      messages: [],
    };
    const first = await store.create({});
    await store.putMessage(first.id, { ...user('u1', 'focus on errors\nand more'), context: [prompt] });
    expect(store.get(first.id).title).toBe('Review a file: focus on errors');
    const second = await store.create({});
    await store.putMessage(second.id, { ...user('u1', ''), context: [{ ...prompt, title: undefined }] });
    expect(store.get(second.id).title).toBe('review-file');
    const third = await store.create({});
    const file = {
      kind: 'file' as const,
      id: 'abcdefgh',
      name: 'notes.txt',
      mimeType: 'text/plain',
      size: 3,
      as: 'text' as const,
    };
    await store.putMessage(third.id, { ...user('u1', ' '), context: [file] });
    expect(store.get(third.id).title).toBe('notes.txt');
  });
});

describe('ConversationStore search', () => {
  it('finds words inside messages, by prefix and without accents, with the passage that matched', async () => {
    fakeDate();
    const dir = await tempDir();
    const store = await loaded(dir);
    const harbour = await store.create({});
    await store.putMessage(harbour.id, user('u1', 'Tell me about the lighthouse keeper'));
    await store.putMessage(
      harbour.id,
      reply('a1', 'The keeper was called Marguerite and lived at the Café du Port.'),
    );
    tick();
    const other = await store.create({});
    await store.putMessage(other.id, user('u1', 'Plans for the keeper of bees'));
    await store.rename(other.id, 'Apiary notes');

    expect(store.search('marguer')).toEqual([
      expect.objectContaining({
        id: harbour.id,
        snippet: expect.objectContaining({ messageId: 'a1', role: 'assistant' }),
      }),
    ]);
    const hit = store.search('marguer')[0]?.snippet;
    const [start, end] = hit?.match ?? [0, 0];
    expect(hit?.text.slice(start, end)).toBe('Marguerite');
    expect(store.search('cafe port').map((item) => item.id)).toEqual([harbour.id]);
    expect(store.search('keeper').map((item) => item.id)).toEqual([other.id, harbour.id]);
    expect(store.search('apiary').map((item) => item.id)).toEqual([other.id]);
    expect(store.search('apiary')[0]).not.toHaveProperty('snippet');
    expect(store.search('keeper bees').map((item) => item.id)).toEqual([other.id]);
    expect(store.search('zebra')).toEqual([]);
    expect(store.search('  ')).toEqual([]);

    const reloaded = await loaded(dir);
    expect(reloaded.search('marguerite').map((item) => item.id)).toEqual([harbour.id]);
    await reloaded.delete(harbour.id);
    expect(reloaded.search('marguerite')).toEqual([]);
  });

  it('follows a message as it changes', async () => {
    const store = await loaded(await tempDir());
    const { id } = await store.create({});
    await store.putMessage(id, reply('a1', 'draft words', 'streaming'));
    await store.putMessage(id, reply('a1', 'final words', 'done'));
    expect(store.search('draft')).toEqual([]);
    expect(store.search('final').map((item) => item.id)).toEqual([id]);
  });

  it('searches conversations loaded from disk whether or not the background index has reached them', async () => {
    const dir = await tempDir();
    const writer = await loaded(dir);
    const ids: string[] = [];
    for (let n = 0; n < 40; n++) {
      const { id } = await writer.create({});
      await writer.putMessage(id, user('u1', `lantern number${n}`));
      ids.push(id);
    }
    const [first, second, third] = ids as [string, string, string];

    // Searched before any background indexing: every loaded conversation is found.
    const eager = await loaded(dir);
    expect(eager.search('lantern')).toHaveLength(40);
    expect(eager.search('number7').map((hit) => hit.id)).toEqual([ids[7]]);

    // Changed and deleted before the background index reaches them: the index follows the change.
    const store = await loaded(dir);
    await store.putMessage(first, user('u1', 'harbour'));
    await store.rename(second, 'Renamed list');
    await store.delete(third);
    await store.indexInBackground();
    // Each was titled from its first message, so the first still matches by its title.
    expect(store.search('lantern')).toHaveLength(39);
    expect(store.search('harbour').map((hit) => hit.id)).toEqual([first]);
    expect(store.search('renamed').map((hit) => hit.id)).toEqual([second]);
    expect(store.search('number2').map((hit) => hit.id)).not.toContain(third);
    expect(store.search('number2')).toHaveLength(10);
  });
});
