// Pure helpers for the Run dialog's JSON mode: starting text, parsing, and the way back to the form.
import type { Json } from '../../../../shared/types';
import { describeFields, type FormValues, initialValues } from '../../components/schemaFields';
import { translate } from '../../i18n';
import { argumentsSkeleton } from './schemaSkeleton';

/** Starting JSON text: a skeleton of the arguments, with every required one (and each with a default) filled in by type. */
export function initialJson(schema: { [key: string]: unknown }): string {
  return argumentsToJson(argumentsSkeleton(schema));
}

/** Parses the editor text into tool arguments, or says in plain words why it cannot. */
export function parseArguments(
  text: string,
): { ok: true; args: Record<string, Json> } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: false, error: translate('tools.run.argumentsEmpty') };
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch (error) {
    return {
      ok: false,
      error: translate('tools.run.argumentsInvalid', {
        error: error instanceof Error ? error.message : String(error),
      }),
    };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, error: translate('tools.run.argumentsNotObject') };
  return { ok: true, args: value };
}

/** Form values from JSON arguments, for switching back to the form; unknown keys are dropped. */
export function argumentsToValues(schema: unknown, args: Record<string, Json>): FormValues {
  const values = initialValues(schema);
  for (const field of describeFields(schema) ?? []) {
    if (!Object.hasOwn(args, field.name)) continue;
    const value = args[field.name];
    if (field.kind === 'boolean') values[field.name] = value === true;
    else if (field.kind === 'list') values[field.name] = Array.isArray(value) ? value.map(jsonToText) : [];
    else values[field.name] = jsonToText(value ?? null);
  }
  return values;
}

/** Arguments as the editor's starting text. */
export function argumentsToJson(args: Record<string, Json>): string {
  return `${JSON.stringify(args, null, 2)}\n`;
}

function jsonToText(value: Json): string {
  if (value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
