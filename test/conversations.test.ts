// Conversations on disk: list order, messages across instances, torn writes, upserts, titles and compaction.
import { appendFile, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('ConversationStore', () => {
  it('creates, renames, lists by last activity and deletes with its file', async () => {
    const dir = await tempDir();
    const store = await loaded(dir);
    expect(store.list()).toEqual([]);
    const first = await store.create({ model: 'p/m' });
    await tick();
    const second = await store.create({});
    expect(first).toMatchObject({ title: 'New conversation', model: 'p/m', messages: [] });
    expect(first.tools).toEqual({ disabledServers: [], disabledTools: [] });
    expect(first.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(second).not.toHaveProperty('model');
    expect(store.list().map((item) => item.id)).toEqual([second.id, first.id]);
    await tick();
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
    expect(await readdir(dir)).toEqual([`${id}.jsonl`]);
  });
});
