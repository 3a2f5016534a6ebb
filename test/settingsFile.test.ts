// Settings files: a missing file is "none" without a word, an unreadable one is reported, damaged JSON reads as undefined.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChatDefaultsStore } from '../src/main/settings/chatDefaults';
import { parseJson, readOptionalText } from '../src/main/storage/settingsFile';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'switchboard-settings-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('readOptionalText', () => {
  it('reads a file that is there', async () => {
    const problems: string[] = [];
    await writeFile(join(dir, 'a.json'), '{"x":1}');
    expect(await readOptionalText(join(dir, 'a.json'), (why) => problems.push(why))).toBe('{"x":1}');
    expect(problems).toEqual([]);
  });

  it('reads a missing file as none, without a problem', async () => {
    const problems: string[] = [];
    expect(await readOptionalText(join(dir, 'none.json'), (why) => problems.push(why))).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it('reports a file that cannot be read, and reads it as none', async () => {
    const problems: string[] = [];
    await mkdir(join(dir, 'folder.json'));
    expect(await readOptionalText(join(dir, 'folder.json'), (why) => problems.push(why))).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/EISDIR|directory/i);
  });
});

describe('parseJson', () => {
  it('answers the value of JSON and undefined for anything else', () => {
    expect(parseJson('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(parseJson('{"a":')).toBeUndefined();
    expect(parseJson('')).toBeUndefined();
  });
});

describe('a store on it', () => {
  it('says why its file could not be read, and keeps its defaults', async () => {
    const problems: string[] = [];
    const path = join(dir, 'chat-defaults.json');
    await mkdir(path);
    const store = new ChatDefaultsStore(path, (message) => problems.push(message));
    await store.load();
    expect(problems).toEqual([
      expect.stringMatching(/^Could not read the chat defaults \(.+\); none are used\.$/),
    ]);
    expect(store.get()).toEqual(new ChatDefaultsStore(join(dir, 'fresh.json')).get());
  });

  it('says a damaged file could not be used', async () => {
    const problems: string[] = [];
    const path = join(dir, 'chat-defaults.json');
    await writeFile(path, 'not json');
    const store = new ChatDefaultsStore(path, (message) => problems.push(message));
    await store.load();
    expect(problems).toEqual([expect.stringMatching(/could not be used/)]);
  });
});
