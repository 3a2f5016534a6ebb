// The Chat section of the sidebar: New conversation, search by title, and each conversation with Rename and Delete.
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { ConversationSummary } from '../../../../shared/chat';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { InlineRename } from '../../components/InlineRename';
import { useCommand } from '../../components/useCommand';
import { actions, useChats, useChatsError, useChatsLoaded, useOpenChat, useTurnRunning } from '../../store';
import { conversationClosing } from '../apps/viewLifecycle';
import { filterChats, shortDate } from './conversationList';
import { PencilIcon, PlusIcon, TrashIcon } from './icons';
import { useNewConversation } from './useConversation';

function ChatItem({
  chat,
  current,
  onDelete,
}: {
  chat: ConversationSummary;
  current: boolean;
  onDelete: () => void;
}): ReactNode {
  const [editing, setEditing] = useState(false);
  const running = useTurnRunning(chat.id);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (wasEditing.current && !editing) openRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) {
    return (
      <li className="chat-item editing">
        <InlineRename
          value={chat.title}
          label="Conversation title"
          className="chat-rename"
          rename={(host, title) => host.invoke('chat.rename', { id: chat.id, title })}
          onDone={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className={current ? 'chat-item current' : 'chat-item'}>
      <button
        ref={openRef}
        type="button"
        className="chat-item-open"
        aria-label={chat.title}
        aria-current={current ? 'page' : undefined}
        onClick={() => actions.chatOpened(chat.id)}
      >
        <span className="chat-item-title">{chat.title}</span>
        {running ? <span className="chat-item-busy" title="Answering" /> : null}
        <span className="chat-item-date">{shortDate(chat.updatedAt)}</span>
      </button>
      <span className="chat-item-actions">
        <button
          type="button"
          className="icon-button"
          aria-label={`Rename ${chat.title}`}
          title="Rename"
          onClick={() => setEditing(true)}
        >
          <PencilIcon />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={`Delete ${chat.title}`}
          title="Delete"
          onClick={onDelete}
        >
          <TrashIcon />
        </button>
      </span>
    </li>
  );
}

/** The conversation list of the sidebar. */
export function ConversationList(): ReactNode {
  const chats = useChats();
  const loaded = useChatsLoaded();
  const loadError = useChatsError();
  const open = useOpenChat();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterChats(chats, query), [chats, query]);
  const created = useNewConversation();
  const removal = useCommand();
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);

  const confirmDelete = async () => {
    const chat = deleting;
    setDeleting(null);
    if (!chat) return;
    conversationClosing(chat.id, 'conversation deleted');
    await removal.run((host) => host.invoke('chat.delete', { id: chat.id }));
  };

  let note: ReactNode = null;
  if (loadError)
    note = <p className="inline-error chat-nav-note">Could not load conversations: {loadError}</p>;
  else if (!loaded) note = <p className="muted chat-nav-note">Loading conversations…</p>;
  else if (chats.length === 0) note = <p className="muted chat-nav-note">No conversations yet.</p>;
  else if (shown.length === 0)
    note = <p className="muted chat-nav-note">No conversation matches “{query}”.</p>;

  return (
    <nav className="chat-nav" aria-label="Conversations">
      <div className="chat-nav-top">
        <button
          type="button"
          className="new-chat"
          disabled={created.pending}
          onClick={() => void created.create()}
        >
          <PlusIcon />
          New conversation
        </button>
        <input
          type="search"
          className="chat-search"
          aria-label="Search conversations"
          placeholder="Search conversations"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {created.error || removal.error ? (
        <p className="inline-error chat-nav-note" role="alert">
          {created.error ?? removal.error}
        </p>
      ) : null}
      {note}
      <ul className="chat-list">
        {shown.map((chat) => (
          <ChatItem key={chat.id} chat={chat} current={chat.id === open} onDelete={() => setDeleting(chat)} />
        ))}
      </ul>
      {deleting ? (
        <ConfirmDialog
          title="Delete conversation?"
          message={`“${deleting.title}” and all its messages will be deleted. This cannot be undone.`}
          confirmLabel="Delete"
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </nav>
  );
}
