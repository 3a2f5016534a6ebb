// Shows the oldest waiting sampling or elicitation request, one at a time, and says so when one goes away unanswered.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { DecisionDialog } from '../../components/DecisionDialog';
import { lazyView } from '../../components/lazyView';
import { PartBoundary } from '../../components/PartBoundary';
import { waitingLabel } from '../../components/waitingLabel';
import { actions, useRequestCount, useRequestHead, useRequestNotice, useRequestsDeferred } from '../../store';
import type { ElicitationViewHandle } from './ElicitationView';
import { RefusedToasts } from './RefusedToasts';
import { SamplingView } from './SamplingView';
import './requests.css';
import './requestsExtra.css';

// The elicitation form (with zod) loads when a server first asks for information, not at start.
const ElicitationView = lazyView(
  () => import('./ElicitationView').then((module) => module.ElicitationView),
  () => <Between text="Loading the form…" />,
);

/** How long a "the request was cancelled" notice stays before the next request shows. */
export const NOTICE_MS = 2200;

/** The accessible names of the two dialogs. */
export const SAMPLING_TITLE = 'Sampling request';
export const ELICITATION_TITLE = 'Information requested';

function Between({ text }: { text: string }): ReactNode {
  return (
    <div className="dialog-body request-body request-between">
      <p className="muted">{text}</p>
    </div>
  );
}

function DeferredBar({ server, kind, count }: { server: string; kind: string; count: number }): ReactNode {
  const more = waitingLabel(count);
  return (
    <section className="request-deferred" aria-label="Waiting requests">
      <span>
        A {kind} from <strong>{server}</strong> is waiting for you{more ? ` (${more})` : ''}.
      </span>
      <button type="button" className="small primary" onClick={() => actions.requestsSetAside(false)}>
        Show request
      </button>
    </section>
  );
}

/** Mount once in the app: it renders nothing while no server asks anything of the person. */
export function RequestsHost(): ReactNode {
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
        <DeferredBar
          server={head.server}
          kind={head.kind === 'sampling' ? 'sampling request' : 'request for information'}
          count={count}
        />
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
      title={kind === 'sampling' ? SAMPLING_TITLE : ELICITATION_TITLE}
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
        <Between text={head ? 'The next request follows in a moment.' : 'Nothing else is waiting.'} />
      )}
    </DecisionDialog>
  );
}
