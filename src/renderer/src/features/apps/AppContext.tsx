// Context an app view gave for the model (`ui/update-model-context`): shown before it goes, and with the message after.
import type { ReactNode } from 'react';
import type { ContextItem } from '../../../../shared/resources';
import { useT } from '../../i18n';
import './apps.css';

export type AppContextItem = Extract<ContextItem, { kind: 'app' }>;

/** A `region` named "Context from the view of <tool>", with its text as plain text. */
export function AppContext({ item, onRemove }: { item: AppContextItem; onRemove?: () => void }): ReactNode {
  const t = useT();
  const title = t('apps.context.title', { tool: item.tool });
  return (
    <section className="app-context" aria-label={title}>
      <header className="app-context-head">
        <span className="app-context-title">{title}</span>
        <span className="app-context-meta muted">
          {item.server} · {onRemove ? t('apps.context.goesNext') : t('apps.context.sentWith')}
        </span>
        {onRemove ? (
          <button
            type="button"
            className="icon-button"
            aria-label={t('apps.context.removeLabel', { tool: item.tool })}
            title={t('apps.context.remove')}
            onClick={onRemove}
          >
            ×
          </button>
        ) : null}
      </header>
      <pre className="app-context-text">{item.text}</pre>
    </section>
  );
}
