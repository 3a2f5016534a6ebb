// The line where older messages were summarised for the model: how many, what the model now reads instead, and Undo.
import { type ReactNode, useId, useState } from 'react';
import type { Compaction } from '../../../../shared/chat';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { actions, useTurnRunning } from '../../store';

/** A `role="group"` named "Compacted N messages", with the summary behind a toggle. */
export function CompactionDivider({
  conversationId,
  compaction,
}: {
  conversationId: string;
  compaction: Compaction;
}): ReactNode {
  const t = useT();
  const [open, setOpen] = useState(false);
  const running = useTurnRunning(conversationId);
  const undo = useCommand();
  const summaryId = useId();
  const label = t('chat.compaction.label', { count: compaction.count });
  const takeBack = async () => {
    const outcome = await undo.run((client) => client.invoke('chat.undoCompaction', { id: conversationId }));
    if (outcome.ok) actions.compactionsChanged(conversationId, outcome.value);
  };
  return (
    <div className="compaction">
      {/* biome-ignore lint/a11y/useSemanticElements: a line in a conversation, not a form's fieldset */}
      <div className="compaction-line" role="group" aria-label={label}>
        <span className="compaction-label" title={t('chat.compaction.reason', { reason: compaction.reason })}>
          {label}
        </span>
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={summaryId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('chat.compaction.hide') : t('chat.compaction.show')}
        </button>
        <button
          type="button"
          className="link-button"
          disabled={running || undo.pending}
          onClick={() => void takeBack()}
        >
          {t('chat.compaction.undo')}
        </button>
      </div>
      {undo.error ? (
        <p className="inline-error" role="alert">
          {undo.error}
        </p>
      ) : null}
      {open ? (
        <section id={summaryId} className="compaction-summary" aria-label={t('chat.compaction.summaryLabel')}>
          <p className="muted">{t('chat.compaction.summaryNote')}</p>
          <pre>{compaction.summary}</pre>
        </section>
      ) : null}
    </div>
  );
}
