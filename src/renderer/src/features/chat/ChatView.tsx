// The Chat section's main area: the open conversation (messages and composer) or a way to start one.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import {
  useChatLoaded,
  useChatSummary,
  useChats,
  useChatsError,
  useChatsLoaded,
  useMessageIds,
  useOpenChat,
  useTurnRunning,
} from '../../store';
import { Composer } from './Composer';
import { ConversationServers } from './ConversationServers';
import { ConversationTools } from './ConversationTools';
import { ExposureLine } from './ExposureLine';
import { MessageList } from './MessageList';
import { useConversationLoader, useNewConversation } from './useConversation';
import './chat.css';

function StartConversation({ hasAny }: { hasAny: boolean }): ReactNode {
  const t = useT();
  const { create, pending, error } = useNewConversation();
  return (
    <div className="chat-start">
      <h1>{hasAny ? t('chat.start.titleAny') : t('chat.start.titleNone')}</h1>
      <p className="muted">{t('chat.start.lead')}</p>
      <button type="button" className="primary big-button" disabled={pending} onClick={() => void create()}>
        {t('chat.newConversation')}
      </button>
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Says politely when a reply starts and ends; the log itself stays quiet while text streams. */
function TurnStatus({ id }: { id: string }): ReactNode {
  const t = useT();
  const running = useTurnRunning(id);
  const ran = useRef(false);
  const [words, setWords] = useState<'answering' | 'complete' | null>(null);
  useEffect(() => {
    if (running) setWords('answering');
    else if (ran.current) setWords('complete');
    ran.current = running || ran.current;
  }, [running]);
  return (
    <p className="visually-hidden" role="status">
      {words === 'answering'
        ? t('chat.status.answering')
        : words === 'complete'
          ? t('chat.status.complete')
          : ''}
    </p>
  );
}

function ConversationView({ id }: { id: string }): ReactNode {
  const summary = useChatSummary(id);
  const loaded = useChatLoaded(id);
  const count = useMessageIds(id).length;
  const { error, retry } = useConversationLoader(id);
  const t = useT();
  const title = summary?.title ?? t('chat.view.untitled');

  let body: ReactNode;
  if (error && !loaded) {
    body = (
      <div className="chat-problem" role="alert">
        <p>{t('chat.view.openFailed', { error })}</p>
        <button type="button" onClick={retry}>
          {t('chat.tryAgain')}
        </button>
      </div>
    );
  } else if (!loaded) {
    body = <p className="chat-loading muted">{t('chat.view.loading')}</p>;
  } else if (count === 0) {
    body = (
      <div className="chat-welcome">
        <p className="chat-welcome-line">{t('chat.welcome.title')}</p>
        <p className="muted">{t('chat.welcome.lead')}</p>
      </div>
    );
  } else {
    body = <MessageList conversationId={id} />;
  }

  return (
    <section className="chat-view" aria-label={title}>
      <header className="chat-header">
        <div className="chat-heading">
          <h1 className="chat-title" title={title}>
            {title}
          </h1>
          {loaded ? <ConversationServers id={id} /> : null}
        </div>
        {loaded ? <ConversationTools id={id} hasMessages={count > 0} /> : null}
      </header>
      <ExposureLine id={id} />
      {body}
      <TurnStatus id={id} />
      <Composer id={id} />
    </section>
  );
}

/** What the main area shows in the Chat section. */
export function ChatView(): ReactNode {
  const id = useOpenChat();
  const chats = useChats();
  const loaded = useChatsLoaded();
  const error = useChatsError();
  const t = useT();
  if (error && !loaded) {
    return (
      <div className="chat-start">
        <p className="inline-error" role="alert">
          {t('chat.list.loadFailed', { error })}
        </p>
      </div>
    );
  }
  if (!loaded) return <p className="chat-loading muted">{t('chat.list.loading')}</p>;
  if (id === null) return <StartConversation hasAny={chats.length > 0} />;
  return <ConversationView key={id} id={id} />;
}
