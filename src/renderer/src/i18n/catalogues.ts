// The message catalogues: English is part of the page (the first render needs it), the others load when first needed.
// The build hands them over already parsed, as `JSON.parse` of a string (scripts/precompiledMessages.ts), which costs
// the page's first task little; the tests read them as ICU text.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import hostEnglish from '../../../shared/locales/en.json' with { type: 'json' };
import type { Locale } from './locales';

/** One language's messages: all ICU text (tests) or all parsed (the build). */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

const pageEnglish = import.meta.glob<Messages>('../locales/en/*.json', { eager: true, import: 'default' });
const pages: Record<Exclude<Locale, 'en'>, Record<string, () => Promise<Messages>>> = {
  'zh-CN': import.meta.glob<Messages>('../locales/zh-CN/*.json', { import: 'default' }),
  de: import.meta.glob<Messages>('../locales/de/*.json', { import: 'default' }),
};
const hosts: Record<Exclude<Locale, 'en'>, () => Promise<Messages>> = {
  'zh-CN': () => import('../../../shared/locales/zh-CN.json').then((module) => module.default),
  de: () => import('../../../shared/locales/de.json').then((module) => module.default),
};

function merged(parts: Messages[]): Messages {
  return Object.assign({}, ...parts) as Messages;
}

/** The page's English messages (the host's included). */
const english: Messages = merged([...Object.values(pageEnglish), hostEnglish]);

function read(locale: Exclude<Locale, 'en'>): Promise<Messages> {
  const files = [...Object.values(pages[locale]), hosts[locale]];
  return Promise.all(files.map((load) => load())).then((parts) => merged([english, ...parts]));
}

const loaded = new Map<Locale, Promise<Messages>>([['en', Promise.resolve(english)]]);

/** A locale's messages (the page's and the host's); anything it lacks falls back to English. */
export function loadMessages(locale: Locale): Promise<Messages> {
  let messages = loaded.get(locale);
  if (!messages) {
    messages = read(locale as Exclude<Locale, 'en'>);
    loaded.set(locale, messages);
    messages.catch(() => loaded.delete(locale));
  }
  return messages;
}

/** English, at once. */
export function englishMessages(): Messages {
  return english;
}
