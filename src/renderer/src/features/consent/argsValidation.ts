// Checks edited tool arguments: JSON syntax, an object at the top, then the tool's inputSchema (no eval).
import type { OutputUnit } from '@cfworker/json-schema';
import { createSchemaValidator } from '../../../../shared/jsonSchema';
import type { Json } from '../../../../shared/types';

export { schemaDraft } from '../../../../shared/jsonSchema';

/** The outcome of a check: the parsed arguments, or what is wrong in plain words. */
export type ArgsCheck =
  | { ok: true; value: { [key: string]: Json }; note?: string }
  | { ok: false; errors: string[] };

/** Checks argument text; built once per schema. */
export type ArgsValidator = (text: string) => ArgsCheck;

const MAX_ERRORS = 8;

/** Keywords whose errors only say that something below them failed; the error below says what. */
const WRAPPERS = new Set([
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'allOf',
  '$ref',
  '$recursiveRef',
  '$dynamicRef',
  'if',
  'then',
  'else',
  'dependentSchemas',
  'contains',
  'unevaluatedItems',
  'false',
]);

function where(instanceLocation: string): string {
  const path = instanceLocation.replace(/^#\/?/, '');
  if (path === '') return 'The arguments';
  return `"${path.split('/').map(decodeURIComponent).join('.')}"`;
}

function rephrase(unit: OutputUnit): string {
  const required = /^Instance does not have required property "(.*)"\.$/.exec(unit.error);
  if (required) return `${where(unit.instanceLocation)}: "${required[1]}" is required but missing.`;
  const extra = /^Property "(.*)" does not match additional properties schema\.$/.exec(unit.error);
  if (extra) return `${where(unit.instanceLocation)}: "${extra[1]}" is not an argument this tool accepts.`;
  return `${where(unit.instanceLocation)}: ${unit.error}`;
}

/** Schema errors in plain words: wrappers dropped when something more precise exists, duplicates merged. */
export function describeSchemaErrors(units: readonly OutputUnit[]): string[] {
  const precise = units.filter((unit) => !WRAPPERS.has(unit.keyword));
  const chosen = precise.length > 0 ? precise : units;
  const lines = [...new Set(chosen.map(rephrase))];
  if (lines.length <= MAX_ERRORS) return lines;
  return [...lines.slice(0, MAX_ERRORS), `…and ${lines.length - MAX_ERRORS} more.`];
}

/** Parses `text` as a JSON object, or says why it is not one. */
export function parseArgsText(text: string): ArgsCheck {
  if (text.trim() === '')
    return { ok: false, errors: ['Enter the arguments as a JSON object; {} means none.'] };
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, errors: [`Not valid JSON: ${reason}`] };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, errors: ['The arguments must be a JSON object, like {"name": "value"}.'] };
  return { ok: true, value };
}

/** A validator for `schema`; what of the schema cannot be used lets well-formed JSON through, with a note. */
export function createArgsValidator(schema: { [key: string]: Json }): ArgsValidator {
  const validate = createSchemaValidator(schema);
  return (text) => {
    const parsed = parseArgsText(text);
    if (!parsed.ok) return parsed;
    const { errors, unchecked } = validate(parsed.value);
    if (errors.length > 0) return { ok: false, errors: describeSchemaErrors(errors) };
    if (unchecked === undefined) return parsed;
    return {
      ...parsed,
      note: `The tool's input schema could not be used to check these arguments (${unchecked}).`,
    };
  };
}
