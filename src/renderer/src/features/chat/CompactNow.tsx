// "Compact now" in a conversation's header: older messages summarised for the model, the last exchange kept as it is.
import type { ReactNode } from 'react';
import { useCommand } from '../../components/useCommand';
import { actions, useTurnRunning } from '../../store';

export function CompactNow({ id }: { id: string }): ReactNode {
  const running = useTurnRunning(id);
  const compact = useCommand();
  const run = async () => {
    const outcome = await compact.run((client) => client.invoke('chat.compact', { id }));
    if (outcome.ok) actions.compactionsChanged(id, outcome.value);
  };
  return (
    <>
      <button
        type="button"
        className="small"
        title="Summarise the older messages for the model, so the conversation takes less of its context. You still see every message."
        disabled={running || compact.pending}
        onClick={() => void run()}
      >
        {compact.pending ? 'Compacting…' : 'Compact now'}
      </button>
      {compact.error ? (
        <span className="inline-error" role="alert">
          {compact.error}
        </span>
      ) : null}
    </>
  );
}
