// The conversation's messages, virtualised with dynamic heights; follows the end while the person has not scrolled up.
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useT } from '../../i18n';
import { useMessage, useMessageIds, useRevealRequest } from '../../store';
import { MessageRow } from './MessageRow';
import './messages.css';

const END_SLACK = 40;

/** `role="log"` named "Messages"; live announcements come from the view's status line instead. */
export function MessageList({ conversationId }: { conversationId: string }): ReactNode {
  const t = useT();
  const ids = useMessageIds(conversationId);
  const scrollRef = useRef<HTMLDivElement>(null);
  const getItemKey = useCallback((index: number) => ids[index] ?? index, [ids]);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 140,
    getItemKey,
    overscan: 4,
    paddingStart: 20,
    paddingEnd: 28,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: END_SLACK,
  });

  // Open at the latest message.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || ids.length === 0) return;
    opened.current = true;
    virtualizer.scrollToEnd();
  }, [ids.length, virtualizer]);

  // The person's own new message brings them to the end, wherever they were.
  const lastId = ids.at(-1) ?? '';
  const last = useMessage(conversationId, lastId);
  const lastIsUser = last?.role === 'user';
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new last message
  useEffect(() => {
    if (lastIsUser) virtualizer.scrollToEnd();
  }, [lastId, lastIsUser, virtualizer]);

  // The person asked to see one message (from the exposure line).
  const reveal = useRevealRequest();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each request only
  useEffect(() => {
    if (reveal?.conversationId !== conversationId) return;
    const index = ids.indexOf(reveal.messageId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'start' });
  }, [reveal]);

  const atEnd = virtualizer.getDistanceFromEnd() <= END_SLACK;
  return (
    <div className="msg-frame">
      <div
        ref={scrollRef}
        className="msg-scroll"
        role="log"
        aria-label={t('chat.messages.label')}
        aria-live="off"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must be reachable by keyboard
        tabIndex={0}
      >
        <div className="msg-space" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="msg-row"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <MessageRow conversationId={conversationId} messageId={ids[item.index] ?? ''} />
            </div>
          ))}
        </div>
      </div>
      {!atEnd && ids.length > 0 ? (
        <button type="button" className="jump-latest" onClick={() => virtualizer.scrollToEnd()}>
          {t('chat.messages.jumpLatest')}
        </button>
      ) : null}
    </div>
  );
}
