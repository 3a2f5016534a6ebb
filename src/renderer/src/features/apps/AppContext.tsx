// Context an app view gave for the model (`ui/update-model-context`): shown before it goes, and with the message after.
import type { ReactNode } from 'react';
import type { ContextItem } from '../../../../shared/resources';
import './apps.css';

export type AppContextItem = Extract<ContextItem, { kind: 'app' }>;

/** A `region` named "Context from the view of <tool>", with its text as plain text. */
export function AppContext({ item, onRemove }: { item: AppContextItem; onRemove?: () => void }): ReactNode {
  return (
    <section className="app-context" aria-label={`Context from the view of ${item.tool}`}>
      <header className="app-context-head">
        <span className="app-context-title">Context from the view of {item.tool}</span>
        <span className="app-context-meta muted">
          {item.server} ·{' '}
          {onRemove ? 'goes to the model with your next message' : 'sent to the model with this message'}
        </span>
        {onRemove ? (
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove context from the view of ${item.tool}`}
            title="Remove context"
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
