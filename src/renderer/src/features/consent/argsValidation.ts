// Checks edited tool arguments: JSON syntax, an object at the top, then the tool's inputSchema (no eval).
import type { OutputUnit } from '@cfworker/json-schema';
import { createSchemaValidator } from '../../../../shared/jsonSchema';
import type { Json } from '../../../../shared/types';
import { translate } from '../../i18n';

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
  if (path === '') return translate('consent.args.whereRoot');
  return translate('consent.args.wherePath', { path: path.split('/').map(decodeURIComponent).join('.') });
}

function rephrase(unit: OutputUnit): string {
  const required = /^Instance does not have required property "(.*)"\.$/.exec(unit.error);
  if (required)
    return translate('consent.args.required', {
      where: where(unit.instanceLocation),
      property: required[1] ?? '',
    });
  const extra = /^Property "(.*)" does not match additional properties schema\.$/.exec(unit.error);
  if (extra)
    return translate('consent.args.notAccepted', {
      where: where(unit.instanceLocation),
      property: extra[1] ?? '',
    });
  // The validator's own words (English) follow the place they are about.
  return translate('consent.args.schemaError', { where: where(unit.instanceLocation), error: unit.error });
}

/** Schema errors in plain words: wrappers dropped when something more precise exists, duplicates merged. */
export function describeSchemaErrors(units: readonly OutputUnit[]): string[] {
  const precise = units.filter((unit) => !WRAPPERS.has(unit.keyword));
  const chosen = precise.length > 0 ? precise : units;
  const lines = [...new Set(chosen.map(rephrase))];
  if (lines.length <= MAX_ERRORS) return lines;
  return [
    ...lines.slice(0, MAX_ERRORS),
    translate('consent.args.more', { count: lines.length - MAX_ERRORS }),
  ];
}

/** Parses `text` as a JSON object, or says why it is not one. */
export function parseArgsText(text: string): ArgsCheck {
  if (text.trim() === '') return { ok: false, errors: [translate('consent.args.empty')] };
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, errors: [translate('consent.args.notJson', { reason })] };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, errors: [translate('consent.args.notObject')] };
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
      note: translate('consent.args.unchecked', { reason: unchecked }),
    };
  };
}
