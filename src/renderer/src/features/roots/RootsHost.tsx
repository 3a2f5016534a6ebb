// Mount once: the oldest "Share these folders with <server>?" question, its notices, and the folder browser.
import { type ReactNode, useEffect, useId } from 'react';
import { DecisionDialog } from '../../components/DecisionDialog';
import { actions, useFolderBrowserOpen, useRootsCount, useRootsHead, useRootsNotice } from '../../store';
import { NOTICE_MS } from '../consent/ConsentHost';
import { FolderBrowser } from './FolderBrowser';
import { RootsConfirmationView } from './RootsConfirmationView';
import { shareTitle } from './sharing';
import './roots.css';
import '../consent/consent.css';

function SharingQuestion(): ReactNode {
  const head = useRootsHead();
  const count = useRootsCount();
  const notice = useRootsNotice();
  const summaryId = useId();

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(actions.rootsNoticeCleared, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  if (!head && !notice) return null;
  const showing = notice ? null : head;
  return (
    <DecisionDialog
      className="consent-dialog"
      title={showing ? shareTitle(showing.server) : 'Folder sharing'}
      aside={showing && count > 1 ? `${count - 1} more waiting` : null}
      focusKey={notice ? `notice:${notice.id}` : `roots:${head?.id ?? ''}`}
      describedBy={showing ? summaryId : undefined}
      status={notice?.text ?? ''}
    >
      {showing ? (
        <RootsConfirmationView key={showing.id} item={showing} summaryId={summaryId} />
      ) : (
        <div className="dialog-body consent-body consent-between">
          <p className="muted">
            {head ? 'The next question follows in a moment.' : 'Nothing else is waiting.'}
          </p>
        </div>
      )}
    </DecisionDialog>
  );
}

/** Renders nothing while no question waits and the folder browser is closed. */
export function RootsHost(): ReactNode {
  const browsing = useFolderBrowserOpen();
  return (
    <>
      {browsing ? <FolderBrowser /> : null}
      <SharingQuestion />
    </>
  );
}
