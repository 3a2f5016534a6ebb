// On a server's page: it is not running because it waits for approval, the person denied it (review again), or the organisation's policy blocks it.
import { type ReactNode, useEffect, useState } from 'react';
import { useHost } from '../../api';
import { useCommand } from '../../components/useCommand';

/** "Blocked by your organisation's policy", with the policy's reason once the host has said it. */
function PolicyBlock({ name }: { name: string }): ReactNode {
  const host = useHost();
  const [reason, setReason] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    host
      .invoke('flow.view', {})
      .then(
        (view) => live && setReason(view.servers.find((server) => server.server === name)?.blocked ?? null),
      )
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [host, name]);
  return (
    <div className="notice" role="status">
      <p>
        <strong>Blocked by your organisation's policy.</strong> This server does not start, whatever you
        approve.
      </p>
      {reason ? <p className="muted">Why: {reason}.</p> : null}
      <p className="muted">Ask whoever manages this computer if you need it.</p>
    </div>
  );
}

/** The notice, with "Review again" after a no. */
export function ApprovalNotice({
  name,
  approval,
}: {
  name: string;
  approval: 'waiting' | 'denied' | 'blocked';
}): ReactNode {
  const { run, pending, error } = useCommand();
  if (approval === 'blocked') return <PolicyBlock name={name} />;
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
