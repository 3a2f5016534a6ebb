// The start of a large text the page shows before "Show all".
import { describe, expect, it } from 'vitest';
import { formatChars, previewOf } from '../../src/renderer/src/components/largeText';

describe('previewOf', () => {
  it('keeps a text within the limit whole', () => {
    expect(previewOf('short', 10)).toEqual({ text: 'short', total: 5, partial: false });
  });

  it('cuts a long line at the limit', () => {
    const preview = previewOf('x'.repeat(100), 10);
    expect(preview).toEqual({ text: 'x'.repeat(10), total: 100, partial: true });
  });

  it('cuts after a line end near the limit, so the last shown line is whole', () => {
    const text = `${'a'.repeat(95)}\n${'b'.repeat(50)}`;
    expect(previewOf(text, 100).text).toBe(`${'a'.repeat(95)}\n`);
  });

  it('ignores a line end far before the limit', () => {
    const text = `ab\n${'c'.repeat(200)}`;
    expect(previewOf(text, 100).text).toHaveLength(100);
  });

  it('never splits a character outside the basic plane', () => {
    const text = `${'a'.repeat(9)}😀${'b'.repeat(20)}`;
    const preview = previewOf(text, 10);
    expect(preview.text).toBe('a'.repeat(9));
    expect(preview.partial).toBe(true);
  });
});

describe('formatChars', () => {
  it('reads as characters, KB or MB', () => {
    expect(formatChars(1)).toBe('1 character');
    expect(formatChars(512)).toBe('512 characters');
    expect(formatChars(16 * 1024)).toBe('16.0 KB');
    expect(formatChars(9 * 1024 * 1024)).toBe('9.0 MB');
  });
});
