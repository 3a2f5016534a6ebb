// A message written while the model answers waits here and is sent when the reply ends well; otherwise it comes back.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContextItem } from '../../../../shared/resources';
import { useLastMessageId, useMessage } from '../../store';

/** The text and attachments of a message waiting for the reply to end. */
export type QueuedMessage = { text: string; context: ContextItem[] };

/**
 * `queue(message)` holds one message while `running`. When the reply ends: a finished reply sends
 * it (`send`); a stopped or failed one hands it back (`restore`) with a note, so nothing goes out
 * after a reply the person stopped or that failed.
 */
export function useQueuedMessage(
  conversationId: string,
  running: boolean,
  send: (message: QueuedMessage) => void,
  restore: (message: QueuedMessage) => void,
) {
  const [queued, setQueued] = useState<QueuedMessage | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const lastId = useLastMessageId(conversationId) ?? '';
  const last = useMessage(conversationId, lastId);
  const status = last?.role === 'assistant' ? last.status : undefined;
  const handlers = useRef({ send, restore });
  handlers.current = { send, restore };

  useEffect(() => {
    if (running || !queued) return;
    setQueued(null);
    if (status === 'done') {
      handlers.current.send(queued);
      return;
    }
    handlers.current.restore(queued);
    setNote(
      status === 'stopped'
        ? 'The reply was stopped, so your next message was not sent. It is back in the box.'
        : 'The reply failed, so your next message was not sent. It is back in the box.',
    );
  }, [running, queued, status]);

  const queue = useCallback((message: QueuedMessage) => {
    setNote(null);
    setQueued(message);
  }, []);
  const cancel = useCallback(() => {
    setQueued((current) => {
      if (current) handlers.current.restore(current);
      return null;
    });
  }, []);
  const clearNote = useCallback(() => setNote(null), []);
  return { queued, queue, cancel, note, clearNote };
}
