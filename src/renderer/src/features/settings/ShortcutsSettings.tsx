// Settings → Shortcuts: every keyboard shortcut and what it does.
import { type ReactNode, useId } from 'react';
import { useT } from '../../i18n';
import { isMac, keysLabel, SHORTCUTS } from '../palette/shortcuts';
import './settings-models.css';
import '../palette/palette.css';

export function ShortcutsSettings(): ReactNode {
  const t = useT();
  const title = useId();
  const mac = isMac();
  return (
    <div className="settings-stack">
      <section className="settings-panel" aria-labelledby={title}>
        <header className="settings-panel-header">
          <h2 id={title}>{t('settings.shortcuts.title')}</h2>
        </header>
        <p className="muted hint">{t('settings.shortcuts.hint', { keys: mac ? '⌘K' : 'Ctrl+K' })}</p>
        <div className="settings-table-wrap">
          <table className="settings-table">
            <caption className="visually-hidden">{t('settings.shortcuts.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('settings.shortcuts.command')}</th>
                <th scope="col">{t('settings.shortcuts.keys')}</th>
              </tr>
            </thead>
            <tbody>
              {SHORTCUTS.map((shortcut) => (
                <tr key={shortcut.id}>
                  <th scope="row">{shortcut.label}</th>
                  <td>
                    <kbd className="shortcut-keys">{keysLabel(shortcut.keys, mac)}</kbd>
                    {shortcut.id === 'stop' ? (
                      <span className="muted"> {t('settings.shortcuts.whileAnswering')}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
