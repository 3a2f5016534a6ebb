// Elicitation forms: whether a requested schema fits the allowed subset, checking answers, and spotting secrets.
import { compilePattern, invalidPatternText, textFault } from '../../shared/jsonSchema';
import type { ElicitationContent, ElicitationSchema } from '../../shared/requests';
import type { Json } from '../../shared/types';

export { looksSecret } from './secretFields';

type Property = { [key: string]: Json };

export type SchemaCheck =
  | { ok: true; schema: ElicitationSchema }
  | { ok: false; field?: string; reason: string };

/** Problems with an answer, by field name, in plain words. Empty when the answer is fine. */
export type FieldErrors = { [field: string]: string };

const FORMATS = ['email', 'uri', 'date', 'date-time'];
const SUPPORTED = 'Forms here take text, numbers, yes/no, one choice or several choices from a list.';

/** Whether `requestedSchema` is a flat object of the primitive fields MCP allows; else which field is not, and why. */
export function checkSchema(requestedSchema: unknown): SchemaCheck {
  const schema = requestedSchema;
  if (!isObject(schema) || schema.type !== 'object' || !isObject(schema.properties)) {
    return { ok: false, reason: `The form is not described as an object with fields. ${SUPPORTED}` };
  }
  const required = schema.required ?? [];
  if (!Array.isArray(required) || !required.every((name) => typeof name === 'string')) {
    return { ok: false, reason: 'The list of required fields must be a list of field names.' };
  }
  const missing = required.find((name) => !Object.hasOwn(schema.properties as object, name as string));
  if (typeof missing === 'string') {
    return { ok: false, field: missing, reason: `The field "${missing}" is required but not described.` };
  }
  for (const [name, property] of Object.entries(schema.properties)) {
    const problem = propertyProblem(`The field "${name}"`, property);
    if (problem) return { ok: false, field: name, reason: problem };
  }
  return { ok: true, schema: schema as ElicitationSchema };
}

function propertyProblem(label: string, property: Json): string | undefined {
  if (!isObject(property)) return `${label} does not describe what it takes.`;
  switch (property.type) {
    case 'string':
      return stringProblem(label, property);
    case 'number':
    case 'integer':
      return numberProblem(label, property);
    case 'boolean':
      return property.default !== undefined && typeof property.default !== 'boolean'
        ? `${label} has a default that is not yes or no.`
        : undefined;
    case 'array':
      return arrayProblem(label, property);
    case 'object':
      return `${label} is a nested object, which a form here cannot show. ${SUPPORTED}`;
    case undefined:
      return `${label} does not say what type it is. ${SUPPORTED}`;
    default:
      return `${label} has the type ${JSON.stringify(property.type)}, which a form here cannot show. ${SUPPORTED}`;
  }
}

function stringProblem(label: string, property: Property): string | undefined {
  const { pattern, format, enumNames } = property;
  const lengths = countProblem(label, property, 'minLength', 'maxLength');
  if (lengths) return lengths;
  if (pattern !== undefined && (typeof pattern !== 'string' || !compilePattern(pattern))) {
    return `${label} has a pattern that is not a valid regular expression.`;
  }
  if (format !== undefined && !FORMATS.includes(format as string)) {
    return `${label} asks for the format ${JSON.stringify(format)}; only email, uri, date and date-time are supported.`;
  }
  const options = choices(property);
  if (options && options.length === 0) return `${label} is a choice without any options.`;
  if (options === null) return `${label} has options that are not all text.`;
  if (enumNames !== undefined) {
    const names = Array.isArray(enumNames) && enumNames.every((name) => typeof name === 'string');
    if (!names || !Array.isArray(property.enum) || enumNames.length !== property.enum.length) {
      return `${label} has option names that do not match its options.`;
    }
  }
  if (property.default !== undefined && typeof property.default !== 'string') {
    return `${label} has a default that is not text.`;
  }
  return undefined;
}

function numberProblem(label: string, property: Property): string | undefined {
  const { minimum, maximum } = property;
  for (const bound of [minimum, maximum]) {
    if (bound !== undefined && (typeof bound !== 'number' || !Number.isFinite(bound))) {
      return `${label} has a limit that is not a number.`;
    }
  }
  if (typeof minimum === 'number' && typeof maximum === 'number' && minimum > maximum) {
    return `${label} has a minimum above its maximum.`;
  }
  if (property.default !== undefined && typeof property.default !== 'number') {
    return `${label} has a default that is not a number.`;
  }
  return undefined;
}

function arrayProblem(label: string, property: Property): string | undefined {
  const items = property.items;
  if (isObject(items) && (items.type === 'object' || items.properties !== undefined)) {
    return `${label} is a list of objects, which a form here cannot show. ${SUPPORTED}`;
  }
  const options = multiChoices(property);
  if (!options || options.length === 0) {
    return `${label} is a list without a fixed set of text options, which a form here cannot show. ${SUPPORTED}`;
  }
  const counts = countProblem(label, property, 'minItems', 'maxItems');
  if (counts) return counts;
  const fallback = property.default;
  if (
    fallback !== undefined &&
    !(Array.isArray(fallback) && fallback.every((item) => typeof item === 'string'))
  ) {
    return `${label} has a default that is not a list of options.`;
  }
  return undefined;
}

function countProblem(label: string, property: Property, low: string, high: string): string | undefined {
  for (const key of [low, high]) {
    const value = property[key];
    if (value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < 0)) {
      return `${label} has a ${key} that is not a whole number of 0 or more.`;
    }
  }
  const min = property[low];
  const max = property[high];
  return typeof min === 'number' && typeof max === 'number' && min > max
    ? `${label} has a ${low} above its ${high}.`
    : undefined;
}

/**
 * What is wrong with `content` as an answer to `schema`, by field. Optional fields left empty
 * (`''` or `[]`) count as not answered; fields the form did not ask for are refused.
 */
export function validateContent(schema: ElicitationSchema, content: ElicitationContent): FieldErrors {
  const errors: FieldErrors = {};
  const required = new Set(schema.required ?? []);
  for (const name of Object.keys(content)) {
    if (!Object.hasOwn(schema.properties, name)) errors[name] = 'The form did not ask for this.';
  }
  for (const [name, property] of Object.entries(schema.properties)) {
    const value = content[name];
    if (value === undefined || (required.has(name) && value === '')) {
      if (required.has(name)) errors[name] = 'This field is required.';
      continue;
    }
    if (!required.has(name) && isEmpty(value)) continue;
    const problem = valueProblem(property, value);
    if (problem) errors[name] = problem;
  }
  return errors;
}

/** The answer as the server should get it: optional fields left empty are left out. */
export function cleanContent(schema: ElicitationSchema, content: ElicitationContent): ElicitationContent {
  const required = new Set(schema.required ?? []);
  return Object.fromEntries(
    Object.entries(content).filter(([name, value]) => required.has(name) || !isEmpty(value)),
  );
}

function valueProblem(property: Property, value: string | number | boolean | string[]): string | undefined {
  switch (property.type) {
    case 'string':
      return typeof value === 'string' ? textProblem(property, value) : 'Enter text.';
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'Enter a number.';
      if (property.type === 'integer' && !Number.isInteger(value)) return 'Enter a whole number.';
      if (typeof property.minimum === 'number' && value < property.minimum)
        return `Enter ${property.minimum} or more.`;
      if (typeof property.maximum === 'number' && value > property.maximum)
        return `Enter ${property.maximum} or less.`;
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'Choose yes or no.';
    case 'array': {
      if (!Array.isArray(value)) return 'Choose from the options.';
      const options = multiChoices(property) ?? [];
      if (value.some((item) => !options.includes(item))) return 'Choose only from the options.';
      if (new Set(value).size !== value.length) return 'Choose each option once.';
      if (typeof property.minItems === 'number' && value.length < property.minItems) {
        return `Choose at least ${property.minItems}.`;
      }
      if (typeof property.maxItems === 'number' && value.length > property.maxItems) {
        return `Choose at most ${property.maxItems}.`;
      }
      return undefined;
    }
    default:
      return 'This field cannot be answered here.';
  }
}

function textProblem(property: Property, value: string): string | undefined {
  const options = choices(property);
  if (options) return options.includes(value) ? undefined : 'Choose one of the options.';
  const fault = textFault(
    {
      minLength: typeof property.minLength === 'number' ? property.minLength : undefined,
      maxLength: typeof property.maxLength === 'number' ? property.maxLength : undefined,
      pattern: typeof property.pattern === 'string' ? property.pattern : undefined,
    },
    value,
  );
  switch (fault?.keyword) {
    case 'minLength':
      return `Use at least ${plural(fault.limit, 'character')}.`;
    case 'maxLength':
      return `Use at most ${plural(fault.limit, 'character')}.`;
    case 'pattern':
      return `Use the expected form (it must match ${fault.pattern}).`;
    case 'invalidPattern':
      return `This field cannot be checked: ${invalidPatternText(fault.pattern)}.`;
  }
  switch (property.format) {
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
        ? undefined
        : 'Enter an email address, like name@example.com.';
    case 'uri':
      return isUri(value) ? undefined : 'Enter a full address, like https://example.com.';
    case 'date':
      return isDate(value) ? undefined : 'Enter a date as YYYY-MM-DD.';
    case 'date-time':
      return isDateTime(value) ? undefined : 'Enter a date and time, like 2025-06-18T14:30:00Z.';
    default:
      return undefined;
  }
}

/** Single-choice options (`enum` or `oneOf` consts); `null` when they are not all text. */
function choices(property: Property): string[] | null | undefined {
  if (Array.isArray(property.enum)) return allText(property.enum);
  if (Array.isArray(property.oneOf)) return allText(property.oneOf.map((option) => constOf(option)));
  return undefined;
}

/** Multi-select options (`items.enum` or `items.anyOf` consts). */
function multiChoices(property: Property): string[] | null | undefined {
  const items = property.items;
  if (!isObject(items)) return undefined;
  if (Array.isArray(items.enum)) return allText(items.enum);
  if (Array.isArray(items.anyOf)) return allText(items.anyOf.map((option) => constOf(option)));
  return undefined;
}

function constOf(option: Json): Json {
  return isObject(option) ? (option.const ?? null) : null;
}

function allText(values: Json[]): string[] | null {
  return values.every((value) => typeof value === 'string') ? (values as string[]) : null;
}

function isEmpty(value: string | number | boolean | string[]): boolean {
  return value === '' || (Array.isArray(value) && value.length === 0);
}

function isUri(value: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\S+$/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isDateTime(value: string): boolean {
  const match =
    /^(\d{4}-\d{2}-\d{2})[Tt ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/.exec(
      value,
    );
  return match !== null && isDate(match[1] as string);
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function isObject(value: unknown): value is Property {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
