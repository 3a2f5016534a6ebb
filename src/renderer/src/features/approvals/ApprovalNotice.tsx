// On a server's page: it is not running because it waits for approval, the person denied it (review again), or the organisation's policy blocks it.
import { type ReactNode, useEffect, useState } from 'react';
import { useHost } from '../../api';
import { useCommand } from '../../components/useCommand';
import { Message, useT } from '../../i18n';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/** "Blocked by your organisation's policy", with the policy's reason once the host has said it. */
function PolicyBlock({ name }: { name: string }): ReactNode {
  const t = useT();
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
        <Message id="approvals.notice.blocked" values={{ strong }} />
      </p>
      {reason ? <p className="muted">{t('approvals.notice.why', { reason })}</p> : null}
      <p className="muted">{t('approvals.notice.askAdmin')}</p>
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
  const t = useT();
  const { run, pending, error } = useCommand();
  if (approval === 'blocked') return <PolicyBlock name={name} />;
  if (approval === 'waiting') {
    return (
      <p className="notice" role="status">
        {t('approvals.notice.waiting')}
      </p>
    );
  }
  return (
    <div className="notice" role="status">
      <p>
        <Message id="approvals.notice.denied" values={{ strong }} />
      </p>
      <button
        type="button"
        disabled={pending}
        onClick={() => void run((host) => host.invoke('approvals.review', { name }))}
      >
        {t('approvals.notice.reviewAgain')}
      </button>
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
