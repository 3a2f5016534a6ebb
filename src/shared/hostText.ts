// Text the host sends for people to read, said in English: a message id in the host catalogue and its values travel
// so the page can say it in the person's language, and the English wording goes with them for logs and tests.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { type HostText, type HostTextValue, type HostWords, resolved } from './hostTextShape';
import english from './locales/en.json' with { type: 'json' };

export * from './hostTextShape';

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

/** A host message's value in English: a message said, anything else as written. */
export function englishOf(value: HostTextValue | HostText): string {
  return typeof value === 'object' ? formatHostText(value) : String(value);
}

/** `text` with its English wording, as the host puts it into state and events. */
export function said(text: HostText): Required<HostWords> {
  return { message: formatHostText(text), text };
}

/** An error as state keeps it: `error` in English, and `errorText` by id where the host said it (else as written). */
export function saidError(text: HostTextValue | HostText): { error: string; errorText?: HostText } {
  return typeof text === 'object'
    ? { error: formatHostText(text), errorText: text }
    : { error: String(text) };
}
