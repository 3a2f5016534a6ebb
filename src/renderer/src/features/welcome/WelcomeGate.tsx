// The Chat section's main area on a first run: the welcome instead of the chat, then a /review-file hint.
import type { ReactNode } from 'react';
import { useChats, useChatsLoaded, useOpenChat, useServerNames } from '../../store';
import { WelcomeView } from './WelcomeView';
import { shouldShowWelcome } from './welcome';
import { showReviewHint, useReviewHintFor, useWelcomeDismissed } from './welcomeState';
import './welcome.css';

function ReviewHint(): ReactNode {
  return (
    <div className="review-hint" role="note">
      <span>
        Type <code>/review-file</code> in the message box below and press Enter.
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label="Hide this hint"
        onClick={() => showReviewHint(null)}
      >
        ×
      </button>
    </div>
  );
}

/** Shows the welcome on a first run, else `children` (the chat). */
export function WelcomeGate({ children }: { children: ReactNode }): ReactNode {
  const chatsLoaded = useChatsLoaded();
  const chatCount = useChats().length;
  const servers = useServerNames();
  const dismissed = useWelcomeDismissed();
  const hintFor = useReviewHintFor();
  const open = useOpenChat();
  if (shouldShowWelcome({ chatsLoaded, chatCount, servers, dismissed })) return <WelcomeView />;
  return (
    <>
      {hintFor !== null && hintFor === open ? <ReviewHint /> : null}
      {children}
    </>
  );
}
