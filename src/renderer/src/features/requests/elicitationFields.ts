// An elicitation's requested schema as form fields, and the pure steps from fields to checked content.
import { z } from 'zod';
import { textFault } from '../../../../shared/jsonSchema';
import { nameRecord, ownValue } from '../../../../shared/nameRecord';
import type { ElicitationContent } from '../../../../shared/requests';
import { translate } from '../../i18n';
import { looksSecret } from './secretFields';

export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';
export type ChoiceOption = { value: string; label: string };
/** What one input holds: text (strings, numbers, a choice), a flag, or the chosen options. */
export type ElicitValue = string | boolean | string[];
export type ElicitValues = Record<string, ElicitValue>;
export type ElicitErrors = Record<string, string>;

/** One property of the requested schema, as the form shows it. */
export type ElicitField = {
  name: string;
  label: string;
  description?: string;
  required: boolean;
  /** Name, title or description suggest a password, key or card number: mask it and warn. */
  secret: boolean;
  kind: 'text' | 'number' | 'integer' | 'boolean' | 'select' | 'multi';
  format?: StringFormat;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  options: ChoiceOption[];
  initial: ElicitValue;
};

/** The fields the form can show, and the properties it cannot. */
export type ElicitForm = { fields: ElicitField[]; unsupported: { name: string; required: boolean }[] };

const count = z.number().int().nonnegative().optional();
const titledConst = z.looseObject({ const: z.json(), title: z.string().optional() });
const choices = z.array(titledConst).optional();
const propertySchema = z.looseObject({
  type: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  default: z.json().optional(),
  enum: z.array(z.json()).optional(),
  enumNames: z.array(z.string()).optional(),
  oneOf: choices,
  anyOf: choices,
  items: z
    .looseObject({
      type: z.string().optional(),
      enum: z.array(z.json()).optional(),
      oneOf: choices,
      anyOf: choices,
    })
    .optional(),
  format: z.string().optional(),
  pattern: z.string().optional(),
  minLength: count,
  maxLength: count,
  minItems: count,
  maxItems: count,
  minimum: z.number().optional(),
  maximum: z.number().optional(),
});
const objectSchema = z.looseObject({
  properties: z.record(z.string(), z.unknown()).optional(),
  required: z.array(z.string()).optional(),
});
type Property = z.infer<typeof propertySchema>;

const FORMATS: readonly string[] = ['email', 'uri', 'date', 'date-time'];

function enumOptions(values: readonly unknown[], names: readonly string[] = []): ChoiceOption[] | undefined {
  if (!values.every((value): value is string => typeof value === 'string') || values.length === 0)
    return undefined;
  return values.map((value, index) => ({ value, label: names[index]?.trim() || value }));
}

function constOptions(list: z.infer<typeof choices>): ChoiceOption[] | undefined {
  if (!list || list.length === 0) return undefined;
  const values = list.map((entry) => entry.const);
  const options = enumOptions(values);
  return options?.map((option, index) => ({ ...option, label: list[index]?.title?.trim() || option.value }));
}

function choiceOptions(p: {
  enum?: unknown[];
  enumNames?: string[];
  oneOf?: Property['oneOf'];
  anyOf?: Property['anyOf'];
}) {
  if (p.enum) return enumOptions(p.enum, p.enumNames);
  return constOptions(p.oneOf) ?? constOptions(p.anyOf);
}

/** `2024-05-01T10:30:00Z` as a `datetime-local` value in the person's time zone, or '' when unreadable. */
export function toLocalDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function initialValue(kind: ElicitField['kind'], p: Property, options: ChoiceOption[]): ElicitValue {
  const d = p.default;
  if (kind === 'boolean') return d === true;
  if (kind === 'multi')
    return Array.isArray(d) ? d.filter((v): v is string => options.some((o) => o.value === v)) : [];
  if (kind === 'select') return typeof d === 'string' && options.some((o) => o.value === d) ? d : '';
  if (kind === 'number' || kind === 'integer') return typeof d === 'number' ? String(d) : '';
  if (typeof d !== 'string') return '';
  return p.format === 'date-time' ? toLocalDateTime(d) : d;
}

function describeProperty(name: string, raw: unknown, required: boolean): ElicitField | undefined {
  const parsed = propertySchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const p = parsed.data;
  const label = p.title?.trim() || name;
  const base = { name, label, description: p.description?.trim() || undefined, required };
  let kind: ElicitField['kind'];
  let options: ChoiceOption[] = [];
  const single = p.type === undefined || p.type === 'string' ? choiceOptions(p) : undefined;
  if (single) {
    kind = 'select';
    options = single;
  } else if (p.type === 'array') {
    const multi = p.items ? choiceOptions(p.items) : undefined;
    if (!multi) return undefined;
    kind = 'multi';
    options = multi;
  } else if (p.type === 'string') kind = 'text';
  else if (p.type === 'number' || p.type === 'integer' || p.type === 'boolean') kind = p.type;
  else return undefined;
  const format =
    kind === 'text' && p.format && FORMATS.includes(p.format) ? (p.format as StringFormat) : undefined;
  const maskable = kind === 'text' || kind === 'number' || kind === 'integer';
  return {
    ...base,
    secret: maskable && looksSecret(name, p.title, p.description),
    kind,
    format,
    minLength: kind === 'text' ? p.minLength : undefined,
    maxLength: kind === 'text' ? p.maxLength : undefined,
    pattern: kind === 'text' ? p.pattern : undefined,
    minimum: p.minimum,
    maximum: p.maximum,
    minItems: kind === 'multi' ? p.minItems : undefined,
    maxItems: kind === 'multi' ? p.maxItems : undefined,
    options,
    initial: initialValue(kind, p, options),
  };
}

/** The fields of a requested schema, in the server's order. */
export function describeElicitation(schema: unknown): ElicitForm {
  const parsed = objectSchema.safeParse(schema);
  const { properties = {}, required = [] } = parsed.success ? parsed.data : {};
  const form: ElicitForm = { fields: [], unsupported: [] };
  for (const [name, raw] of Object.entries(properties)) {
    const field = describeProperty(name, raw, required.includes(name));
    if (field) form.fields.push(field);
    else form.unsupported.push({ name, required: required.includes(name) });
  }
  return form;
}

/** The form's starting values: each property's `default`, else empty. */
export function initialElicitValues(fields: readonly ElicitField[]): ElicitValues {
  return nameRecord(fields.map((field) => [field.name, field.initial]));
}

/** The `type` of the field's input: masked for secrets, else by format. */
export function inputType(field: ElicitField): string {
  if (field.secret) return 'password';
  if (field.kind === 'number' || field.kind === 'integer') return 'number';
  const byFormat: Record<StringFormat, string> = {
    email: 'email',
    uri: 'url',
    date: 'date',
    'date-time': 'datetime-local',
  };
  return field.format ? byFormat[field.format] : 'text';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function formatProblem(field: ElicitField, text: string): string | undefined {
  const { label } = field;
  if (field.format === 'email' && !EMAIL.test(text)) return translate('requests.field.email', { label });
  if (field.format === 'uri') {
    try {
      new URL(text);
    } catch {
      return translate('requests.field.uri', { label });
    }
  }
  if (field.format === 'date' && (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text))))
    return translate('requests.field.date', { label });
  if (field.format === 'date-time' && Number.isNaN(new Date(text).getTime()))
    return translate('requests.field.dateTime', { label });
  return undefined;
}

function textProblem(field: ElicitField, text: string): string | undefined {
  const { label } = field;
  const fault = textFault(field, text);
  switch (fault?.keyword) {
    case 'minLength':
      return translate('requests.field.minLength', { label, limit: fault.limit });
    case 'maxLength':
      return translate('requests.field.maxLength', { label, limit: fault.limit });
    case 'pattern':
      return translate('requests.field.pattern', { label, pattern: fault.pattern });
    case 'invalidPattern':
      return translate('requests.field.invalidPattern', { label, pattern: fault.pattern });
  }
  return formatProblem(field, text);
}

function numberProblem(field: ElicitField, text: string): string | undefined {
  const { label } = field;
  const n = Number(text);
  if (!Number.isFinite(n)) return translate('requests.field.number', { label });
  if (field.kind === 'integer' && !Number.isInteger(n)) return translate('requests.field.integer', { label });
  // The server's limits are shown exactly as it gave them.
  if (field.minimum !== undefined && n < field.minimum)
    return translate('requests.field.minimum', { label, limit: String(field.minimum) });
  if (field.maximum !== undefined && n > field.maximum)
    return translate('requests.field.maximum', { label, limit: String(field.maximum) });
  return undefined;
}

function fieldProblem(field: ElicitField, value: ElicitValue | undefined): string | undefined {
  const { label } = field;
  if (field.kind === 'boolean') return undefined;
  if (field.kind === 'multi') {
    const chosen = Array.isArray(value) ? value : [];
    const least = field.minItems ?? (field.required ? 1 : 0);
    if (chosen.length < least) return translate('requests.field.minItems', { label, count: least });
    if (field.maxItems !== undefined && chosen.length > field.maxItems)
      return translate('requests.field.maxItems', { label, count: field.maxItems });
    return undefined;
  }
  const text = typeof value === 'string' ? value : '';
  if (text.trim() === '') return field.required ? translate('requests.field.required', { label }) : undefined;
  if (field.kind === 'select')
    return field.options.some((option) => option.value === text)
      ? undefined
      : translate('requests.field.option', { label });
  if (field.kind === 'number' || field.kind === 'integer') return numberProblem(field, text.trim());
  return textProblem(field, text);
}

/** Problems with the values, one plain sentence per field; empty when the values can be sent. */
export function validateElicitValues(fields: readonly ElicitField[], values: ElicitValues): ElicitErrors {
  const errors: ElicitErrors = nameRecord();
  for (const field of fields) {
    const problem = fieldProblem(field, ownValue(values, field.name));
    if (problem) errors[field.name] = problem;
  }
  return errors;
}

/** The content to send: numbers as numbers, date-times in UTC, empty optional fields left out. */
export function elicitContent(fields: readonly ElicitField[], values: ElicitValues): ElicitationContent {
  const content: ElicitationContent = nameRecord();
  for (const field of fields) {
    const value = ownValue(values, field.name) ?? field.initial;
    if (field.kind === 'boolean') content[field.name] = value === true;
    else if (field.kind === 'multi') {
      const chosen = Array.isArray(value) ? value : [];
      if (chosen.length > 0 || field.required) content[field.name] = chosen;
    } else {
      const text = typeof value === 'string' ? value : '';
      if (text.trim() === '') continue;
      if (field.kind === 'number' || field.kind === 'integer') content[field.name] = Number(text.trim());
      else if (field.format === 'date-time') content[field.name] = new Date(text).toISOString();
      else content[field.name] = text;
    }
  }
  return content;
}
