// Elicitation forms: whether a requested schema fits the allowed subset, the choices a field offers, and spotting secrets.
import { compilePattern } from '../../shared/jsonSchema';
import type { ElicitationSchema } from '../../shared/requests';
import type { Json } from '../../shared/types';

export { looksSecret } from './secretFields';

/** One property of a requested schema, as JSON. */
export type Property = { [key: string]: Json };

export type SchemaCheck =
  | { ok: true; schema: ElicitationSchema }
  | { ok: false; field?: string; reason: string };

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

/** Single-choice options (`enum` or `oneOf` consts); `null` when they are not all text. */
export function choices(property: Property): string[] | null | undefined {
  if (Array.isArray(property.enum)) return allText(property.enum);
  if (Array.isArray(property.oneOf)) return allText(property.oneOf.map((option) => constOf(option)));
  return undefined;
}

/** Multi-select options (`items.enum` or `items.anyOf` consts). */
export function multiChoices(property: Property): string[] | null | undefined {
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

function isObject(value: unknown): value is Property {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
