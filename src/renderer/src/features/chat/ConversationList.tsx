// The Chat section of the sidebar: New conversation, search inside conversations, and each one with Rename and Delete.
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { ConversationHit, ConversationSummary } from '../../../../shared/chat';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { InlineRename } from '../../components/InlineRename';
import { useCommand } from '../../components/useCommand';
import { useFormat, useT } from '../../i18n';
import {
  actions,
  useChats,
  useChatsError,
  useChatsLoaded,
  useOpenChat,
  useSearchRequests,
  useTurnRunning,
} from '../../store';
import { conversationClosing } from '../apps/viewLifecycle';
import { filterChats, shortDate } from './conversationList';
import { PencilIcon, PlusIcon, TrashIcon } from './icons';
import { useNewConversation } from './useConversation';
import { useConversationSearch } from './useConversationSearch';

/** The last search request the list has acted on: a request is followed once, not each time the list mounts. */
let searchRequestsSeen = 0;

/** The passage of a message that matched, with the matching word marked. */
function Snippet({ snippet }: { snippet: NonNullable<ConversationHit['snippet']> }): ReactNode {
  const t = useT();
  const [start, end] = snippet.match ?? [0, 0];
  return (
    <span className="chat-item-snippet">
      <span className="visually-hidden">
        {snippet.role === 'user' ? t('chat.list.you') : t('chat.list.reply')}
      </span>
      {snippet.text.slice(0, start)}
      {end > start ? <mark>{snippet.text.slice(start, end)}</mark> : null}
      {snippet.text.slice(end)}
    </span>
  );
}

function ChatItem({
  chat,
  current,
  onDelete,
}: {
  chat: ConversationHit;
  current: boolean;
  onDelete: () => void;
}): ReactNode {
  const t = useT();
  const f = useFormat();
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
          label={t('chat.list.titleLabel')}
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
        {running ? <span className="chat-item-busy" title={t('chat.list.answering')} /> : null}
        <span className="chat-item-date">{shortDate(chat.updatedAt, Date.now(), f)}</span>
        {chat.snippet ? <Snippet snippet={chat.snippet} /> : null}
      </button>
      <span className="chat-item-actions">
        <button
          type="button"
          className="icon-button"
          aria-label={t('chat.list.rename', { title: chat.title })}
          title={t('chat.list.renameTitle')}
          onClick={() => setEditing(true)}
        >
          <PencilIcon />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('chat.list.delete', { title: chat.title })}
          title={t('chat.list.deleteTitle')}
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
  const t = useT();
  const chats = useChats();
  const loaded = useChatsLoaded();
  const loadError = useChatsError();
  const open = useOpenChat();
  const [query, setQuery] = useState('');
  const search = useConversationSearch(query, chats);
  const quick = useMemo(() => filterChats(chats, query), [chats, query]);
  // Titles match at once; the host's answer (inside messages too) replaces them when it comes.
  const shown: ConversationHit[] = search.hits ?? quick;
  const searchBox = useRef<HTMLInputElement>(null);
  const searchRequests = useSearchRequests();
  useEffect(() => {
    if (searchRequests <= searchRequestsSeen) return;
    searchRequestsSeen = searchRequests;
    searchBox.current?.focus();
  }, [searchRequests]);
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
    note = (
      <p className="inline-error chat-nav-note">{t('chat.list.loadFailedShort', { error: loadError })}</p>
    );
  else if (!loaded) note = <p className="muted chat-nav-note">{t('chat.list.loading')}</p>;
  else if (chats.length === 0) note = <p className="muted chat-nav-note">{t('chat.list.empty')}</p>;
  else if (shown.length === 0)
    note = <p className="muted chat-nav-note">{t('chat.list.noMatch', { query })}</p>;

  return (
    <nav className="chat-nav" aria-label={t('chat.list.label')}>
      <div className="chat-nav-top">
        <button
          type="button"
          className="new-chat"
          disabled={created.pending}
          onClick={() => void created.create()}
        >
          <PlusIcon />
          {t('chat.newConversation')}
        </button>
        <input
          ref={searchBox}
          type="search"
          className="chat-search"
          aria-label={t('chat.list.search')}
          placeholder={t('chat.list.search')}
          title={t('chat.list.searchHint')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && query) {
              event.preventDefault();
              setQuery('');
            }
          }}
        />
      </div>
      {created.error || removal.error || search.error ? (
        <p className="inline-error chat-nav-note" role="alert">
          {created.error ?? removal.error ?? t('chat.list.searchFailed', { error: search.error ?? '' })}
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
          title={t('chat.list.deleteConfirmTitle')}
          message={t('chat.list.deleteConfirm', { title: deleting.title })}
          confirmLabel={t('chat.list.deleteTitle')}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </nav>
  );
}
