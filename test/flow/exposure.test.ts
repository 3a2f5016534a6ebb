// Exposure over a conversation's history: results and attachments mark it, the first of each kind stays, and it outlives a restart.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exposureAfter, marksOfContext, marksOfResult, readExposure } from '../../src/main/flow/exposure';
import { ConversationStore } from '../../src/main/storage/conversations';
import type { Exposure, LabelValue, ToolLabels } from '../../src/shared/flow';

const value = (on: boolean): LabelValue => ({ on, source: 'server', why: 'a test' });
const labels = (privateData: boolean, outsideContent: boolean): ToolLabels => ({
  privateData: value(privateData),
  outsideContent: value(outsideContent),
  sendsOut: value(false),
  runsCode: value(false),
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'switchboard-exposure-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The marks a conversation's history makes, in order: tool results by their labels, then what was attached. */
function replayHistory(): Exposure | undefined {
  const marks = [
    ...marksOfResult('greet', labels(false, false), { server: 'chat', time: 500, messageId: 'a1' }),
    ...marksOfResult('read_file', labels(true, false), { server: 'files', time: 1000, messageId: 'a1' }),
    ...marksOfResult('fetch', labels(false, true), { server: 'web', time: 2000, messageId: 'a2' }),
    ...marksOfResult('fetch', labels(false, true), { server: 'web', time: 3000, messageId: 'a3' }),
  ];
  return marks.reduce<Exposure | undefined>(exposureAfter, undefined);
}

describe('exposure', () => {
  it('keeps the first mark of each kind and counts them all', () => {
    expect(replayHistory()).toEqual({
      privateData: {
        kind: 'private-data',
        server: 'files',
        what: 'read_file',
        via: 'tool',
        time: 1000,
        messageId: 'a1',
      },
      outsideContent: {
        kind: 'outside-content',
        server: 'web',
        what: 'fetch',
        via: 'tool',
        time: 2000,
        messageId: 'a2',
      },
      counts: { privateData: 1, outsideContent: 2 },
    });
  });

  it('marks file resources as private data, resources and skills of outside servers and what views gave the model as outside content', () => {
    const marks = marksOfContext(
      [
        {
          kind: 'resource',
          server: 'files',
          uri: 'file:///home/me/notes.md',
          name: 'notes.md',
          contents: [],
        },
        { kind: 'resource', server: 'web', uri: 'https://example.com/page', contents: [] },
        { kind: 'resource', server: 'files', uri: 'mem://scratch', contents: [] },
        { kind: 'skill', server: 'web', uri: 'skill://acme/refunds/SKILL.md', label: 'refunds' },
        { kind: 'skill', server: 'files', uri: 'skill://notes/SKILL.md', label: 'notes' },
        { kind: 'app', server: 'maps', tool: 'show_map', callId: 'c1', text: 'hello' },
        { kind: 'prompt', server: 'files', name: 'review', messages: [] },
      ],
      (server) => server === 'web',
      { time: 7, messageId: 'u1' },
    );
    expect(marks.map((mark) => `${mark.kind} ${mark.what} ${mark.via}`)).toEqual([
      'private-data notes.md resource',
      'outside-content https://example.com/page resource',
      'skill the skill refunds resource',
      'outside-content the skill refunds resource',
      'skill the skill notes resource',
      'outside-content the view of show_map app-view',
    ]);
  });

  it('keeps every skill the conversation follows, each once, whatever else it took in', () => {
    const skill = (server: string, label: string, time: number) =>
      marksOfContext([{ kind: 'skill', server, uri: `skill://${label}/SKILL.md`, label }], () => false, {
        time,
      });
    const marks = [
      ...skill('billing', 'refunds', 1),
      ...skill('billing', 'refunds', 2),
      ...skill('shop', 'refunds', 3),
      ...skill('billing', 'returns', 4),
    ];
    const exposure = marks.reduce<Exposure | undefined>(exposureAfter, replayHistory());
    expect(exposure?.skills?.map((mark) => `${mark.server} ${mark.what} ${mark.time}`)).toEqual([
      'billing the skill refunds 1',
      'shop the skill refunds 3',
      'billing the skill returns 4',
    ]);
    expect(exposure?.counts).toEqual({ privateData: 1, outsideContent: 2 });
    expect(exposure?.privateData?.what).toBe('read_file');
  });

  it('is saved with the conversation and read back after a restart, also after the file is tidied', async () => {
    const conversations = join(dir, 'conversations');
    const before = new ConversationStore(conversations);
    await before.load();
    const { id } = await before.create({ model: 'local/m' });
    await before.putMessage(id, { id: 'u1', role: 'user', text: 'read and fetch', time: 1 });
    const exposure = replayHistory()!;
    await before.setExposure(id, exposure);
    for (let n = 0; n < 12; n++) await before.rename(id, `title ${n}`);

    const after = new ConversationStore(conversations);
    await after.load();
    expect(after.get(id).exposure).toEqual(exposure);
    // Loading compacted the grown file to one meta line: exposure is still there on the next start.
    const again = new ConversationStore(conversations);
    await again.load();
    expect(again.get(id).exposure).toEqual(exposure);
  });

  it('reads a damaged record as having taken in every kind, a skill too', async () => {
    expect(readExposure(undefined)).toBeUndefined();
    const damaged = readExposure({ privateData: 'yes' });
    expect(damaged?.privateData?.kind).toBe('private-data');
    expect(damaged?.outsideContent?.kind).toBe('outside-content');
    expect(damaged?.skills?.map((mark) => mark.kind)).toEqual(['skill']);
    const following = exposureAfter(undefined, {
      kind: 'skill',
      server: 'billing',
      what: 'the skill refunds',
      via: 'resource',
      time: 5,
    });
    expect(readExposure(JSON.parse(JSON.stringify(following)))).toEqual(following);

    const conversations = join(dir, 'conversations');
    const store = new ConversationStore(conversations);
    await store.load();
    const { id } = await store.create();
    await store.putMessage(id, { id: 'u1', role: 'user', text: 'hi', time: 1 });
    const file = join(conversations, `${id}.jsonl`);
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    const meta = { ...JSON.parse(lines[0]!), exposure: { outsideContent: 42 } };
    await writeFile(file, `${[JSON.stringify(meta), ...lines.slice(1)].join('\n')}\n`);
    const reloaded = new ConversationStore(conversations);
    await reloaded.load();
    expect(reloaded.get(id).exposure?.privateData).toBeDefined();
    expect(reloaded.get(id).exposure?.outsideContent).toBeDefined();
  });
});
