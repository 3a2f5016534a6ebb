// Shows the oldest waiting tool call in the consent dialog, and briefly says so when one goes away unanswered.
import type { ReactNode } from 'react';
import { QueuedDecision } from '../../components/DecisionDialog';
import { actions, useConsentCount, useConsentHead, useConsentNotice } from '../../store';
import { ConsentRequestView } from './ConsentRequestView';
import './consent.css';

/** Mount once in the app: it renders nothing while no tool call waits for the person. */
export function ConsentHost(): ReactNode {
  return (
    <QueuedDecision
      head={useConsentHead()}
      count={useConsentCount()}
      notice={useConsentNotice()}
      clearNotice={actions.consentNoticeCleared}
      title={() => 'Allow tool call?'}
      className="consent-dialog"
      render={(request, summaryId) => (
        <ConsentRequestView key={request.id} request={request} summaryId={summaryId} />
      )}
    />
  );
}
