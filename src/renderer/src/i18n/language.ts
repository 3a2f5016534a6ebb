// The language the page speaks now: the person's choice, its messages once loaded, and a formatter for code outside React.
import { IntlMessageFormat } from 'intl-messageformat';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { englishMessages, loadMessages, type Messages } from './catalogues';
import { type LanguageChoice, type Locale, localeOf, readChoice, writeChoice } from './locales';

export type Language = { choice: LanguageChoice; locale: Locale; intl: IntlShape };

// Every message compiled asks Intl again which locale it resolves to (`supportedLocalesOf`, slow enough to add tens of
// milliseconds to the first render); the answer for a locale never changes, so it is kept.
const resolveLocale = IntlMessageFormat.resolveLocale;
const resolvedLocales = new Map<string, ReturnType<typeof resolveLocale>>();
IntlMessageFormat.resolveLocale = (locales) => {
  const key = String(locales);
  if (!resolvedLocales.has(key)) resolvedLocales.set(key, resolveLocale(locales));
  return resolvedLocales.get(key);
};

const cache = createIntlCache();
const listeners = new Set<() => void>();

function intlFor(locale: Locale, messages: Messages): IntlShape {
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

/** Made on first use: making it loads the locale's data, which the page's first task need not wait for. */
let current: Language | undefined;
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
  const same = current?.locale === locale && current.intl.messages === messages;
  publish({ choice, locale, intl: same && current ? current.intl : intlFor(locale, messages) });
}

/**
 * Starts in the remembered choice, in a task of its own after the page's code has run (so neither grows into a long
 * task); the page renders once it is in.
 */
export async function startLanguage(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return chooseLanguage(readChoice(), false);
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The language in use (English until the remembered one has loaded; the page renders only after that). */
export function currentLanguage(): Language {
  current ??= { choice: 'system', locale: 'en', intl: intlFor('en', englishMessages()) };
  return current;
}

/** A message in the current language, for code outside React (the store, formatters). Components use `useT`. */
export function translate(id: string, values?: Record<string, string | number | Date>): string {
  return currentLanguage().intl.formatMessage({ id }, values);
}
