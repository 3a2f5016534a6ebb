// Cancel for one task: asks its server to cancel it; the card and the list then say cancelled.
import { useState } from 'react';
import { useHost } from '../../api/HostContext';
import { describeError } from '../../components/format';
import { useT } from '../../i18n';

export function CancelTaskButton({
  server,
  taskId,
  label,
}: {
  server: string;
  taskId: string;
  label: string;
}) {
  const t = useT();
  const host = useHost();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = async () => {
    setPending(true);
    setError(null);
    try {
      await host.invoke('tasks.cancel', { server, taskId });
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="small"
        aria-label={label}
        disabled={pending}
        onClick={() => void cancel()}
      >
        {pending ? t('tasks.cancelling') : t('tasks.cancel')}
      </button>
      {error ? (
        <span className="inline-error" role="alert">
          {' '}
          {error}
        </span>
      ) : null}
    </>
  );
}
