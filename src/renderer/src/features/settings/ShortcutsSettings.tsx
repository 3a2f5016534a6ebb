// Settings → Shortcuts: every keyboard shortcut and what it does.
import { type ReactNode, useId } from 'react';
import { isMac, keysLabel, SHORTCUTS } from '../palette/shortcuts';
import './settings-models.css';
import '../palette/palette.css';

export function ShortcutsSettings(): ReactNode {
  const title = useId();
  const mac = isMac();
  return (
    <div className="settings-stack">
      <section className="settings-panel" aria-labelledby={title}>
        <header className="settings-panel-header">
          <h2 id={title}>Keyboard shortcuts</h2>
        </header>
        <p className="muted hint">
          {mac ? '⌘K' : 'Ctrl+K'} opens the command palette, which lists these commands and more.
        </p>
        <div className="settings-table-wrap">
          <table className="settings-table">
            <caption className="visually-hidden">Keyboard shortcuts</caption>
            <thead>
              <tr>
                <th scope="col">Command</th>
                <th scope="col">Keys</th>
              </tr>
            </thead>
            <tbody>
              {SHORTCUTS.map((shortcut) => (
                <tr key={shortcut.id}>
                  <th scope="row">{shortcut.label}</th>
                  <td>
                    <kbd className="shortcut-keys">{keysLabel(shortcut.keys, mac)}</kbd>
                    {shortcut.id === 'stop' ? <span className="muted"> while the model answers</span> : null}
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
