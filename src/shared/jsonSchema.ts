// One JSON-Schema validator for forms, elicitation and tool arguments: @cfworker/json-schema with this app's choices.
import {
  type OutputUnit,
  type Schema,
  type SchemaDraft,
  schemaArrayKeyword,
  schemaKeyword,
  schemaMapKeyword,
  ucs2length,
  Validator,
} from '@cfworker/json-schema';

/** A string's length as JSON Schema counts it: in code points, so an emoji is one character, not two. */
export function textLength(text: string): number {
  return ucs2length(text);
}

/** `pattern` as JSON Schema reads it (ECMA-262 in Unicode mode); undefined when it is not a valid regular expression. */
export function compilePattern(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

/** The same words wherever a pattern cannot be used. */
export function invalidPatternText(pattern: string): string {
  return `the pattern ${pattern} is not a valid regular expression`;
}

/** The draft a schema asks for; MCP's default is 2020-12. */
export function schemaDraft(schema: { [key: string]: unknown }): SchemaDraft {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('draft-06') || declared.includes('draft-07')) return '7';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/** Limits of one text field. */
export type TextLimits = { minLength?: number; maxLength?: number; pattern?: string };

/** The first limit a text breaks; `invalidPattern` when its pattern cannot be used to check it. */
export type TextFault =
  | { keyword: 'minLength'; limit: number }
  | { keyword: 'maxLength'; limit: number }
  | { keyword: 'pattern'; pattern: string }
  | { keyword: 'invalidPattern'; pattern: string };

/** What is wrong with `text` under `limits`, checked by the validator; undefined when it fits. */
export function textFault(limits: TextLimits, text: string): TextFault | undefined {
  const { minLength, maxLength, pattern } = limits;
  const usable = pattern === undefined || compilePattern(pattern) !== undefined;
  const schema: Schema = {
    type: 'string',
    ...(minLength === undefined ? {} : { minLength }),
    ...(maxLength === undefined ? {} : { maxLength }),
    ...(pattern !== undefined && usable ? { pattern } : {}),
  };
  const [first] = new Validator(schema, '2020-12', true).validate(text).errors;
  if (first?.keyword === 'minLength' && minLength !== undefined)
    return { keyword: 'minLength', limit: minLength };
  if (first?.keyword === 'maxLength' && maxLength !== undefined)
    return { keyword: 'maxLength', limit: maxLength };
  if (pattern === undefined) return undefined;
  if (!usable) return { keyword: 'invalidPattern', pattern };
  return first?.keyword === 'pattern' ? { keyword: 'pattern', pattern } : undefined;
}

/** What a schema says of a value: what is wrong with it, and what of the schema could not be used to check it. */
export type SchemaCheck = { errors: OutputUnit[]; unchecked?: string };
export type SchemaValidator = (value: unknown) => SchemaCheck;

/**
 * A validator for `schema`. What it cannot use (a pattern that is not a valid regular expression, a
 * reference it cannot resolve) is named in `unchecked`, in plain words; the rest of the schema still holds.
 */
export function createSchemaValidator(schema: { [key: string]: unknown }): SchemaValidator {
  const invalid: string[] = [];
  const usable = withoutInvalidPatterns(schema, invalid) as Schema;
  const skipped = invalid.length > 0 ? invalid.map(invalidPatternText).join('; ') : undefined;
  let validator: Validator | undefined;
  let broken: string | undefined;
  try {
    validator = new Validator(usable, schemaDraft(schema), false);
  } catch (error) {
    broken = firstLine(error);
  }
  return (value) => {
    if (validator && broken === undefined) {
      try {
        const result = validator.validate(value);
        return { errors: result.valid ? [] : result.errors, ...(skipped ? { unchecked: skipped } : {}) };
      } catch (error) {
        broken = firstLine(error);
      }
    }
    return { errors: [], unchecked: [skipped, broken].filter(Boolean).join('; ') };
  };
}

/** A copy of `schema` without the patterns (and pattern property names) that are not regular expressions; those go into `found`. */
function withoutInvalidPatterns(schema: unknown, found: string[]): unknown {
  if (!isObject(schema)) return schema;
  const copy: { [key: string]: unknown } = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'pattern' && typeof value === 'string' && !compilePattern(value)) {
      found.push(value);
    } else if (key in schemaMapKeyword && isObject(value)) {
      const map: { [key: string]: unknown } = {};
      for (const [name, sub] of Object.entries(value)) {
        if (key === 'patternProperties' && !compilePattern(name)) found.push(name);
        else map[name] = withoutInvalidPatterns(sub, found);
      }
      copy[key] = map;
    } else if ((key in schemaKeyword || key in schemaArrayKeyword) && Array.isArray(value)) {
      copy[key] = value.map((sub) => withoutInvalidPatterns(sub, found));
    } else if (key in schemaKeyword) {
      copy[key] = withoutInvalidPatterns(value, found);
    } else {
      copy[key] = value;
    }
  }
  return copy;
}

function isObject(value: unknown): value is { [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}
