// Pure logic of SchemaForm: which schemas are flat, and how form values become tool arguments.
import { describe, expect, it } from 'vitest';
import {
  describeFields,
  initialValues,
  isFlatSchema,
  splitLines,
  validateValues,
  valuesToArguments,
} from '../../src/renderer/src/components/schemaFields';

const schema = {
  type: 'object',
  properties: {
    message: { type: 'string', description: 'What to echo' },
    count: { type: 'integer', minimum: 1, maximum: 10, default: 2 },
    ratio: { type: 'number', exclusiveMinimum: 0 },
    loud: { type: 'boolean' },
    quiet: { type: 'boolean', default: true },
    mode: { type: 'string', enum: ['fast', 'slow'] },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 2 },
    nickname: { type: ['string', 'null'], title: 'Nick name', minLength: 2 },
  },
  required: ['message', 'count'],
};

describe('isFlatSchema', () => {
  it('accepts scalar, enum and string-list properties', () => {
    expect(isFlatSchema(schema)).toBe(true);
    expect(isFlatSchema({ type: 'object' })).toBe(true);
    expect(isFlatSchema({ type: 'object', properties: {} })).toBe(true);
    expect(isFlatSchema({ properties: { a: { enum: ['x', 'y'] } } })).toBe(true);
  });

  it('sends nested and composite schemas to the JSON editor', () => {
    const nested = {
      type: 'object',
      properties: { a: { type: 'object', properties: { b: { type: 'string' } } } },
    };
    expect(isFlatSchema(nested)).toBe(false);
    expect(
      isFlatSchema({ type: 'object', properties: { a: { type: 'array', items: { type: 'object' } } } }),
    ).toBe(false);
    expect(
      isFlatSchema({
        type: 'object',
        properties: { a: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
      }),
    ).toBe(false);
    expect(isFlatSchema({ type: 'object', oneOf: [{ required: ['a'] }], properties: {} })).toBe(false);
    expect(isFlatSchema({ type: 'object', properties: { a: { $ref: '#/$defs/a' } } })).toBe(false);
    expect(isFlatSchema({ type: 'object', properties: { a: { enum: [1, 2] } } })).toBe(false);
    expect(isFlatSchema({ type: 'object', properties: { a: {} } })).toBe(false);
    expect(isFlatSchema({ type: 'object', properties: { a: { type: ['string', 'number'] } } })).toBe(false);
    expect(isFlatSchema({ type: 'array' })).toBe(false);
    expect(isFlatSchema(null)).toBe(false);
    expect(isFlatSchema('object')).toBe(false);
  });
});

describe('describeFields', () => {
  it('labels by title, else name, and marks required fields', () => {
    const fields = describeFields(schema) ?? [];
    expect(fields.map((f) => [f.name, f.label, f.kind, f.required])).toEqual([
      ['message', 'message', 'string', true],
      ['count', 'count', 'integer', true],
      ['ratio', 'ratio', 'number', false],
      ['loud', 'loud', 'boolean', false],
      ['quiet', 'quiet', 'boolean', false],
      ['mode', 'mode', 'enum', false],
      ['tags', 'tags', 'list', false],
      ['nickname', 'Nick name', 'string', false],
    ]);
  });
});

describe('initialValues', () => {
  it('prefills defaults and leaves the rest empty', () => {
    expect(initialValues(schema)).toEqual({
      message: '',
      count: '2',
      ratio: '',
      loud: false,
      quiet: true,
      mode: '',
      tags: [],
      nickname: '',
    });
  });
});

describe('valuesToArguments', () => {
  it('coerces numbers and leaves out empty optional fields', () => {
    const values = { ...initialValues(schema), message: 'hi', ratio: ' 0.5 ' };
    expect(valuesToArguments(schema, values)).toEqual({ message: 'hi', count: 2, ratio: 0.5, quiet: true });
  });

  it('sends booleans that are set or have a default, enums and list items', () => {
    const values = {
      ...initialValues(schema),
      message: 'x',
      loud: true,
      quiet: false,
      mode: 'slow',
      tags: ['a', ' ', 'b'],
    };
    expect(valuesToArguments(schema, values)).toEqual({
      message: 'x',
      count: 2,
      loud: true,
      quiet: false,
      mode: 'slow',
      tags: ['a', 'b'],
    });
  });

  it('reads list text one item per line', () => {
    expect(splitLines('a\r\n\n b \nc, d')).toEqual(['a', 'b', 'c, d']);
    expect(valuesToArguments(schema, { message: 'x', count: '1', tags: 'one\ntwo\n' })).toEqual({
      message: 'x',
      count: 1,
      tags: ['one', 'two'],
    });
  });

  it('keeps strings as typed, spaces included', () => {
    expect(valuesToArguments(schema, { message: '  spaced  ', count: '3' })).toEqual({
      message: '  spaced  ',
      count: 3,
    });
  });
});

describe('validateValues', () => {
  it('passes good values', () => {
    expect(validateValues(schema, { ...initialValues(schema), message: 'hi' })).toEqual({});
  });

  it('names each problem in plain words', () => {
    const values = {
      ...initialValues(schema),
      message: '   ',
      count: '2.5',
      ratio: 'abc',
      mode: 'medium',
      tags: ['a', 'b', 'c'],
      nickname: 'x',
    };
    expect(validateValues(schema, values)).toEqual({
      message: 'message is required.',
      count: 'count must be a whole number.',
      ratio: 'ratio must be a number.',
      mode: 'Choose one of: fast, slow.',
      tags: 'tags takes at most 2 items.',
      nickname: 'Nick name needs at least 2 characters.',
    });
  });

  it('checks number bounds', () => {
    expect(validateValues(schema, { message: 'm', count: '0' })).toEqual({
      count: 'count must be at least 1.',
    });
    expect(validateValues(schema, { message: 'm', count: '11' })).toEqual({
      count: 'count must be at most 10.',
    });
    expect(validateValues(schema, { message: 'm', count: '1', ratio: '0' })).toEqual({
      ratio: 'ratio must be more than 0.',
    });
  });

  it('finds nothing to check in a schema that is not flat', () => {
    expect(validateValues({ type: 'object', properties: { a: { type: 'object' } } }, {})).toEqual({});
  });
});
