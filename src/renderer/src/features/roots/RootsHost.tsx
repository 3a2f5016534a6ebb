// Mount once: the "Share these folders?" question (one server's, or one for all asking), its notices, and the folder browser.
import { type ReactNode, useState } from 'react';
import { QueuedDecision } from '../../components/DecisionDialog';
import { useT } from '../../i18n';
import { actions, useFolderBrowserOpen, useRootsNotice, useRootsQueue } from '../../store';
import { FolderBrowser } from './FolderBrowser';
import { RootsBatchView } from './RootsBatchView';
import { RootsConfirmationView } from './RootsConfirmationView';
import { shareManyTitle, shareTitle } from './sharing';
import './roots.css';
import '../consent/consent.css';

/** Renders nothing while no question waits and the folder browser is closed. */
export function RootsHost(): ReactNode {
  const t = useT();
  const browsing = useFolderBrowserOpen();
  const queue = useRootsQueue();
  // Several servers asking at once get one question with a checkbox each, kept until all are answered.
  const [batch, setBatch] = useState(false);
  if (queue.length > 1 && !batch) setBatch(true);
  if (queue.length === 0 && batch) setBatch(false);
  const many = queue.length > 1 || (batch && queue.length > 0);
  return (
    <>
      {browsing ? <FolderBrowser /> : null}
      <QueuedDecision
        head={queue[0]}
        count={many ? 1 : queue.length}
        notice={useRootsNotice()}
        clearNotice={actions.rootsNoticeCleared}
        title={(item) =>
          item ? (many ? shareManyTitle() : shareTitle(item.server)) : t('roots.share.fallbackTitle')
        }
        className="consent-dialog"
        render={(item, summaryId) =>
          many ? (
            <RootsBatchView items={queue} summaryId={summaryId} />
          ) : (
            <RootsConfirmationView key={item.id} item={item} summaryId={summaryId} />
          )
        }
      />
    </>
  );
}
