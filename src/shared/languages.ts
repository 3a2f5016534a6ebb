// The languages Switchboard speaks, and which of them a system's language list means; shared by the host and the page.

export const LOCALES = ['en', 'zh-CN', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language named in itself, as language pickers do. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文', de: 'Deutsch' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first of the system's languages Switchboard speaks (any Chinese but Traditional → zh-CN), else English. */
export function systemLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const tag = language.toLowerCase();
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (tag === 'de' || tag.startsWith('de-')) return 'de';
    if (tag === 'zh' || (tag.startsWith('zh-') && !/^zh-(hant|tw|hk|mo)/.test(tag))) return 'zh-CN';
  }
  return 'en';
}
