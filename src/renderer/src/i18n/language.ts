// The language the page speaks now: the person's choice, its messages once loaded, and a formatter for code outside React.
import { IntlMessageFormat } from 'intl-messageformat';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { englishMessages, loadMessages, type Messages } from './catalogues';
import { isLocale, type LanguageChoice, type Locale, localeOf, readChoice, writeChoice } from './locales';
import { type MessageValues, sayerFor } from './saying';

export type Language = { choice: LanguageChoice; locale: Locale; intl: IntlShape };

// Every message compiled asks Intl which locale it resolves to (`supportedLocalesOf`), and the first such question loads
// the engine's locale data, tens of milliseconds before the first paint. The page's own locales are in every engine, so
// they resolve to themselves without asking; the data loads when something first formats a number or a date.
const resolveLocale = IntlMessageFormat.resolveLocale;
IntlMessageFormat.resolveLocale = (locales) =>
  typeof locales === 'string' && isLocale(locales) ? new Intl.Locale(locales) : resolveLocale(locales);

const cache = createIntlCache();
const listeners = new Set<() => void>();

function intlFor(locale: Locale, messages: Messages): IntlShape {
  return createIntl(
    {
      // Given as the default, with `locale` empty: `createIntl` checks a `locale` against the engine's data (loading
      // it, as above); without one it takes the default, and says so through `onError`, which is not a fault here.
      locale: '',
      defaultLocale: locale,
      messages,
      // A missing message shows in English (the catalogue check keeps them complete); nothing to report at runtime.
      onError: (error) => {
        if (error.code !== 'MISSING_TRANSLATION' && error.code !== 'INVALID_CONFIG') console.error(error);
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
 * Starts in the remembered choice, then calls `ready` (the page's first render): at once when its messages are part of
 * the page (English), else once they have loaded, so the first paint is in the person's language either way.
 */
export function startLanguage(ready: () => void): void {
  const choice = readChoice();
  if (localeOf(choice) === 'en') {
    publish({ ...currentLanguage(), choice });
    ready();
  } else
    void chooseLanguage(choice, false)
      .catch(() => {})
      .finally(ready);
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
export function translate(id: string, values?: MessageValues): string {
  return sayerFor(currentLanguage().intl)(id, values);
}
