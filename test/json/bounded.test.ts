// Depth-bounded copies, a depth check for any depth, and encoding that survives what JSON.stringify cannot take.
import { describe, expect, it } from 'vitest';
import { boundJson, deepMarker, nestsDeeperThan, tryStringify } from '../../src/main/json/bounded';

const nested = (depth: number): unknown => JSON.parse(`${'{"d":'.repeat(depth)}1${'}'.repeat(depth)}`);

describe('boundJson', () => {
  it('copies JSON within the limit as it is, with an idea of its size', () => {
    const value = { a: [1, 'two', null, true], b: { c: 'd' } };
    const bounded = boundJson(value);
    expect(bounded.value).toEqual(value);
    expect(bounded.clipped).toBe(false);
    expect(bounded.size).toBeGreaterThanOrEqual(JSON.stringify(value).length - 10);
  });

  it('replaces what lies deeper than the limit with a visible marker, at any depth', () => {
    const bounded = boundJson(nested(1_000_000), 3);
    expect(bounded.value).toEqual({ d: { d: { d: deepMarker(3) } } });
    expect(bounded.clipped).toBe(true);
    expect(() => JSON.stringify(boundJson(nested(50_000)).value)).not.toThrow();
  });

  it('keeps keys named like Object.prototype as plain data', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1}');
    const copy = boundJson(value).value as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('turns what JSON cannot hold into what JSON.stringify would write', () => {
    expect(boundJson({ n: Number.NaN, u: undefined, f: () => 1, big: 10n, at: new Date(0) }).value).toEqual({
      n: null,
      big: '10',
      at: '1970-01-01T00:00:00.000Z',
    });
    expect(boundJson([undefined]).value).toEqual([null]);
  });
});

describe('nestsDeeperThan', () => {
  it('answers for any depth without recursion', () => {
    expect(nestsDeeperThan(nested(1_000_000), 128)).toBe(true);
    expect(nestsDeeperThan(nested(128), 128)).toBe(false);
    expect(nestsDeeperThan(nested(129), 128)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
  });
});

describe('tryStringify', () => {
  it('encodes a value too deep for JSON.stringify by bounding it first', () => {
    const text = tryStringify({ frame: nested(10_000) });
    expect(text).toContain(deepMarker());
  });
});
