// "Compact now" in a conversation's header: older messages summarised for the model, the last exchange kept as it is.
import type { ReactNode } from 'react';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { actions, useTurnRunning } from '../../store';

export function CompactNow({ id }: { id: string }): ReactNode {
  const t = useT();
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
        title={t('chat.compact.hint')}
        disabled={running || compact.pending}
        onClick={() => void run()}
      >
        {compact.pending ? t('chat.compact.running') : t('chat.compact.now')}
      </button>
      {compact.error ? (
        <span className="inline-error" role="alert">
          {compact.error}
        </span>
      ) : null}
    </>
  );
}
