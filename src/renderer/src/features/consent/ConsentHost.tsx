// Where waiting tool calls are decided outside their cards: the dialog for app views' calls, and a pointer to other conversations.
import type { ReactNode } from 'react';
import { QueuedDecision } from '../../components/DecisionDialog';
import { useT } from '../../i18n';
import { actions, useConsentCount, useConsentHead, useConsentNotice } from '../../store';
import { ConsentRequestView } from './ConsentRequestView';
import { PendingElsewhere } from './PendingElsewhere';
import './consent.css';

/**
 * Mount once in the app. A call the model makes is decided in its card in the conversation; this
 * shows the dialog for calls that have no card (an app view's own calls, in a conversation or in the
 * Tools tab), and a pointer when calls wait in a conversation that is not on screen.
 */
export function ConsentHost(): ReactNode {
  const t = useT();
  return (
    <>
      <PendingElsewhere />
      <QueuedDecision
        head={useConsentHead()}
        count={useConsentCount()}
        notice={useConsentNotice()}
        clearNotice={actions.consentNoticeCleared}
        title={() => t('consent.dialog.title')}
        className="consent-dialog"
        render={(request, summaryId) => (
          <ConsentRequestView key={request.id} request={request} summaryId={summaryId} />
        )}
      />
    </>
  );
}
