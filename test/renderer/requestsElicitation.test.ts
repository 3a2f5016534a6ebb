// Elicitation forms: schema → fields, defaults, checks, content, secret-looking fields and URL warnings.
import { describe, expect, it } from 'vitest';
import {
  describeElicitation,
  type ElicitField,
  elicitContent,
  initialElicitValues,
  inputType,
  toLocalDateTime,
  validateElicitValues,
} from '../../src/renderer/src/features/requests/elicitationFields';
import {
  looksSecret,
  mentionsSecret,
  normaliseWords,
} from '../../src/renderer/src/features/requests/secretFields';
import { describeUrl, isInternationalHost } from '../../src/renderer/src/features/requests/urlParts';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2, maxLength: 5, description: 'Your short name' },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    born: { type: 'string', format: 'date' },
    meet: { type: 'string', format: 'date-time' },
    code: { type: 'string', pattern: '^[A-Z]{3}$' },
    age: { type: 'integer', minimum: 18, maximum: 130 },
    ratio: { type: 'number', minimum: 0, maximum: 1, default: 0.5 },
    agree: { type: 'boolean', default: true },
    size: { type: 'string', enum: ['s', 'm', 'l'], enumNames: ['Small', 'Medium', 'Large'], default: 'm' },
    tier: {
      type: 'string',
      oneOf: [
        { const: 'free', title: 'Free' },
        { const: 'pro', title: 'Pro' },
      ],
    },
    colors: {
      type: 'array',
      title: 'Colors',
      items: {
        anyOf: [
          { const: 'red', title: 'Red' },
          { const: 'blue', title: 'Blue' },
        ],
      },
      default: ['blue', 'green'],
      maxItems: 1,
    },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
    nested: { type: 'object', properties: {} },
  },
  required: ['name', 'email', 'colors'],
};

const form = describeElicitation(schema);
const field = (name: string): ElicitField => {
  const found = form.fields.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};

describe('elicitation schema → fields', () => {
  it('maps every supported property, in order, and names the rest', () => {
    expect(form.fields.map((f) => [f.name, f.kind])).toEqual([
      ['name', 'text'],
      ['email', 'text'],
      ['site', 'text'],
      ['born', 'text'],
      ['meet', 'text'],
      ['code', 'text'],
      ['age', 'integer'],
      ['ratio', 'number'],
      ['agree', 'boolean'],
      ['size', 'select'],
      ['tier', 'select'],
      ['colors', 'multi'],
      ['tags', 'multi'],
    ]);
    expect(form.unsupported).toEqual([{ name: 'nested', required: false }]);
  });

  it('labels by title, else by name, and marks required fields', () => {
    expect(field('name')).toMatchObject({ label: 'Name', required: true, description: 'Your short name' });
    expect(field('email')).toMatchObject({ label: 'email', required: true });
    expect(field('age').required).toBe(false);
  });

  it('picks input types from formats', () => {
    expect(['name', 'email', 'site', 'born', 'meet', 'age'].map((n) => inputType(field(n)))).toEqual([
      'text',
      'email',
      'url',
      'date',
      'datetime-local',
      'number',
    ]);
  });

  it('reads choices from enum + enumNames, oneOf and items.anyOf', () => {
    expect(field('size').options).toEqual([
      { value: 's', label: 'Small' },
      { value: 'm', label: 'Medium' },
      { value: 'l', label: 'Large' },
    ]);
    expect(field('tier').options.map((o) => o.label)).toEqual(['Free', 'Pro']);
    expect(field('colors').options.map((o) => o.value)).toEqual(['red', 'blue']);
    expect(field('tags').options.map((o) => o.label)).toEqual(['a', 'b']);
  });

  it('prefills defaults, dropping values that are not options', () => {
    const values = initialElicitValues(form.fields);
    expect(values).toMatchObject({
      name: '',
      ratio: '0.5',
      agree: true,
      size: 'm',
      tier: '',
      colors: ['blue'],
    });
  });

  it('shows a date-time default in local time', () => {
    const local = toLocalDateTime('2024-05-01T10:30:00Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(new Date(local).toISOString()).toBe('2024-05-01T10:30:00.000Z');
    expect(toLocalDateTime('not a date')).toBe('');
  });
});

describe('elicitation checks and content', () => {
  const good = {
    ...initialElicitValues(form.fields),
    name: 'Ann',
    email: 'ann@example.com',
    site: 'https://example.com',
    born: '2000-01-31',
    meet: '2024-05-01T10:30',
    code: 'ABC',
    age: '30',
  };

  it('accepts good values and sends typed content, leaving out empty optional fields', () => {
    expect(validateElicitValues(form.fields, good)).toEqual({});
    const content = elicitContent(form.fields, good);
    expect(content).toMatchObject({
      name: 'Ann',
      age: 30,
      ratio: 0.5,
      agree: true,
      size: 'm',
      colors: ['blue'],
    });
    expect(content.meet).toBe(new Date('2024-05-01T10:30').toISOString());
    expect('tier' in content).toBe(false);
    expect('tags' in content).toBe(false);
  });

  it('names each problem at its field', () => {
    const errors = validateElicitValues(form.fields, {
      ...good,
      name: 'A',
      email: 'nope',
      site: 'example',
      code: 'abc',
      age: '17.5',
      ratio: '2',
      colors: [],
    });
    expect(errors.name).toBe('Name needs at least 2 characters.');
    expect(errors.email).toMatch(/email address/);
    expect(errors.site).toMatch(/full address/);
    expect(errors.code).toMatch(/\^\[A-Z\]\{3\}\$/);
    expect(errors.age).toBe('age must be a whole number.');
    expect(errors.ratio).toBe('ratio must be at most 1.');
    expect(errors.colors).toBe('Choose at least 1 for Colors.');
    expect(validateElicitValues(form.fields, { ...good, name: '' }).name).toBe('Name is required.');
    expect(validateElicitValues(form.fields, { ...good, age: '12' }).age).toBe('age must be at least 18.');
    expect(validateElicitValues(form.fields, { ...good, colors: ['red', 'blue'] }).colors).toMatch(
      /at most 1/,
    );
  });

  it('copes with a schema that is not an object', () => {
    expect(describeElicitation(null)).toEqual({ fields: [], unsupported: [] });
    expect(describeElicitation({ type: 'object' }).fields).toEqual([]);
  });
});

describe('secret-looking fields', () => {
  it('reads names as words', () => {
    expect(normaliseWords('apiKey')).toBe('api key');
    expect(normaliseWords('CREDIT_CARD-number')).toBe('credit card number');
    expect(normaliseWords('SSNValue')).toBe('ssn value');
  });

  it.each([
    'password',
    'passphrase',
    'userPassword',
    'api_key',
    'API Key',
    'token',
    'accessToken',
    'client secret',
    'Credit card',
    'cardNumber',
    'CVV',
    'SSN',
    'Social Security Number',
    'PIN',
    'private key',
  ])('flags %s', (text) => expect(mentionsSecret(text)).toBe(true));

  it.each(['name', 'email', 'Max tokens', 'token count', 'spinning', 'keyboard layout', 'Favourite colour'])(
    'leaves %s alone',
    (text) => expect(mentionsSecret(text)).toBe(false),
  );

  it('looks at name, title and description, and masks such fields', () => {
    expect(looksSecret('value', undefined, 'Your GitHub personal access token')).toBe(true);
    expect(
      looksSecret(
        'integer',
        'Integer',
        'Your favorite integer (do not give us your phone number, pin, or other sensitive info)',
      ),
    ).toBe(false);
    expect(looksSecret('code', 'Code', 'Not your email. Your bank PIN')).toBe(true);
    const secret = describeElicitation({ properties: { pw: { type: 'string', title: 'Password' } } })
      .fields[0];
    expect(secret?.secret).toBe(true);
    expect(secret && inputType(secret)).toBe('password');
    const flag = describeElicitation({ properties: { password: { type: 'boolean' } } }).fields[0];
    expect(flag?.secret).toBe(false);
  });
});

describe('URL elicitation', () => {
  it('sets the domain apart from the path', () => {
    const view = describeUrl('https://auth.example.com/login?next=/home#top');
    expect(view).toMatchObject({
      web: true,
      https: true,
      prefix: 'https://',
      host: 'auth.example.com',
      rest: '/login?next=/home#top',
      domain: 'auth.example.com',
      international: false,
      warnings: [],
    });
  });

  it('warns about http, punycode, non-ASCII names and user@host disguises', () => {
    expect(describeUrl('http://example.com/').warnings[0]).toMatch(/not secure/);
    expect(isInternationalHost('xn--pple-43d.com')).toBe(true);
    expect(isInternationalHost('аpple.com')).toBe(true);
    expect(isInternationalHost('apple.com')).toBe(false);
    const idn = describeUrl('https://аpple.com/pay');
    expect(idn.international).toBe(true);
    expect(idn.domain).toMatch(/^xn--/);
    expect(idn.warnings.join(' ')).toMatch(/international characters/);
    const puny = describeUrl('https://xn--pple-43d.com/');
    expect(puny.international).toBe(true);
    const disguised = describeUrl('https://bank.com@evil.example/login');
    expect(disguised.userinfo).toBe('bank.com@');
    expect(disguised.host).toBe('evil.example');
    expect(disguised.domain).toBe('evil.example');
    expect(disguised.warnings.join(' ')).toMatch(/the site is evil\.example/);
  });

  it('refuses what is not a web address', () => {
    expect(describeUrl('javascript:alert(1)')).toMatchObject({ web: false, https: false });
    expect(describeUrl('not a url').web).toBe(false);
    expect(describeUrl('file:///etc/passwd').warnings[0]).toMatch(/not a web address/);
  });
});
