// Text the host sends for people to read: a message id in the host catalogue and its values, so the page can say it in
// the person's language; the English wording travels with it for logs and for anything that cannot translate.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import english from './locales/en.json' with { type: 'json' };

/** A value in a host message; names, paths and server text go in as written and are never translated. */
export type HostTextValue = string | number;

/**
 * One message from the host catalogue (`src/shared/locales/<locale>.json`) with its values; a value may be a host
 * message itself (a sentence inside a sentence), said in the same language.
 */
export type HostText = { id: string; values?: { [key: string]: HostTextValue | HostText } };

/** Words the host shows a person: the English `message` (for logs, tests and older pages), and `text` to translate. */
export type HostWords = { message: string; text?: HostText };

/** A catalogue: each message as ICU text, or already parsed (the page's build parses its catalogues). */
export type HostCatalogue = Record<string, string | MessageFormatElement[]>;

const catalogue: HostCatalogue = english;
const compiled = new WeakMap<HostCatalogue, Map<string, IntlMessageFormat>>();

/** The message in `messages` (English when it has none), formatted for `locale`. */
export function formatHostText(text: HostText, locale = 'en', messages: HostCatalogue = catalogue): string {
  const own = messages[text.id] !== undefined;
  const pattern = own ? messages[text.id] : catalogue[text.id];
  if (pattern === undefined) return text.id;
  const source = own ? messages : catalogue;
  let formats = compiled.get(source);
  if (!formats) {
    formats = new Map();
    compiled.set(source, formats);
  }
  const key = `${locale}\u0000${text.id}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(pattern, locale);
    formats.set(key, format);
  }
  return String(format.format(resolved(text.values, (inner) => formatHostText(inner, locale, messages))));
}

/** `values` with each value that is a host message said by `say`. */
export function resolved(
  values: HostText['values'],
  say: (text: HostText) => string,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(values ?? {}))
    out[key] = typeof value === 'object' ? say(value) : value;
  return out;
}

/** A host message's value in English: a message said, anything else as written. */
export function englishOf(value: HostTextValue | HostText): string {
  return typeof value === 'object' ? formatHostText(value) : String(value);
}

/** `text` with its English wording, as the host puts it into state and events. */
export function said(text: HostText): Required<HostWords> {
  return { message: formatHostText(text), text };
}

/** `text` with `change` applied to every string value, however deep (to mask secrets in what a server wrote). */
export function mapHostText(text: HostText, change: (value: string) => string): HostText {
  if (!text.values) return text;
  const values: Record<string, HostTextValue | HostText> = {};
  for (const [key, value] of Object.entries(text.values))
    values[key] =
      typeof value === 'string'
        ? change(value)
        : typeof value === 'object'
          ? mapHostText(value, change)
          : value;
  return { ...text, values };
}

/** Whether `value` looks like a host message (its values may be host messages) that came over the wire. */
export function isHostText(value: unknown): value is HostText {
  if (typeof value !== 'object' || value === null) return false;
  const { id, values } = value as { id?: unknown; values?: unknown };
  if (typeof id !== 'string') return false;
  if (values === undefined) return true;
  return (
    typeof values === 'object' &&
    values !== null &&
    Object.values(values).every(
      (item) => typeof item === 'string' || typeof item === 'number' || isHostText(item),
    )
  );
}
