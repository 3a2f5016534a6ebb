// The language the page speaks now: the person's choice, its messages once loaded, and a formatter for code outside React.
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { englishMessages, loadMessages } from './catalogues';
import { type LanguageChoice, type Locale, localeOf, readChoice, writeChoice } from './locales';

export type Language = { choice: LanguageChoice; locale: Locale; intl: IntlShape };

const cache = createIntlCache();
const listeners = new Set<() => void>();

function intlFor(locale: Locale, messages: Record<string, string>): IntlShape {
  return createIntl(
    {
      locale,
      defaultLocale: 'en',
      messages,
      // A missing message shows in English (the catalogue check keeps them complete); nothing to report at runtime.
      onError: (error) => {
        if (error.code !== 'MISSING_TRANSLATION') console.error(error);
      },
    },
    cache,
  );
}

let current: Language = { choice: 'system', locale: 'en', intl: intlFor('en', englishMessages) };
let asked = 0;

function publish(next: Language): void {
  current = next;
  if (typeof document !== 'undefined') document.documentElement.lang = next.locale;
  for (const listener of listeners) listener();
}

/** Switches to `choice` once its messages are in; remembered for the next start. */
export async function chooseLanguage(choice: LanguageChoice, remember = true): Promise<void> {
  if (remember) writeChoice(choice);
  const locale = localeOf(choice);
  const ticket = ++asked;
  const messages = await loadMessages(locale);
  if (ticket !== asked) return;
  publish({ choice, locale, intl: intlFor(locale, messages) });
}

/** Starts in the remembered choice (English shows at once; another language as soon as it loads). */
export function startLanguage(): Promise<void> {
  const choice = readChoice();
  current = { ...current, choice };
  return chooseLanguage(choice, false);
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentLanguage(): Language {
  return current;
}

/** A message in the current language, for code outside React (the store, formatters). Components use `useT`. */
export function translate(id: string, values?: Record<string, string | number | Date>): string {
  return current.intl.formatMessage({ id }, values);
}
