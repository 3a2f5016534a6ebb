// Labels sorted as a person reads them: the fast key order is exactly the collator's, for plain and other labels.
import { describe, expect, it } from 'vitest';
import { sortByLabel, sortKey } from '../../src/renderer/src/features/resources/labelOrder';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const byCollator = (labels: string[]) => [...labels].sort(collator.compare);
const identity = (label: string) => label;

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function labels(next: () => number, alphabet: string, count: number): string[] {
  return Array.from({ length: count }, () =>
    Array.from(
      { length: 1 + Math.floor(next() * 10) },
      () => alphabet[Math.floor(next() * alphabet.length)],
    ).join(''),
  );
}

describe('sortByLabel', () => {
  it('orders plain labels exactly as the collator does: case ignored, numbers by value, punctuation in its place', () => {
    const next = random(7);
    for (let round = 0; round < 200; round++) {
      const list = labels(next, 'aAbByZ0123456789 ._/-', 60);
      expect(sortByLabel([...list], identity)).toEqual(byCollator(list));
    }
    expect(sortByLabel(['file-10', 'File-9', 'file-09b', 'file_1', 'file 2'], identity)).toEqual([
      'file 2',
      'file_1',
      'File-9',
      'file-09b',
      'file-10',
    ]);
  });

  it('falls back to the collator for a list with any other label, in the same order', () => {
    const next = random(11);
    for (let round = 0; round < 50; round++) {
      const list = [...labels(next, 'aeéE0123 -', 30), 'Ünïcode', 'a+b', 'x#1'];
      expect(sortByLabel([...list], identity)).toEqual(byCollator(list));
    }
  });

  it('breaks ties between labels the collator calls equal with the given tie-breaker', () => {
    const items = [
      { label: 'Report', uri: 'b' },
      { label: 'report', uri: 'a' },
      { label: 'report 07', uri: 'd' },
      { label: 'report 7', uri: 'c' },
    ];
    const sorted = sortByLabel(
      items,
      (item) => item.label,
      (a, b) => (a.uri < b.uri ? -1 : 1),
    );
    expect(sorted.map((item) => item.uri)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('gives no key to a label outside the plain characters', () => {
    expect(sortKey('naïve')).toBeUndefined();
    expect(sortKey('a+b')).toBeUndefined();
    expect(sortKey('file-12.txt')).toBe('file-0212.txt');
  });
});
