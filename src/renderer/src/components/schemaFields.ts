// Reads a flat JSON-Schema object (a tool's inputSchema) into form fields, and checks and converts their values.
import { z } from 'zod';
import { textFault } from '../../../shared/jsonSchema';
import { nameRecord, ownValue } from '../../../shared/nameRecord';
import type { Json } from '../../../shared/types';
import { translate } from '../i18n';

/** What one form field holds: text for strings and numbers, a flag, or the lines of a list. */
export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;
/** Plain-words problems, keyed by property name. */
export type FieldErrors = Record<string, string>;

/** One property of a flat schema, as the form shows it. */
export type FieldSpec = {
  name: string;
  label: string;
  description?: string;
  required: boolean;
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'list';
  options: string[];
  default?: Json;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
};

const COMPOSITE = [
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  '$ref',
  'properties',
  'patternProperties',
  'const',
];
const count = z.number().int().nonnegative().optional();
const propertySchema = z.looseObject({
  type: z.union([z.string(), z.array(z.string())]).optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  enum: z.array(z.json()).optional(),
  default: z.json().optional(),
  items: z.unknown().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  exclusiveMinimum: z.union([z.number(), z.boolean()]).optional(),
  exclusiveMaximum: z.union([z.number(), z.boolean()]).optional(),
  minLength: count,
  maxLength: count,
  minItems: count,
  maxItems: count,
});
const objectSchema = z.looseObject({
  type: z.literal('object').optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  required: z.array(z.string()).optional(),
});
const stringItems = z.looseObject({ type: z.literal('string') });

function hasComposite(value: object): boolean {
  return COMPOSITE.some((key) => key in value);
}

/** A single non-null type, or undefined when the property has none or several. */
function singleType(type: string | string[] | undefined): string | undefined {
  if (typeof type === 'string') return type;
  const types = (type ?? []).filter((t) => t !== 'null');
  return types.length === 1 ? types[0] : undefined;
}

function describeProperty(name: string, raw: unknown, required: boolean): FieldSpec | undefined {
  const parsed = propertySchema.safeParse(raw);
  if (!parsed.success || hasComposite(parsed.data)) return undefined;
  const p = parsed.data;
  const type = singleType(p.type);
  const spec: FieldSpec = {
    name,
    label: p.title?.trim() || name,
    description: p.description,
    required,
    kind: 'string',
    options: [],
    default: p.default,
    minimum: p.minimum,
    maximum: p.maximum,
    exclusiveMinimum: typeof p.exclusiveMinimum === 'number' ? p.exclusiveMinimum : undefined,
    exclusiveMaximum: typeof p.exclusiveMaximum === 'number' ? p.exclusiveMaximum : undefined,
    minLength: p.minLength,
    maxLength: p.maxLength,
    pattern: typeof p.pattern === 'string' ? p.pattern : undefined,
    minItems: p.minItems,
    maxItems: p.maxItems,
  };
  if (p.enum) {
    const options = p.enum.filter((v): v is string => typeof v === 'string');
    if (options.length === 0 || options.length !== p.enum.length || (type && type !== 'string'))
      return undefined;
    return { ...spec, kind: 'enum', options };
  }
  if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean')
    return { ...spec, kind: type };
  if (type === 'array' && stringItems.safeParse(p.items).success && !hasComposite(p.items as object)) {
    const items = p.items as { enum?: unknown };
    return items.enum === undefined ? { ...spec, kind: 'list' } : undefined;
  }
  return undefined;
}

/** The fields of a flat object schema, or undefined when the schema needs the JSON editor instead. */
export function describeFields(schema: unknown): FieldSpec[] | undefined {
  const parsed = objectSchema.safeParse(schema);
  if (!parsed.success) return undefined;
  const { properties = {}, required = [] } = parsed.data;
  const { properties: _p, required: _r, type: _t, ...rest } = parsed.data;
  if (hasComposite(rest)) return undefined;
  const fields: FieldSpec[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    const field = describeProperty(name, raw, required.includes(name));
    if (!field) return undefined;
    fields.push(field);
  }
  return fields;
}

/** True when every property is a string, number, integer, boolean, string enum or list of strings. */
export function isFlatSchema(schema: unknown): boolean {
  return describeFields(schema) !== undefined;
}

/** The form's starting values: each property's `default`, else empty. */
export function initialValues(schema: unknown): FormValues {
  const values: FormValues = nameRecord();
  for (const field of describeFields(schema) ?? []) {
    const d = field.default;
    if (field.kind === 'boolean') values[field.name] = d === true;
    else if (field.kind === 'list') values[field.name] = Array.isArray(d) ? d.map(String) : [];
    else values[field.name] = d === undefined || d === null || typeof d === 'object' ? '' : String(d);
  }
  return values;
}

/** Splits list text into items: one per line, blank lines dropped. */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A field's value as the text an input shows: a list one item per line. */
export function asText(value: FieldValue | undefined): string {
  if (typeof value === 'string') return value;
  return Array.isArray(value) ? value.join('\n') : '';
}

function asList(value: FieldValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((v) => v.trim() !== '') : splitLines(asText(value));
}

function checkField(field: FieldSpec, value: FieldValue | undefined): string | undefined {
  const { label } = field;
  if (field.kind === 'boolean') return undefined;
  if (field.kind === 'list') {
    const items = asList(value);
    if (field.minItems !== undefined && items.length < field.minItems)
      return translate('common.schema.minItems', { label, count: field.minItems });
    if (field.maxItems !== undefined && items.length > field.maxItems)
      return translate('common.schema.maxItems', { label, count: field.maxItems });
    return undefined;
  }
  const text = asText(value);
  const trimmed = text.trim();
  if (trimmed === '') return field.required ? translate('common.schema.required', { label }) : undefined;
  if (field.kind === 'enum')
    return field.options.includes(text)
      ? undefined
      : translate('common.schema.chooseOneOf', { options: field.options.join(', ') });
  if (field.kind === 'string') {
    const fault = textFault(field, text);
    if (fault?.keyword === 'minLength')
      return translate('common.schema.minLength', { label, count: fault.limit });
    if (fault?.keyword === 'maxLength')
      return translate('common.schema.maxLength', { label, count: fault.limit });
    if (fault?.keyword === 'pattern')
      return translate('common.schema.pattern', { label, pattern: fault.pattern });
    return undefined;
  }
  const n = Number(trimmed);
  if (!Number.isFinite(n)) return translate('common.schema.notNumber', { label });
  if (field.kind === 'integer' && !Number.isInteger(n)) return translate('common.schema.notWhole', { label });
  // Limits are shown as the schema wrote them (`String`), not regrouped, so they match what the tool says.
  if (field.minimum !== undefined && n < field.minimum)
    return translate('common.schema.atLeast', { label, limit: String(field.minimum) });
  if (field.maximum !== undefined && n > field.maximum)
    return translate('common.schema.atMost', { label, limit: String(field.maximum) });
  if (field.exclusiveMinimum !== undefined && n <= field.exclusiveMinimum)
    return translate('common.schema.moreThan', { label, limit: String(field.exclusiveMinimum) });
  if (field.exclusiveMaximum !== undefined && n >= field.exclusiveMaximum)
    return translate('common.schema.lessThan', { label, limit: String(field.exclusiveMaximum) });
  return undefined;
}

/** Problems with the values, one plain sentence per field; empty when the values can be sent. */
export function validateValues(schema: unknown, values: FormValues): FieldErrors {
  const errors: FieldErrors = nameRecord();
  for (const field of describeFields(schema) ?? []) {
    const problem = checkField(field, ownValue(values, field.name));
    if (problem) errors[field.name] = problem;
  }
  return errors;
}

/** Tool arguments from form values: numbers coerced, empty optional fields left out. */
export function valuesToArguments(schema: unknown, values: FormValues): Record<string, Json> {
  const args: Record<string, Json> = nameRecord();
  for (const field of describeFields(schema) ?? []) {
    const value = ownValue(values, field.name);
    if (field.kind === 'boolean') {
      if (value === undefined) {
        if (field.required) args[field.name] = field.default === true;
      } else if (value === true || field.required || field.default !== undefined) {
        args[field.name] = value === true;
      }
    } else if (field.kind === 'list') {
      const items = asList(value);
      if (items.length > 0 || field.required) args[field.name] = items;
    } else {
      const text = asText(value);
      if (text.trim() === '') {
        if (field.required && field.kind === 'string') args[field.name] = text;
      } else if (field.kind === 'number' || field.kind === 'integer') {
        args[field.name] = Number(text.trim());
      } else {
        args[field.name] = text;
      }
    }
  }
  return args;
}
