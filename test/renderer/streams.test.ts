// Renderer stream buffers: capped to the newest entries, restarted when a connection starts over, batched per frame.
import { describe, expect, it } from 'vitest';
import { createFrameBatcher } from '../../src/renderer/src/store/frameBatcher';
import { appendBatch, fillBuffer } from '../../src/renderer/src/store/streamsSlice';

const seqs = (list: { seq: number }[] | undefined) => (list ?? []).map((entry) => entry.seq);
const entries = (...numbers: number[]) => numbers.map((seq) => ({ seq }));

describe('stream buffers', () => {
  it('appends batches capped to the newest entries', () => {
    const next = appendBatch({ a: entries(1, 2, 3) }, new Map([['a', entries(4, 5)]]), 4);
    expect(seqs(next.a)).toEqual([2, 3, 4, 5]);
  });

  it('starts over when seq goes backwards (a new connection)', () => {
    const next = appendBatch({ a: entries(8, 9) }, new Map([['a', entries(1, 2)]]), 10);
    expect(seqs(next.a)).toEqual([1, 2]);
  });

  it('does not start over for an event whose entries the history already brought', () => {
    const held = [
      { seq: 10, time: 100 },
      { seq: 15, time: 200 },
    ];
    const filled = fillBuffer({}, 'a', held, 10);
    const next = appendBatch(filled, new Map([['a', [{ seq: 15, time: 200 }]]]), 10);
    expect(seqs(next.a)).toEqual([10, 15]);
    const later = appendBatch(
      next,
      new Map([
        [
          'a',
          [
            { seq: 15, time: 200 },
            { seq: 16, time: 300 },
          ],
        ],
      ]),
      10,
    );
    expect(seqs(later.a)).toEqual([10, 15, 16]);
    const replaced = appendBatch(later, new Map([['a', [{ seq: 15, time: 900 }]]]), 10);
    expect(seqs(replaced.a)).toEqual([15]);
  });

  it('fills from history and keeps only streamed entries newer than it', () => {
    const next = fillBuffer({ a: entries(4, 5, 6) }, 'a', entries(1, 2, 3, 4), 10);
    expect(seqs(next.a)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('batches pushes into one flush per frame, capped per key', () => {
    const flushes: Map<string, { seq: number }[]>[] = [];
    const frames: (() => void)[] = [];
    const batcher = createFrameBatcher<{ seq: number }>(
      3,
      (batch) => flushes.push(new Map(batch)),
      (run) => frames.push(run),
    );
    batcher.push('a', entries(1, 2));
    batcher.push('a', entries(3, 4));
    batcher.push('b', entries(1));
    batcher.push('c', entries(1));
    batcher.drop('c');
    expect(flushes).toHaveLength(0);
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(flushes).toHaveLength(1);
    expect(seqs(flushes[0]!.get('a'))).toEqual([2, 3, 4]);
    expect(seqs(flushes[0]!.get('b'))).toEqual([1]);
    expect(flushes[0]!.has('c')).toBe(false);

    batcher.push('a', entries(5));
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(flushes).toHaveLength(2);
    expect(seqs(flushes[1]!.get('a'))).toEqual([5]);
  });
});
