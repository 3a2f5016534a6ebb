// Which language the person sees (their choice, else the system's), and remembering it.
import { isLocale, type Locale, systemLocale } from '../../../shared/languages';

export { isLocale, LOCALE_NAMES, LOCALES, type Locale, systemLocale } from '../../../shared/languages';

/** What the person picked in Settings → Language; `system` follows the operating system (or the browser). */
export type LanguageChoice = Locale | 'system';

const KEY = 'switchboard.language';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The choice remembered in this window's storage. */
export function readChoice(): LanguageChoice {
  const saved = storage()?.getItem(KEY);
  return isLocale(saved) ? saved : 'system';
}

export function writeChoice(choice: LanguageChoice): void {
  const store = storage();
  if (!store) return;
  if (choice === 'system') store.removeItem(KEY);
  else store.setItem(KEY, choice);
}

/** The locale a choice means on this system. */
export function localeOf(
  choice: LanguageChoice,
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Locale {
  return choice === 'system' ? systemLocale(languages) : choice;
}
