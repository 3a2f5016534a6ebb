// A pointer to tool calls waiting in conversations that are not on screen: which conversation, how many, and a way there.
import { type ReactNode, useMemo } from 'react';
import { useT } from '../../i18n';
import {
  actions,
  useChats,
  useConsentQueue,
  useOpenChat,
  useSection,
  useSettingsTab,
  waitingElsewhere,
} from '../../store';
import { nameList } from './FlowNotes';
import './pending.css';

/** Renders nothing unless a call waits in a conversation the person is not looking at. */
export function PendingElsewhere(): ReactNode {
  const t = useT();
  const queue = useConsentQueue();
  const open = useOpenChat();
  const section = useSection();
  const settings = useSettingsTab();
  const chats = useChats();
  const visible = section === 'chat' && settings === null ? open : null;
  const groups = useMemo(() => waitingElsewhere(queue, visible), [queue, visible]);
  if (groups.length === 0) return null;
  return (
    <section className="pending-elsewhere" aria-label={t('consent.elsewhere.label')}>
      {groups.map(({ conversationId, requests }) => {
        const title =
          chats.find((chat) => chat.id === conversationId)?.title ??
          t('consent.elsewhere.anotherConversation');
        const tools = nameList(t, [...new Set(requests.map((request) => request.tool.name))]);
        return (
          <p key={conversationId} className="pending-elsewhere-row">
            <span>{t('consent.elsewhere.waiting', { count: requests.length, tools, title })}</span>
            <button
              type="button"
              className="small primary"
              onClick={() => actions.chatOpened(conversationId)}
            >
              {t('consent.elsewhere.open', { title })}
            </button>
          </p>
        );
      })}
    </section>
  );
}
