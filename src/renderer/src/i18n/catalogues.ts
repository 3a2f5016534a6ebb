// The message catalogues: English is part of the page; the others load when the person first needs them.
import hostEn from '../../../shared/locales/en.json' with { type: 'json' };
import type { Locale } from './locales';

export type Messages = Record<string, string>;

const english = import.meta.glob<Messages>('../locales/en/*.json', { eager: true, import: 'default' });
const later: Record<Exclude<Locale, 'en'>, Record<string, () => Promise<Messages>>> = {
  'zh-CN': import.meta.glob<Messages>('../locales/zh-CN/*.json', { import: 'default' }),
  de: import.meta.glob<Messages>('../locales/de/*.json', { import: 'default' }),
};
const laterHost: Record<Exclude<Locale, 'en'>, () => Promise<Messages>> = {
  'zh-CN': () => import('../../../shared/locales/zh-CN.json').then((module) => module.default),
  de: () => import('../../../shared/locales/de.json').then((module) => module.default),
};

function merged(parts: Messages[]): Messages {
  return Object.assign({}, ...parts);
}

/** The page's English messages (the host's included). */
export const englishMessages: Messages = merged([...Object.values(english), hostEn]);

const loaded = new Map<Locale, Promise<Messages>>([['en', Promise.resolve(englishMessages)]]);

/** A locale's messages; anything it lacks falls back to English. */
export function loadMessages(locale: Locale): Promise<Messages> {
  let messages = loaded.get(locale);
  if (!messages) {
    const other = locale as Exclude<Locale, 'en'>;
    const files = [...Object.values(later[other]), laterHost[other]];
    messages = Promise.all(files.map((load) => load())).then((parts) => merged([englishMessages, ...parts]));
    loaded.set(locale, messages);
    messages.catch(() => loaded.delete(locale));
  }
  return messages;
}
