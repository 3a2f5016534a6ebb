// One JSON-Schema validator: string length and patterns get one answer in elicitation (host and window), the Run form and argument checks.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { validateContent } from '../src/main/requests/formAnswers';
import { checkSchema } from '../src/main/requests/schemaForm';
import { SchemaForm } from '../src/renderer/src/components/SchemaForm';
import { validateValues } from '../src/renderer/src/components/schemaFields';
import { createArgsValidator } from '../src/renderer/src/features/consent/argsValidation';
import {
  describeElicitation,
  validateElicitValues,
} from '../src/renderer/src/features/requests/elicitationFields';
import { I18nProvider } from '../src/renderer/src/i18n';
import { compilePattern, createSchemaValidator, textFault, textLength } from '../src/shared/jsonSchema';
import type { ElicitationSchema } from '../src/shared/requests';
import type { Json } from '../src/shared/types';

/** One text field `f` of `property`, as every place that checks one sees it. */
function oneField(property: { [key: string]: Json }) {
  const schema = { type: 'object', properties: { f: { type: 'string', ...property } }, required: ['f'] };
  const elicitation = describeElicitation(schema);
  const args = createArgsValidator(schema);
  return {
    schema,
    /** Each place's verdict on `text`: its message, or '' when it takes the text. */
    verdicts(text: string): Record<string, string> {
      const checked = args(JSON.stringify({ f: text }));
      return {
        host: validateContent(schema as ElicitationSchema, { f: text }).f ?? '',
        window: validateElicitValues(elicitation.fields, { f: text }).f ?? '',
        run: validateValues(schema, { f: text }).f ?? '',
        args: checked.ok ? '' : checked.errors.join(' '),
      };
    },
  };
}

const everywhere = (verdict: string) => ({ host: verdict, window: verdict, run: verdict, args: verdict });

describe('the length of a string', () => {
  it('counts code points, so an emoji is one character', () => {
    expect('😀😀'.length).toBe(4);
    expect(textLength('😀😀')).toBe(2);
    expect(textFault({ maxLength: 2 }, '😀😀')).toBeUndefined();
    expect(textFault({ maxLength: 1 }, '😀😀')).toEqual({ keyword: 'maxLength', limit: 1 });
  });

  it('gives one answer everywhere for emoji against maxLength and minLength', () => {
    const most = oneField({ maxLength: 2 });
    expect(most.verdicts('😀😀')).toEqual(everywhere(''));
    expect(most.verdicts('😀😀😀')).toEqual({
      host: 'Use at most 2 characters.',
      window: 'f takes at most 2 characters.',
      run: 'f takes at most 2 characters.',
      args: '"f": String is too long (3 > 2).',
    });
    const least = oneField({ minLength: 2 });
    expect(least.verdicts('😀')).toEqual({
      host: 'Use at least 2 characters.',
      window: 'f needs at least 2 characters.',
      run: 'f needs at least 2 characters.',
      args: '"f": String is too short (1 < 2).',
    });
  });
});

describe('a pattern', () => {
  it('is read in Unicode mode everywhere', () => {
    const one = oneField({ pattern: '^.$' });
    expect(one.verdicts('😀')).toEqual(everywhere(''));
    expect(oneField({ pattern: '^[A-Z]+$' }).verdicts('abc')).toEqual({
      host: 'Use the expected form (it must match ^[A-Z]+$).',
      window: 'f does not have the form the server expects (^[A-Z]+$).',
      run: 'f does not have the form the tool expects (^[A-Z]+$).',
      args: '"f": String does not match pattern.',
    });
  });

  it.each([
    ['unbalanced', '('],
    ['valid only outside Unicode mode', '^\\-$'],
  ])(
    'that is not a valid regular expression (%s) is said in the same words everywhere, never a crash',
    (_, pattern) => {
      expect(compilePattern(pattern)).toBeUndefined();
      expect(textFault({ pattern }, 'x')).toEqual({ keyword: 'invalidPattern', pattern });
      const words = `the pattern ${pattern} is not a valid regular expression`;
      const one = oneField({ pattern });

      // A form with it is refused before anyone sees it.
      const check = checkSchema(one.schema);
      expect(check.ok ? 'accepted' : check.reason).toBe(
        'The field "f" has a pattern that is not a valid regular expression.',
      );
      // Where it is checked anyway, it is an error on the field for elicitation…
      const verdicts = one.verdicts('x');
      expect(verdicts.host).toBe(`This field cannot be checked: ${words}.`);
      expect(verdicts.window).toBe(`f cannot be checked: ${words}.`);
      // …and for a tool's arguments it holds nothing back, but says so: the server is the judge of its own pattern.
      expect(verdicts.run).toBe('');
      expect(
        renderToStaticMarkup(
          createElement(
            I18nProvider,
            null,
            createElement(SchemaForm, { schema: one.schema, values: { f: 'x' }, onChange: () => {} }),
          ),
        ),
      ).toContain(`Not checked here, as ${words}.`);
      expect(verdicts.args).toBe('');
      expect(createArgsValidator(one.schema)('{"f": "x"}')).toEqual({
        ok: true,
        value: { f: 'x' },
        note: `The tool's input schema could not be used to check these arguments (${words}).`,
      });
    },
  );

  it('that cannot be used leaves the rest of the schema checked', () => {
    const validate = createSchemaValidator({
      type: 'object',
      properties: { a: { type: 'string', pattern: '(' }, b: { type: 'integer' } },
      patternProperties: { '[': { type: 'string' } },
      required: ['b'],
    });
    const missing = validate({ a: 'x' });
    expect(missing.errors.map((unit) => unit.keyword)).toContain('required');
    expect(validate({ a: 'x', b: 1 })).toEqual({
      errors: [],
      unchecked:
        'the pattern ( is not a valid regular expression; the pattern [ is not a valid regular expression',
    });
  });
});
