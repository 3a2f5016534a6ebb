// The full-text index on its own: words, prefixes, replacement of a message's words, removal and snippets.
import { describe, expect, it } from 'vitest';
import { SearchIndex, snippetOf, wordsOf } from '../src/main/storage/searchIndex';

const ids = (index: SearchIndex, query: string) =>
  index
    .search(query)
    .map((hit) => `${hit.conversationId}/${hit.messageId ?? '-'}`)
    .sort();

describe('SearchIndex', () => {
  it('splits text into lower-case words without accents or punctuation', () => {
    expect(wordsOf('Crème brûlée, NAÏVE café-au-lait 42!')).toEqual([
      'creme',
      'brulee',
      'naive',
      'cafe',
      'au',
      'lait',
      '42',
    ]);
    expect(wordsOf('x'.repeat(50))[0]).toHaveLength(32);
  });

  it('needs every word in the same conversation, and points at the message holding most of them', () => {
    const index = new SearchIndex();
    index.put('c1', null, 'Holiday');
    index.put('c1', 'm1', 'trains to Lisbon');
    index.put('c1', 'm2', 'Lisbon hotels and trains');
    index.put('c2', 'm1', 'hotels in Porto');
    expect(ids(index, 'lisbon trains')).toEqual(['c1/m2']);
    expect(ids(index, 'hotel')).toEqual(['c1/m2', 'c2/m1']);
    expect(ids(index, 'holiday porto')).toEqual([]);
    expect(ids(index, 'holiday')).toEqual(['c1/-']);
    expect(ids(index, 'holiday hotels')).toEqual(['c1/m2']);
  });

  it('replaces what a message held, forgets messages and conversations', () => {
    const index = new SearchIndex();
    index.put('c1', 'm1', 'alpha beta');
    index.put('c1', 'm1', 'beta gamma');
    expect(ids(index, 'alpha')).toEqual([]);
    expect(ids(index, 'gamma')).toEqual(['c1/m1']);
    index.put('c1', 'm2', 'gamma delta');
    index.remove('c1', 'm1');
    expect(ids(index, 'beta')).toEqual([]);
    expect(ids(index, 'gamma')).toEqual(['c1/m2']);
    index.removeConversation('c1');
    expect(ids(index, 'delta')).toEqual([]);
    expect(index.size).toBe(0);
    index.put('c1', 'm3', 'gamma again');
    expect(ids(index, 'gam')).toEqual(['c1/m3']);
  });

  it('stays right when many words arrive at once and one at a time', () => {
    const index = new SearchIndex();
    for (let n = 0; n < 3000; n++) index.put(`c${n % 30}`, `m${n}`, `word${n} common`);
    expect(ids(index, 'word2999')).toEqual(['c29/m2999']);
    index.put('c0', 'late', 'aardvark');
    index.put('c1', 'later', 'zymurgy');
    expect(ids(index, 'aard')).toEqual(['c0/late']);
    expect(ids(index, 'zym')).toEqual(['c1/later']);
    expect(index.search('common')).toHaveLength(30);
  });
});

describe('snippetOf', () => {
  it('shows the passage around the first matching word and marks the whole word', () => {
    const text = `${'lead '.repeat(30)}the keeper named   Marguerite\nlived ${'on '.repeat(80)}`;
    const snippet = snippetOf(text, 'marg');
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    const [start, end] = snippet.match ?? [0, 0];
    expect(snippet.text.slice(start, end)).toBe('Marguerite');
    expect(snippet.text).toContain('named Marguerite lived');
    // The match comes early (it stays on the first line of the list), and the end is cut between words.
    expect(start).toBeLessThanOrEqual(26);
    expect(snippet.text).toMatch(/ on…$/);
  });

  it('starts at the beginning when no word is found as typed', () => {
    expect(snippetOf('Short text.', 'absent')).toEqual({ text: 'Short text.' });
    expect(snippetOf('a'.repeat(300), 'b').text).toHaveLength(181);
  });
});
