// The Chat section's main area on a first run: the welcome instead of the chat, then a /review-file hint until it is used.
import { type ReactNode, useEffect } from 'react';
import { Message, useT } from '../../i18n';
import { useChats, useChatsLoaded, useMessageIds, useOpenChat, useServerNames } from '../../store';
import { NoFoldersNotice } from './NoFoldersNotice';
import { WelcomeView } from './WelcomeView';
import { REVIEW_COMMAND, shouldShowWelcome } from './welcome';
import { showReviewHint, useReviewHintFor, useWelcomeDismissed } from './welcomeState';
import './welcome.css';

function ReviewHint(): ReactNode {
  const t = useT();
  return (
    <div className="review-hint" role="note">
      <div className="review-hint-text">
        <span>
          <Message
            id="welcome.hint.type"
            values={{ command: REVIEW_COMMAND, code: (chunks: ReactNode[]) => <code>{chunks}</code> }}
          />
        </span>
        <NoFoldersNotice what={t('welcome.hint.noFile')} />
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label={t('welcome.hint.hide')}
        onClick={() => showReviewHint(null)}
      >
        ×
      </button>
    </div>
  );
}

/** The hint goes once its conversation has a message: the person did what it says. */
function useHintDone(hintFor: string | null): void {
  const sent = useMessageIds(hintFor ?? '').length > 0;
  useEffect(() => {
    if (hintFor !== null && sent) showReviewHint(null);
  }, [hintFor, sent]);
}

/** Shows the welcome on a first run, else `children` (the chat). */
export function WelcomeGate({ children }: { children: ReactNode }): ReactNode {
  const chatsLoaded = useChatsLoaded();
  const chatCount = useChats().length;
  const servers = useServerNames();
  const dismissed = useWelcomeDismissed();
  const hintFor = useReviewHintFor();
  const open = useOpenChat();
  useHintDone(hintFor);
  if (shouldShowWelcome({ chatsLoaded, chatCount, servers, dismissed })) return <WelcomeView />;
  return (
    <>
      {hintFor !== null && hintFor === open ? <ReviewHint /> : null}
      {children}
    </>
  );
}
