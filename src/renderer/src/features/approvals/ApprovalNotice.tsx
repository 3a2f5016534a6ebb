// On a server's page: it is not running because it waits for approval, or because the person denied it (review again).
import type { ReactNode } from 'react';
import { useCommand } from '../../components/useCommand';

/** The notice, with "Review again" after a no. */
export function ApprovalNotice({
  name,
  approval,
}: {
  name: string;
  approval: 'waiting' | 'denied';
}): ReactNode {
  const { run, pending, error } = useCommand();
  if (approval === 'waiting') {
    return (
      <p className="notice" role="status">
        Waiting for your approval: this server does not run until you approve what it runs.
      </p>
    );
  }
  return (
    <div className="notice" role="status">
      <p>
        <strong>Not approved.</strong> You chose not to run this server as it is configured now, so it stays
        stopped.
      </p>
      <button
        type="button"
        disabled={pending}
        onClick={() => void run((host) => host.invoke('approvals.review', { name }))}
      >
        Review again
      </button>
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
