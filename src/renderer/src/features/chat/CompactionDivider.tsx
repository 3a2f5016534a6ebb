// The line where older messages were summarised for the model: how many, what the model now reads instead, and Undo.
import { type ReactNode, useId, useState } from 'react';
import type { Compaction } from '../../../../shared/chat';
import { useCommand } from '../../components/useCommand';
import { actions, useTurnRunning } from '../../store';

const REASONS: Record<Compaction['reason'], string> = {
  window: 'to fit the model’s context window',
  provider: 'because the provider said the conversation was too long',
  manual: 'when you asked',
};

/** A `role="group"` named "Compacted N messages", with the summary behind a toggle. */
export function CompactionDivider({
  conversationId,
  compaction,
}: {
  conversationId: string;
  compaction: Compaction;
}): ReactNode {
  const [open, setOpen] = useState(false);
  const running = useTurnRunning(conversationId);
  const undo = useCommand();
  const summaryId = useId();
  const label = `Compacted ${compaction.count.toLocaleString('en')} message${compaction.count === 1 ? '' : 's'}`;
  const takeBack = async () => {
    const outcome = await undo.run((client) => client.invoke('chat.undoCompaction', { id: conversationId }));
    if (outcome.ok) actions.compactionsChanged(conversationId, outcome.value);
  };
  return (
    <div className="compaction">
      {/* biome-ignore lint/a11y/useSemanticElements: a line in a conversation, not a form's fieldset */}
      <div className="compaction-line" role="group" aria-label={label}>
        <span className="compaction-label" title={`Summarised ${REASONS[compaction.reason]}.`}>
          {label}
        </span>
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={summaryId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide what the model now sees' : 'Show what the model now sees'}
        </button>
        <button
          type="button"
          className="link-button"
          disabled={running || undo.pending}
          onClick={() => void takeBack()}
        >
          Undo
        </button>
      </div>
      {undo.error ? (
        <p className="inline-error" role="alert">
          {undo.error}
        </p>
      ) : null}
      {open ? (
        <section id={summaryId} className="compaction-summary" aria-label="What the model now sees">
          <p className="muted">
            The model reads this in place of the messages above, then every message below. You still see them
            all, and search finds them.
          </p>
          <pre>{compaction.summary}</pre>
        </section>
      ) : null}
    </div>
  );
}
