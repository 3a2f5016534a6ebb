// Settings → Language: the interface's language (the system's unless the person picks one), switched at once.
import { type ReactNode, useId } from 'react';
import { chooseLanguage, type LanguageChoice, LOCALE_NAMES, LOCALES, useLanguage, useT } from '../../i18n';
import { isLocale, systemLocale } from '../../i18n/locales';

export function LanguageSettings(): ReactNode {
  const t = useT();
  const { choice } = useLanguage();
  const title = useId();
  const field = useId();
  const system = LOCALE_NAMES[systemLocale(navigator.languages)];
  return (
    <div className="settings-stack">
      <section className="settings-panel" aria-labelledby={title}>
        <header className="settings-panel-header">
          <h2 id={title}>{t('language.title')}</h2>
        </header>
        <p className="muted hint">{t('language.hint')}</p>
        <label htmlFor={field}>{t('language.label')}</label>
        <select
          id={field}
          value={choice}
          onChange={(event) => {
            const next = event.target.value;
            void chooseLanguage(isLocale(next) ? next : ('system' satisfies LanguageChoice));
          }}
        >
          <option value="system">{t('language.system', { language: system })}</option>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </select>
        <p className="muted hint">{t('language.serverText')}</p>
      </section>
    </div>
  );
}
