// Shows the oldest waiting sampling or elicitation request, one at a time, and says so when one goes away unanswered.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { DecisionDialog } from '../../components/DecisionDialog';
import { lazyView } from '../../components/lazyView';
import { PartBoundary } from '../../components/PartBoundary';
import { waitingLabel } from '../../components/waitingLabel';
import { Message, useT } from '../../i18n';
import { actions, useRequestCount, useRequestHead, useRequestNotice, useRequestsDeferred } from '../../store';
import type { ElicitationViewHandle } from './ElicitationView';
import { RefusedToasts } from './RefusedToasts';
import { SamplingView } from './SamplingView';
import './requests.css';
import './requestsExtra.css';

// The elicitation form (with zod) loads when a server first asks for information, not at start.
const ElicitationView = lazyView(
  () => import('./ElicitationView').then((module) => module.ElicitationView),
  () => <LoadingForm />,
);

/** How long a "the request was cancelled" notice stays before the next request shows. */
export const NOTICE_MS = 2200;

function LoadingForm(): ReactNode {
  const t = useT();
  return <Between text={t('requests.loadingForm')} />;
}

function Between({ text }: { text: string }): ReactNode {
  return (
    <div className="dialog-body request-body request-between">
      <p className="muted">{text}</p>
    </div>
  );
}

function DeferredBar({ server, kind, count }: { server: string; kind: string; count: number }): ReactNode {
  const t = useT();
  const more = waitingLabel(count);
  return (
    <section className="request-deferred" aria-label={t('requests.deferred.label')}>
      <span>
        <Message
          id="requests.deferred.text"
          values={{
            kind,
            server,
            more: more ?? '',
            waiting: more ? 'yes' : 'no',
            strong: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
          }}
        />
      </span>
      <button type="button" className="small primary" onClick={() => actions.requestsSetAside(false)}>
        {t('requests.deferred.show')}
      </button>
    </section>
  );
}

/** Mount once in the app: it renders nothing while no server asks anything of the person. */
export function RequestsHost(): ReactNode {
  const t = useT();
  const head = useRequestHead();
  const count = useRequestCount();
  const notice = useRequestNotice();
  const deferred = useRequestsDeferred();
  const summaryId = useId();
  const elicitation = useRef<ElicitationViewHandle>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(actions.requestNoticeCleared, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    if (!head && deferred) actions.requestsSetAside(false);
  }, [head, deferred]);

  if (deferred && head) {
    return (
      <>
        <DeferredBar server={head.server} kind={head.kind} count={count} />
        <RefusedToasts floating />
      </>
    );
  }
  if (!head && !notice) return <RefusedToasts floating />;

  const showing = notice ? null : head;
  const kind = notice?.kind ?? head?.kind ?? 'sampling';
  const stage = showing?.kind === 'sampling' ? showing.stage : '';
  const dismiss = notice
    ? actions.requestNoticeCleared
    : showing?.kind === 'elicitation'
      ? () => elicitation.current?.cancel()
      : undefined;

  return (
    <DecisionDialog
      className="request-dialog"
      title={kind === 'sampling' ? t('requests.dialog.sampling') : t('requests.dialog.elicitation')}
      aside={showing ? waitingLabel(count) : null}
      focusKey={notice ? `notice:${notice.id}` : `request:${head?.id ?? ''}:${stage}`}
      describedBy={showing ? summaryId : undefined}
      status={notice?.text ?? ''}
      onDismiss={dismiss}
      top={<RefusedToasts />}
    >
      {showing?.kind === 'sampling' ? (
        <SamplingView key={showing.id} request={showing} summaryId={summaryId} />
      ) : showing?.kind === 'elicitation' ? (
        <PartBoundary key={showing.id}>
          <ElicitationView ref={elicitation} request={showing} summaryId={summaryId} />
        </PartBoundary>
      ) : (
        <Between text={head ? t('requests.dialog.next') : t('requests.dialog.nothingElse')} />
      )}
    </DecisionDialog>
  );
}
