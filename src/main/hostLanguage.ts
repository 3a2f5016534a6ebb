// The language the person reads Switchboard in (the page says which), for the few words the host shows itself: native
// dialogs, the menu, notices before the page is up.
import { formatHostText, type HostTextValue } from '../shared/hostText';
import { type Locale, systemLocale } from '../shared/languages';
import de from '../shared/locales/de.json' with { type: 'json' };
import en from '../shared/locales/en.json' with { type: 'json' };
import zh from '../shared/locales/zh-CN.json' with { type: 'json' };

const CATALOGUES: Record<Locale, Record<string, string>> = { en, 'zh-CN': zh, de };

let current: Locale = 'en';

/** Follows the page's language from now on. */
export function setHostLocale(locale: Locale): void {
  current = locale;
}

/** Starts in the system's language, until the page says otherwise. */
export function startHostLocale(systemLanguages: readonly string[]): void {
  current = systemLocale(systemLanguages);
}

export function hostLocale(): Locale {
  return current;
}

/** A host message in the person's language. */
export function spoken(id: string, values?: Record<string, HostTextValue>): string {
  return formatHostText({ id, ...(values ? { values } : {}) }, current, CATALOGUES[current]);
}
