// Attach to chat: the resource's read contents go with the open conversation's next message (a new one if none is open).
import { useCallback } from 'react';
import type { ContextItem } from '../../../../shared/resources';
import { useCommand } from '../../components/useCommand';
import { actions, useOpenChat } from '../../store';

/** `attach(item)` adds it to the open conversation (creating one first if none is open) and shows Chat. */
export function useAttachToChat() {
  const openChat = useOpenChat();
  const { run, pending, error } = useCommand();
  const attach = useCallback(
    async (item: ContextItem) => {
      if (openChat !== null) {
        actions.contextAdded(openChat, item);
        actions.chatOpened(openChat);
        return;
      }
      const outcome = await run((host) => host.invoke('chat.create', {}));
      if (!outcome.ok) return;
      actions.chatOpened(outcome.value.id);
      actions.conversationLoaded(outcome.value);
      actions.contextAdded(outcome.value.id, item);
    },
    [openChat, run],
  );
  return { attach, pending, error };
}
