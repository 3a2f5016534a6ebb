// The Chat section's main area: the open conversation (messages and composer) or a way to start one.
import { type ReactNode, useEffect, useRef, useState } from 'react';
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
  const { create, pending, error } = useNewConversation();
  return (
    <div className="chat-start">
      <h1>
        {hasAny ? 'Pick a conversation, or start a new one' : 'Talk to a model that can use your servers'}
      </h1>
      <p className="muted">
        The model can use the tools of your running servers. It asks you before every call.
      </p>
      <button type="button" className="primary big-button" disabled={pending} onClick={() => void create()}>
        New conversation
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
  const running = useTurnRunning(id);
  const ran = useRef(false);
  const [words, setWords] = useState('');
  useEffect(() => {
    if (running) setWords('The model is answering.');
    else if (ran.current) setWords('The reply is complete.');
    ran.current = running || ran.current;
  }, [running]);
  return (
    <p className="visually-hidden" role="status">
      {words}
    </p>
  );
}

function ConversationView({ id }: { id: string }): ReactNode {
  const summary = useChatSummary(id);
  const loaded = useChatLoaded(id);
  const count = useMessageIds(id).length;
  const { error, retry } = useConversationLoader(id);
  const title = summary?.title ?? 'Conversation';

  let body: ReactNode;
  if (error && !loaded) {
    body = (
      <div className="chat-problem" role="alert">
        <p>Could not open this conversation: {error}</p>
        <button type="button" onClick={retry}>
          Try again
        </button>
      </div>
    );
  } else if (!loaded) {
    body = <p className="chat-loading muted">Loading the conversation…</p>;
  } else if (count === 0) {
    body = (
      <div className="chat-welcome">
        <p className="chat-welcome-line">What can I help with?</p>
        <p className="muted">
          Ask anything. The model can use your running servers' tools, and asks you first.
        </p>
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
  if (error && !loaded) {
    return (
      <div className="chat-start">
        <p className="inline-error" role="alert">
          Could not load your conversations: {error}
        </p>
      </div>
    );
  }
  if (!loaded) return <p className="chat-loading muted">Loading conversations…</p>;
  if (id === null) return <StartConversation hasAny={chats.length > 0} />;
  return <ConversationView key={id} id={id} />;
}
