// RFC 6570 URI templates, levels 1 to 4: parse a template's variables and expand it with values.

export type VarSpec = { name: string; explode: boolean; prefix?: number };
export type Expression = { operator: string; vars: VarSpec[] };
export type TemplatePart = string | Expression;

/** A value for one variable: a string, a list, or undefined to leave it out. */
export type TemplateValue = string | readonly string[] | undefined;

type OperatorSpec = { first: string; sep: string; named: boolean; ifEmpty: string; reserved: boolean };

const OPERATORS: Record<string, OperatorSpec> = {
  '': { first: '', sep: ',', named: false, ifEmpty: '', reserved: false },
  '+': { first: '', sep: ',', named: false, ifEmpty: '', reserved: true },
  '#': { first: '#', sep: ',', named: false, ifEmpty: '', reserved: true },
  '.': { first: '.', sep: '.', named: false, ifEmpty: '', reserved: false },
  '/': { first: '/', sep: '/', named: false, ifEmpty: '', reserved: false },
  ';': { first: ';', sep: ';', named: true, ifEmpty: '', reserved: false },
  '?': { first: '?', sep: '&', named: true, ifEmpty: '=', reserved: false },
  '&': { first: '&', sep: '&', named: true, ifEmpty: '=', reserved: false },
};

const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;

function parseVar(raw: string): VarSpec | null {
  const text = raw.trim();
  if (text.endsWith('*')) {
    const name = text.slice(0, -1);
    return VARNAME.test(name) ? { name, explode: true } : null;
  }
  const colon = text.indexOf(':');
  if (colon >= 0) {
    const name = text.slice(0, colon);
    const length = Number(text.slice(colon + 1));
    if (!VARNAME.test(name) || !Number.isInteger(length) || length < 1 || length > 9999) return null;
    return { name, explode: false, prefix: length };
  }
  return VARNAME.test(text) ? { name: text, explode: false } : null;
}

/** Splits a template into literal text and expressions; malformed expressions stay literal. */
export function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let literal = '';
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf('{', index);
    if (open < 0) break;
    const close = template.indexOf('}', open + 1);
    if (close < 0) break;
    literal += template.slice(index, open);
    const body = template.slice(open + 1, close);
    const operator = body[0] !== undefined && Object.hasOwn(OPERATORS, body[0]) ? body[0] : '';
    const vars = (operator ? body.slice(1) : body).split(',').map(parseVar);
    if (body === '' || vars.some((spec) => spec === null)) {
      literal += template.slice(open, close + 1);
    } else {
      if (literal) parts.push(literal);
      literal = '';
      parts.push({ operator, vars: vars as VarSpec[] });
    }
    index = close + 1;
  }
  literal += template.slice(index);
  if (literal) parts.push(literal);
  return parts;
}

/** The template's variable names, each once, in order of appearance. */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const part of parseTemplate(template)) {
    if (typeof part === 'string') continue;
    for (const spec of part.vars) if (!names.includes(spec.name)) names.push(spec.name);
  }
  return names;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;
const encoder = new TextEncoder();

function pctEncode(char: string): string {
  let out = '';
  for (const byte of encoder.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/** Percent-encodes everything but unreserved characters (and reserved ones and `%XX` triplets when `reserved`). */
export function encodeValue(value: string, reserved: boolean): string {
  let out = '';
  const chars = Array.from(value);
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i] ?? '';
    if (UNRESERVED.test(char) || (reserved && RESERVED.test(char))) out += char;
    else if (
      reserved &&
      char === '%' &&
      /^[0-9A-Fa-f]{2}$/.test((chars[i + 1] ?? '') + (chars[i + 2] ?? ''))
    ) {
      out += char;
    } else out += pctEncode(char);
  }
  return out;
}

function expandExpression(expression: Expression, values: Readonly<Record<string, TemplateValue>>): string {
  const op = OPERATORS[expression.operator] ?? (OPERATORS[''] as OperatorSpec);
  const pieces: string[] = [];
  for (const spec of expression.vars) {
    const value = values[spec.name];
    if (value === undefined) continue;
    if (typeof value === 'string') {
      const cut = spec.prefix === undefined ? value : Array.from(value).slice(0, spec.prefix).join('');
      const encoded = encodeValue(cut, op.reserved);
      if (!op.named) pieces.push(encoded);
      else pieces.push(encoded === '' ? `${spec.name}${op.ifEmpty}` : `${spec.name}=${encoded}`);
      continue;
    }
    if (value.length === 0) continue;
    const items = value.map((item) => encodeValue(item, op.reserved));
    if (!spec.explode) {
      const joined = items.join(',');
      pieces.push(op.named ? `${spec.name}${joined === '' ? op.ifEmpty : `=${joined}`}` : joined);
    } else if (op.named) {
      pieces.push(
        items
          .map((item) => (item === '' ? `${spec.name}${op.ifEmpty}` : `${spec.name}=${item}`))
          .join(op.sep),
      );
    } else {
      pieces.push(items.join(op.sep));
    }
  }
  return pieces.length === 0 ? '' : op.first + pieces.join(op.sep);
}

/** Expands `template` with `values`; undefined values and empty lists are left out, as RFC 6570 says. */
export function expandTemplate(template: string, values: Readonly<Record<string, TemplateValue>>): string {
  return parseTemplate(template)
    .map((part) => (typeof part === 'string' ? part : expandExpression(part, values)))
    .join('');
}

/** Variables of path-like expressions must be filled; query-style ones (`?`, `&`, `;`) may stay empty. */
export function templateFields(template: string): { name: string; required: boolean }[] {
  const fields: { name: string; required: boolean }[] = [];
  for (const part of parseTemplate(template)) {
    if (typeof part === 'string') continue;
    const optional = part.operator === '?' || part.operator === '&' || part.operator === ';';
    for (const spec of part.vars) {
      const known = fields.find((field) => field.name === spec.name);
      if (known) known.required ||= !optional;
      else fields.push({ name: spec.name, required: !optional });
    }
  }
  return fields;
}
