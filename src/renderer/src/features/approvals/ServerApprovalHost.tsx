// Mount once: the oldest server waiting for approval — what it runs, where it came from, what changed — to approve or deny.
import { type ReactNode, useId, useMemo, useState } from 'react';
import type { ServerApprovalRequest } from '../../../../shared/serverApprovals';
import { QueuedDecision } from '../../components/DecisionDialog';
import { useCommand } from '../../components/useCommand';
import { Message, useT } from '../../i18n';
import { useApprovalCount, useApprovalHead } from '../../store';
import { DiffLegend, LineDiffView } from '../consent/LineDiffView';
import { lineDiff } from '../consent/lineDiff';
import { LaunchDetails } from './LaunchDetails';
import { initialPick, NetworkChoice, networkOfPick } from './NetworkChoice';
import '../consent/consent.css';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

function ChangeView({ change }: { change: NonNullable<ServerApprovalRequest['change']> }): ReactNode {
  const t = useT();
  const titleId = useId();
  const rows = useMemo(() => lineDiff(change.before, change.after), [change]);
  return (
    <section className="consent-section consent-changed" aria-labelledby={titleId}>
      <h3 id={titleId} className="consent-section-title">
        {t('approvals.changed.title')}
      </h3>
      <p className="notice consent-changed-notice">{t('approvals.changed.notice')}</p>
      <DiffLegend rows={rows} />
      <LineDiffView rows={rows} label={t('approvals.changed.diffLabel')} />
    </section>
  );
}

function ApprovalQuestion({
  request,
  summaryId,
}: {
  request: ServerApprovalRequest;
  summaryId: string;
}): ReactNode {
  const t = useT();
  const { run, pending, error } = useCommand();
  const launch = request.launch;
  const local = launch.transport === 'stdio' ? launch : undefined;
  const [pick, setPick] = useState(() => initialPick(local?.sandbox ?? 'off'));
  const chosen = local && local.sandbox !== 'off' ? networkOfPick(pick) : undefined;
  const network = chosen && 'network' in chosen ? chosen.network : undefined;
  const answer = (approve: boolean) =>
    void run((host) =>
      host.invoke('approvals.answer', {
        name: request.name,
        identity: request.identity,
        approve,
        ...(approve && network !== undefined ? { network } : {}),
      }),
    );
  return (
    <>
      <div className="dialog-body consent-body">
        <p id={summaryId} className="consent-summary">
          <Message
            id={request.change ? 'approvals.question.changed' : 'approvals.question.new'}
            values={{ name: request.name, strong }}
          />
        </p>
        <p className="approval-origin">
          <Message
            id="approvals.question.origin"
            values={{ from: request.origin.from, span: (chunks: ReactNode[]) => <span>{chunks}</span> }}
          />
        </p>
        {request.change ? <ChangeView change={request.change} /> : null}
        <LaunchDetails launch={request.launch} />
        {local ? <NetworkChoice launch={local} pick={pick} onChange={setPick} /> : null}
        {error ? (
          <p className="inline-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <footer className="dialog-footer consent-footer">
        <button type="button" disabled={pending} onClick={() => answer(false)}>
          {t('approvals.question.deny')}
        </button>
        <span className="consent-footer-gap" />
        <button
          type="button"
          className="primary"
          disabled={pending || (chosen !== undefined && network === undefined)}
          onClick={() => answer(true)}
        >
          {t('approvals.question.approve')}
        </button>
      </footer>
    </>
  );
}

/** Renders nothing while no server waits for approval. */
export function ServerApprovalHost(): ReactNode {
  const t = useT();
  return (
    <QueuedDecision
      head={useApprovalHead()}
      count={useApprovalCount()}
      notice={null}
      clearNotice={() => {}}
      title={(request) =>
        request ? t('approvals.dialog.title', { name: request.name }) : t('approvals.dialog.waiting')
      }
      className="consent-dialog"
      render={(request, summaryId) => (
        <ApprovalQuestion key={request.id} request={request} summaryId={summaryId} />
      )}
    />
  );
}
