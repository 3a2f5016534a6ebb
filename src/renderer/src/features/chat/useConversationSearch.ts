// Searches inside conversations through the host's index as the person types (a short pause between keys).
import { useEffect, useState } from 'react';
import type { ConversationHit, ConversationSummary } from '../../../../shared/chat';
import { useHost } from '../../api';
import { describeError } from '../../components/format';

const PAUSE_MS = 120;

/** The host's hits for `query` (null before the first answer, and for an empty query); searches again when `chats` change. */
export function useConversationSearch(
  query: string,
  chats: readonly ConversationSummary[],
): { hits: ConversationHit[] | null; error: string | null } {
  const host = useHost();
  const [result, setResult] = useState<{ query: string; hits: ConversationHit[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const wanted = query.trim();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a changed list may change the hits
  useEffect(() => {
    if (wanted === '') {
      setResult(null);
      setError(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      host.invoke('chat.search', { query: wanted }).then(
        (hits) => {
          if (!live) return;
          setResult({ query: wanted, hits });
          setError(null);
        },
        (caught: unknown) => {
          if (live) setError(describeError(caught));
        },
      );
    }, PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [host, wanted, chats]);

  return { hits: wanted === '' ? null : (result?.hits ?? null), error };
}
