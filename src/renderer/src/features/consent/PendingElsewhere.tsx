// A pointer to tool calls waiting in conversations that are not on screen: which conversation, how many, and a way there.
import { type ReactNode, useMemo } from 'react';
import {
  actions,
  useChats,
  useConsentQueue,
  useOpenChat,
  useSection,
  useSettingsTab,
  waitingElsewhere,
} from '../../store';
import { plural } from './LineDiffView';
import './pending.css';

/** Renders nothing unless a call waits in a conversation the person is not looking at. */
export function PendingElsewhere(): ReactNode {
  const queue = useConsentQueue();
  const open = useOpenChat();
  const section = useSection();
  const settings = useSettingsTab();
  const chats = useChats();
  const visible = section === 'chat' && settings === null ? open : null;
  const groups = useMemo(() => waitingElsewhere(queue, visible), [queue, visible]);
  if (groups.length === 0) return null;
  return (
    <section className="pending-elsewhere" aria-label="Tool calls waiting elsewhere">
      {groups.map(({ conversationId, requests }) => {
        const title = chats.find((chat) => chat.id === conversationId)?.title ?? 'another conversation';
        const tools = [...new Set(requests.map((request) => request.tool.name))].join(', ');
        return (
          <p key={conversationId} className="pending-elsewhere-row">
            <span>
              {requests.length === 1
                ? `A tool call (${tools}) waits for your decision in “${title}”.`
                : `${plural(requests.length, 'tool call')} (${tools}) wait for your decision in “${title}”.`}
            </span>
            <button
              type="button"
              className="small primary"
              onClick={() => actions.chatOpened(conversationId)}
            >
              Open “{title}”
            </button>
          </p>
        );
      })}
    </section>
  );
}
