// JSON described for a model by its keys and array lengths, and one part of it read by a path in either syntax.
import { describe, expect, it } from 'vitest';
import { jsonAt, jsonShape, parseJsonDocument } from '../../src/main/payloads/jsonShape';

const document = {
  'a.b': 1,
  items: [
    { id: 0, tags: ['x'] },
    { id: 1, tags: [] },
  ],
  title: 'list',
  empty: null,
};

describe('jsonShape', () => {
  it('names the top-level keys with what each holds, and points at the largest array', () => {
    expect(jsonShape(document)).toEqual({
      shape:
        'an object with 4 keys: "a.b" (number), items (array of 2), title (string of 4 characters), empty (null)',
      examplePath: 'items[0]',
    });
    expect(jsonShape([{ id: 1, name: 'n' }, 2])).toEqual({
      shape: 'an array of 2 items, the first an object with keys id, name',
      examplePath: '[0]',
    });
  });

  it('describes only objects and arrays', () => {
    expect(parseJsonDocument('  {"a": 1}')).toEqual({ a: 1 });
    expect(parseJsonDocument('"text"')).toBeUndefined();
    expect(parseJsonDocument('{ not json')).toBeUndefined();
    expect(jsonShape(3)).toBeUndefined();
  });
});

describe('jsonAt', () => {
  it('reads a part by dots and brackets, quoted keys, or a JSON Pointer', () => {
    expect(jsonAt(document, 'items[1].id')).toBe(1);
    expect(jsonAt(document, '$.items[0].tags[0]')).toBe('x');
    expect(jsonAt(document, '["a.b"]')).toBe(1);
    expect(jsonAt(document, '/items/0/tags')).toEqual(['x']);
    expect(jsonAt(document, '')).toBe(document);
  });

  it('says in plain words where a path leads nowhere', () => {
    expect(() => jsonAt(document, 'items[5]')).toThrow(
      'The part at items has 2 items, so there is no item 5.',
    );
    expect(() => jsonAt(document, 'title.length')).toThrow(
      'The part at title has no "length": it is a string of 4 characters.',
    );
    expect(() => jsonAt(document, 'missing')).toThrow(
      'The result has no "missing": it is an object of 4 keys.',
    );
  });
});
