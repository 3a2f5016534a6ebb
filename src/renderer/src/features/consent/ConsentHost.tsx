// Shows the oldest waiting tool call in the consent dialog, and briefly says so when one goes away unanswered.
import { type ReactNode, useEffect, useId } from 'react';
import { DecisionDialog } from '../../components/DecisionDialog';
import { actions, useConsentCount, useConsentHead, useConsentNotice } from '../../store';
import { ConsentRequestView } from './ConsentRequestView';
import { waitingLabel } from './requestText';
import './consent.css';

/** How long a "the request was cancelled" notice stays before the next request shows. */
export const NOTICE_MS = 1800;

/** Mount once in the app: it renders nothing while no tool call waits for the person. */
export function ConsentHost(): ReactNode {
  const head = useConsentHead();
  const count = useConsentCount();
  const notice = useConsentNotice();
  const summaryId = useId();

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(actions.consentNoticeCleared, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  if (!head && !notice) return null;
  const showing = notice ? null : head;
  return (
    <DecisionDialog
      className="consent-dialog"
      title="Allow tool call?"
      aside={showing ? waitingLabel(count) : null}
      focusKey={notice ? `notice:${notice.id}` : `request:${head?.id ?? ''}`}
      describedBy={showing ? summaryId : undefined}
      status={notice?.text ?? ''}
    >
      {showing ? (
        <ConsentRequestView key={showing.id} request={showing} summaryId={summaryId} />
      ) : (
        <div className="dialog-body consent-body consent-between">
          <p className="muted">
            {head ? 'The next request follows in a moment.' : 'Nothing else is waiting.'}
          </p>
        </div>
      )}
    </DecisionDialog>
  );
}
