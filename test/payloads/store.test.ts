// The payload store: unguessable ids, texts on disk and not in memory, oldest texts evicted first, nothing kept past its limits.
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { payloadCommands } from '../../src/main/payloads/payloadCommands';
import { tempPayloadStore } from '../helpers';

const meta = { owner: 'server', kind: 'text' as const };
const text = async (store: ReturnType<typeof tempPayloadStore>, id: string | undefined) =>
  (await store.whole(id ?? ''))?.data;

describe('PayloadStore', () => {
  it('keeps texts under ids of 24 random url-safe characters', () => {
    const store = tempPayloadStore({ maxChars: 100, maxItemChars: 100 });
    const ids = new Set(Array.from({ length: 50 }, () => store.put('x', meta)));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('keeps each text in a file of its folder, every character as it was, and reads any range of it', async () => {
    const store = tempPayloadStore({ maxChars: 10_000_000, maxItemChars: 10_000_000 });
    const whole = `é😀\uD800${'x'.repeat(2_000_000)}end`;
    const id = store.put(whole, meta) ?? '';
    await expect(store.whole(id)).resolves.toEqual({ ...meta, data: whole });
    await expect(store.read(id, 1, 3)).resolves.toEqual({
      ...meta,
      data: whole.slice(1, 4),
      offset: 1,
      total: whole.length,
    });
    const dir = (store as unknown as { dir: string }).dir;
    expect(await readdir(dir)).toEqual([id]);
    expect((await readFile(`${dir}/${id}`)).toString('utf16le')).toBe(whole);
  });

  it('evicts the oldest texts until a new one fits, and never holds more than its limit', async () => {
    const store = tempPayloadStore({ maxChars: 10, maxItemChars: 10 });
    const first = store.put('aaaa', meta);
    const second = store.put('bbbb', meta);
    const third = store.put('cccc', meta);
    expect(await store.whole(first ?? '')).toBeUndefined();
    expect(store.has(first ?? '')).toBe(false);
    expect(await text(store, second)).toBe('bbbb');
    expect(await store.whole(third ?? '')).toEqual({ ...meta, data: 'cccc' });
    expect(store.size).toBe(8);
    await expect
      .poll(() => readdir((store as unknown as { dir: string }).dir).then((names) => names.length))
      .toBe(2);
  });

  it('lets texts go once they are older than the age limit, freeing their room without being asked', async () => {
    // Only the clock is faked: the files are written and read for real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const store = tempPayloadStore({ maxChars: 100, maxItemChars: 100, maxAgeMs: 150 });
      const first = store.put('aaaa', meta) ?? '';
      vi.advanceTimersByTime(100);
      const second = store.put('bbbb', meta) ?? '';
      vi.advanceTimersByTime(49);
      expect(await text(store, first)).toBe('aaaa');
      expect(store.size).toBe(8);
      vi.advanceTimersByTime(1);
      expect(await store.whole(first)).toBeUndefined();
      expect(await text(store, second)).toBe('bbbb');
      expect(store.size).toBe(4);
      vi.advanceTimersByTime(100);
      expect(await store.whole(second)).toBeUndefined();
      expect(store.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a text longer than one item may be', () => {
    const store = tempPayloadStore({ maxChars: 100, maxItemChars: 5 });
    expect(store.put('123456', meta)).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('removes its folder when cleared', async () => {
    const store = tempPayloadStore({ maxChars: 100, maxItemChars: 100 });
    const id = store.put('abc', meta) ?? '';
    await store.whole(id);
    await store.clear();
    await expect(readdir((store as unknown as { dir: string }).dir)).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(store.has(id)).toBe(false);
  });
});

describe('payloads.read', () => {
  const store = tempPayloadStore({ maxChars: 100, maxItemChars: 100 });
  const other = tempPayloadStore({ maxChars: 100, maxItemChars: 100 });
  const read = payloadCommands([store, other])['payloads.read'];

  it('answers a range of a text in whichever store holds it', async () => {
    const id = other.put('0123456789', meta) ?? '';
    await expect(read({ id, offset: 3, length: 4 })).resolves.toEqual({ data: '3456', offset: 3, total: 10 });
    await expect(read({ id, offset: 20 })).resolves.toEqual({ data: '', offset: 10, total: 10 });
  });

  it('says in plain words when a text is no longer kept', async () => {
    await expect(read({ id: 'unknown' })).rejects.toMatchObject({
      code: 'gone',
      message: expect.stringMatching(/no longer kept/),
    });
  });
});
