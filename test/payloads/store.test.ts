// The payload store: unguessable ids, oldest texts evicted first, nothing kept past its limits.
import { describe, expect, it, vi } from 'vitest';
import { payloadCommands } from '../../src/main/payloads/payloadCommands';
import { PayloadStore } from '../../src/main/payloads/payloadStore';

const meta = { owner: 'server', kind: 'text' as const };

describe('PayloadStore', () => {
  it('keeps texts under ids of 24 random url-safe characters', () => {
    const store = new PayloadStore({ maxChars: 100, maxItemChars: 100 });
    const ids = new Set(Array.from({ length: 50 }, () => store.put('x', meta)));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('evicts the oldest texts until a new one fits, and never holds more than its limit', () => {
    const store = new PayloadStore({ maxChars: 10, maxItemChars: 10 });
    const first = store.put('aaaa', meta) ?? '';
    const second = store.put('bbbb', meta) ?? '';
    const third = store.put('cccc', meta) ?? '';
    expect(store.get(first)).toBeUndefined();
    expect(store.get(second)?.data).toBe('bbbb');
    expect(store.get(third)).toEqual({ ...meta, data: 'cccc' });
    expect(store.size).toBe(8);
  });

  it('lets texts go once they are older than the age limit, freeing their room without being asked', () => {
    vi.useFakeTimers();
    try {
      const store = new PayloadStore({ maxChars: 100, maxItemChars: 100, maxAgeMs: 150 });
      const first = store.put('aaaa', meta) ?? '';
      vi.advanceTimersByTime(100);
      const second = store.put('bbbb', meta) ?? '';
      vi.advanceTimersByTime(49);
      expect(store.get(first)?.data).toBe('aaaa');
      expect(store.size).toBe(8);
      vi.advanceTimersByTime(1);
      expect(store.get(first)).toBeUndefined();
      expect(store.get(second)?.data).toBe('bbbb');
      expect(store.size).toBe(4);
      vi.advanceTimersByTime(100);
      expect(store.get(second)).toBeUndefined();
      expect(store.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a text longer than one item may be', () => {
    const store = new PayloadStore({ maxChars: 100, maxItemChars: 5 });
    expect(store.put('123456', meta)).toBeUndefined();
    expect(store.size).toBe(0);
  });
});

describe('payloads.read', () => {
  const store = new PayloadStore({ maxChars: 100, maxItemChars: 100 });
  const other = new PayloadStore({ maxChars: 100, maxItemChars: 100 });
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
