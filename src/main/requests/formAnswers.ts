// Elicitation answers: checking each value against its field, in plain words, and leaving out what was not filled in.
import { invalidPatternText, textFault } from '../../shared/jsonSchema';
import type { ElicitationContent, ElicitationSchema } from '../../shared/requests';
import { choices, multiChoices, type Property } from './schemaForm';

/** Problems with an answer, by field name, in plain words. Empty when the answer is fine. */
export type FieldErrors = { [field: string]: string };

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
