// Mount once: the oldest "Share these folders with <server>?" question, its notices, and the folder browser.
import type { ReactNode } from 'react';
import { QueuedDecision } from '../../components/DecisionDialog';
import { actions, useFolderBrowserOpen, useRootsCount, useRootsHead, useRootsNotice } from '../../store';
import { FolderBrowser } from './FolderBrowser';
import { RootsConfirmationView } from './RootsConfirmationView';
import { shareTitle } from './sharing';
import './roots.css';
import '../consent/consent.css';

/** Renders nothing while no question waits and the folder browser is closed. */
export function RootsHost(): ReactNode {
  const browsing = useFolderBrowserOpen();
  return (
    <>
      {browsing ? <FolderBrowser /> : null}
      <QueuedDecision
        head={useRootsHead()}
        count={useRootsCount()}
        notice={useRootsNotice()}
        clearNotice={actions.rootsNoticeCleared}
        title={(item) => (item ? shareTitle(item.server) : 'Folder sharing')}
        className="consent-dialog"
        render={(item, summaryId) => (
          <RootsConfirmationView key={item.id} item={item} summaryId={summaryId} />
        )}
      />
    </>
  );
}
