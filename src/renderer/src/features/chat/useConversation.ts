// Loads the open conversation with `chat.get` (again after every reconnect) and creates new ones.
import { useCallback, useEffect, useState } from 'react';
import { useHost } from '../../api';
import { describeError } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import { actions, useEpoch } from '../../store';

/** Fetches the conversation when it opens and on every reconnect; returns a load error and a retry. */
export function useConversationLoader(id: string): { error: string | null; retry: () => void } {
  const host = useHost();
  const epoch = useEpoch();
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `epoch` and `attempt` are triggers
  useEffect(() => {
    let live = true;
    setError(null);
    host.invoke('chat.get', { id }).then(
      (conversation) => {
        if (live) actions.conversationLoaded(conversation);
      },
      (caught: unknown) => {
        if (live) setError(describeError(caught));
      },
    );
    return () => {
      live = false;
    };
  }, [host, id, epoch, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { error, retry };
}

/** Creates a conversation (with the default model) and opens it. */
export function useNewConversation() {
  const { run, pending, error } = useCommand();
  const create = useCallback(async () => {
    actions.chatStartRequested();
    const outcome = await run((host) => host.invoke('chat.create', {}));
    if (!outcome.ok) return actions.chatStartFailed();
    actions.chatOpened(outcome.value.id);
    actions.conversationLoaded(outcome.value);
  }, [run]);
  return { create, pending, error };
}
