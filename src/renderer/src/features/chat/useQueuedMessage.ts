// A message written while the model answers waits here and is sent when the reply ends well; otherwise it comes back.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContextItem } from '../../../../shared/resources';
import { useT } from '../../i18n';
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
  const t = useT();
  /** Why the last waiting message came back, until the person sends again. */
  const [back, setBack] = useState<'stopped' | 'failed' | null>(null);
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
    setBack(status === 'stopped' ? 'stopped' : 'failed');
  }, [running, queued, status]);

  const queue = useCallback((message: QueuedMessage) => {
    setBack(null);
    setQueued(message);
  }, []);
  const cancel = useCallback(() => {
    setQueued((current) => {
      if (current) handlers.current.restore(current);
      return null;
    });
  }, []);
  const clearNote = useCallback(() => setBack(null), []);
  const note =
    back === 'stopped'
      ? t('chat.composer.queuedStopped')
      : back === 'failed'
        ? t('chat.composer.queuedFailed')
        : null;
  return { queued, queue, cancel, note, clearNote };
}
