// Elicitation forms: the allowed schema subset, answers checked field by field, and secret-looking fields.
import { describe, expect, it } from 'vitest';
import { cleanContent, validateContent } from '../../src/main/requests/formAnswers';
import { checkSchema, looksSecret } from '../../src/main/requests/schemaForm';
import type { ElicitationSchema } from '../../src/shared/requests';

const form: ElicitationSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2, maxLength: 5 },
    handle: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
    email: { type: 'string', format: 'email' },
    homepage: { type: 'string', format: 'uri' },
    birthday: { type: 'string', format: 'date' },
    meeting: { type: 'string', format: 'date-time' },
    height: { type: 'number', minimum: 0.5, maximum: 2.5 },
    age: { type: 'integer', minimum: 18, maximum: 130 },
    subscribe: { type: 'boolean', default: false },
    plan: { type: 'string', enum: ['free', 'pro'], enumNames: ['Free', 'Pro'] },
    color: {
      type: 'string',
      oneOf: [
        { const: 'red', title: 'Red' },
        { const: 'green', title: 'Green' },
      ],
    },
    toppings: {
      type: 'array',
      items: { type: 'string', enum: ['cheese', 'ham', 'olives'] },
      minItems: 1,
      maxItems: 2,
    },
    days: {
      type: 'array',
      items: {
        anyOf: [
          { const: 'mon', title: 'Monday' },
          { const: 'tue', title: 'Tuesday' },
        ],
      },
    },
  },
  required: ['name', 'age'],
};

const valid = {
  name: 'Ada',
  handle: 'ada_1',
  email: 'ada@example.com',
  homepage: 'https://example.com/ada',
  birthday: '1815-12-10',
  meeting: '2025-06-18T14:30:00Z',
  height: 1.65,
  age: 36,
  subscribe: true,
  plan: 'pro',
  color: 'green',
  toppings: ['cheese', 'olives'],
  days: ['tue'],
};

describe('checkSchema', () => {
  it('accepts every primitive type of the subset', () => {
    expect(checkSchema(form)).toEqual({ ok: true, schema: form });
  });

  it('names the field and the reason for what is outside the subset', () => {
    const nested = checkSchema({
      type: 'object',
      properties: {
        name: { type: 'string' },
        address: { type: 'object', properties: { city: { type: 'string' } } },
      },
    });
    expect(nested).toMatchObject({ ok: false, field: 'address' });
    expect(nested.ok || nested.reason).toMatch(/"address" is a nested object/);
    const objects = checkSchema({
      type: 'object',
      properties: { people: { type: 'array', items: { type: 'object', properties: {} } } },
    });
    expect(objects.ok || objects.reason).toMatch(/"people" is a list of objects/);
    const free = checkSchema({
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'string' } } },
    });
    expect(free.ok || free.reason).toMatch(/"tags" is a list without a fixed set/);
    const unknown = checkSchema({ type: 'object', properties: { when: { type: 'timestamp' } } });
    expect(unknown.ok || unknown.reason).toMatch(/"when" has the type "timestamp"/);
    const untyped = checkSchema({ type: 'object', properties: { what: {} } });
    expect(untyped.ok || untyped.reason).toMatch(/"what" does not say what type/);
  });

  it('refuses broken details: formats, patterns, options, limits, required names', () => {
    const reason = (schema: unknown) => {
      const check = checkSchema(schema);
      return check.ok ? 'ok' : check.reason;
    };
    const one = (property: object) => ({ type: 'object', properties: { f: property } });
    expect(reason(one({ type: 'string', format: 'phone' }))).toMatch(/format "phone"/);
    expect(reason(one({ type: 'string', pattern: '(' }))).toMatch(/pattern that is not a valid/);
    expect(reason(one({ type: 'string', enum: [] }))).toMatch(/without any options/);
    expect(reason(one({ type: 'string', enum: ['a', 1] }))).toMatch(/not all text/);
    expect(reason(one({ type: 'string', enum: ['a'], enumNames: ['A', 'B'] }))).toMatch(/option names/);
    expect(reason(one({ type: 'string', minLength: -1 }))).toMatch(/minLength/);
    expect(reason(one({ type: 'integer', minimum: 5, maximum: 1 }))).toMatch(/minimum above/);
    expect(reason(one({ type: 'array', items: { enum: ['a'] }, minItems: 3, maxItems: 1 }))).toMatch(
      /minItems above/,
    );
    expect(reason({ type: 'object', properties: {}, required: ['ghost'] })).toMatch(/"ghost" is required/);
    expect(reason({ type: 'array' })).toMatch(/not described as an object/);
    expect(reason(null)).toMatch(/not described as an object/);
  });
});

describe('validateContent', () => {
  it('accepts a valid answer to every type', () => {
    expect(validateContent(form, valid)).toEqual({});
  });

  it('explains every problem in plain words, per field', () => {
    const errors = validateContent(form, {
      name: 'A',
      handle: 'Bad Handle',
      email: 'not-an-email',
      homepage: 'example.com',
      birthday: '2025-02-30',
      meeting: '2025-06-18 25:00',
      height: 3,
      age: 17.5,
      subscribe: 'yes',
      plan: 'enterprise',
      color: 'blue',
      toppings: ['cheese', 'ham', 'olives'],
      days: ['sun'],
      extra: 'sneaky',
    });
    expect(errors).toEqual({
      name: 'Use at least 2 characters.',
      handle: 'Use the expected form (it must match ^[a-z][a-z0-9_]*$).',
      email: 'Enter an email address, like name@example.com.',
      homepage: 'Enter a full address, like https://example.com.',
      birthday: 'Enter a date as YYYY-MM-DD.',
      meeting: 'Enter a date and time, like 2025-06-18T14:30:00Z.',
      height: 'Enter 2.5 or less.',
      age: 'Enter a whole number.',
      subscribe: 'Choose yes or no.',
      plan: 'Choose one of the options.',
      color: 'Choose one of the options.',
      toppings: 'Choose at most 2.',
      days: 'Choose only from the options.',
      extra: 'The form did not ask for this.',
    });
  });

  it('checks the other limits too', () => {
    expect(
      validateContent(form, { ...valid, name: 'Adalovelace', age: 12, height: 'tall', toppings: [] }),
    ).toEqual({
      name: 'Use at most 5 characters.',
      age: 'Enter 18 or more.',
      height: 'Enter a number.',
    });
    expect(validateContent(form, { ...valid, toppings: ['ham', 'ham'] })).toEqual({
      toppings: 'Choose each option once.',
    });
    expect(validateContent(form, { ...valid, age: 200 })).toEqual({ age: 'Enter 130 or less.' });
    expect(validateContent(form, { ...valid, meeting: '2025-06-18T14:30:00.250+02:00' })).toEqual({});
  });

  it('requires the required fields and lets optional ones stay empty', () => {
    expect(validateContent(form, { name: '', email: '' })).toEqual({
      name: 'This field is required.',
      age: 'This field is required.',
    });
    expect(validateContent(form, { name: 'Ada', age: 40, email: '', toppings: [] })).toEqual({});
    expect(cleanContent(form, { name: 'Ada', age: 40, email: '', toppings: [], subscribe: false })).toEqual({
      name: 'Ada',
      age: 40,
      subscribe: false,
    });
  });
});

describe('looksSecret', () => {
  it('spots secrets by name, title or description', () => {
    const secret = [
      ['password', {}],
      ['userPassword', {}],
      ['passphrase', {}],
      ['api_key', {}],
      ['apiKey', {}],
      ['X-Api-Key', {}],
      ['token', {}],
      ['accessToken', {}],
      ['clientSecret', {}],
      ['f1', { title: 'Credit card number' }],
      ['cardNumber', {}],
      ['cvv', {}],
      ['ssn', {}],
      ['f2', { description: 'Your social security number' }],
      ['pin', {}],
      ['f3', { title: 'PIN code' }],
      ['private_key', {}],
      ['f4', { description: 'Paste your SSH private key' }],
      ['otp', {}],
    ] as const;
    for (const [name, property] of secret) expect(looksSecret(name, property), name).toBe(true);
  });

  it('leaves ordinary fields alone', () => {
    const plain = [
      ['name', { title: 'Full name' }],
      ['email', { format: 'email' }],
      ['passport', {}],
      ['compass', {}],
      ['spinning', {}],
      ['username', { description: 'Your GitHub username' }],
      ['shipping', { title: 'Shipping address' }],
      ['pinned', {}],
    ] as const;
    for (const [name, property] of plain) expect(looksSecret(name, property), name).toBe(false);
  });
});
