// The page's languages: the provider, the hooks components speak through, and the same for code outside React.
import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { FormattedMessage, RawIntlProvider, useIntl } from 'react-intl';
import { type Formatters, formattersFor } from './formatting';
import { currentLanguage, type Language, subscribeLanguage } from './language';
import { type Say, sayerFor } from './saying';

export { chooseLanguage, startLanguage, translate } from './language';
export { type LanguageChoice, LOCALE_NAMES, LOCALES, type Locale } from './locales';

export type { MessageValues } from './saying';

/** Makes the chosen language the page's; everything under it re-renders when the person switches. */
export function I18nProvider({ children }: { children: ReactNode }): ReactNode {
  const language = useLanguage();
  return <RawIntlProvider value={language.intl}>{children}</RawIntlProvider>;
}

/** The person's choice and the locale in use. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
}

/** `t(id, values)`: a message of the catalogue in the page's language. */
export function useT(): Say {
  return sayerFor(useIntl());
}

/** Numbers, sizes, times and durations in the page's language. */
export function useFormat(): Formatters {
  const intl = useIntl();
  return useMemo(() => formattersFor(intl), [intl]);
}

/** The formatters of the current language, for code outside React. */
export function format(): Formatters {
  return formattersFor(currentLanguage().intl);
}

/** A message with markup in it: `<Message id="…" values={{ b: (text) => <b>{text}</b> }} />`. */
export const Message = FormattedMessage;
