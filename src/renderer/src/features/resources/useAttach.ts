// Attach to chat: the resource's read contents go with the open conversation's next message (a new one if none is open).
import { useCallback } from 'react';
import type { ContextItem, ResourceContentsView } from '../../../../shared/resources';
import { useCommand } from '../../components/useCommand';
import { actions, useOpenChat } from '../../store';

/** The context item for a read resource, with only the fields the contract allows. */
export function resourceItem(
  server: string,
  uri: string,
  name: string | undefined,
  contents: readonly ResourceContentsView[],
): ContextItem {
  const clean = contents.map(({ uri: contentUri, mimeType, text, blob }) => ({
    uri: contentUri,
    ...(mimeType !== undefined ? { mimeType } : {}),
    ...(text !== undefined ? { text } : {}),
    ...(blob !== undefined ? { blob } : {}),
  }));
  return { kind: 'resource', server, uri, ...(name ? { name } : {}), contents: clean };
}

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
