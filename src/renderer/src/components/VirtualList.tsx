// A fixed-row-height virtual list: renders only visible rows, can follow the tail of a growing list.
import { type Key, type ReactNode, type UIEvent, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import './VirtualList.css';

/** Props of `VirtualList`. `shift`: rows dropped from the front since the last render (keeps the view steady). */
export type VirtualListProps = {
  count: number;
  rowHeight: number;
  renderRow: (index: number) => ReactNode;
  rowKey?: (index: number) => Key;
  ariaLabel: string;
  /** Stick to the bottom while the person has not scrolled up. */
  followTail?: boolean;
  shift?: number;
  overscan?: number;
};

/** Renders `count` rows of `rowHeight` px, mounting only the visible ones. */
export function VirtualList({
  count,
  rowHeight,
  renderRow,
  rowKey,
  ariaLabel,
  followTail = false,
  shift = 0,
  overscan = 8,
}: VirtualListProps) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(0);
  const [atBottom, setAtBottom] = useState(true);
  const atBottomRef = useRef(true);
  const firstKey = count > 0 && rowKey ? rowKey(0) : undefined;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setHeight(el.clientHeight);
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows change, reads the DOM
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (followTail && atBottomRef.current) {
      el.scrollTop = el.scrollHeight;
    } else if (shift > 0) {
      el.scrollTop = Math.max(0, el.scrollTop - shift * rowHeight);
    }
    setScrollTop(el.scrollTop);
  }, [count, shift, firstKey, followTail, rowHeight]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    const bottom = el.scrollTop + el.clientHeight >= el.scrollHeight - rowHeight / 2;
    atBottomRef.current = bottom;
    setAtBottom(bottom);
    setScrollTop(el.scrollTop);
  };

  const jumpToLatest = () => {
    const el = ref.current;
    if (!el) return;
    atBottomRef.current = true;
    setAtBottom(true);
    el.scrollTop = el.scrollHeight;
  };

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  const rows: ReactNode[] = [];
  for (let index = first; index < last; index += 1) {
    rows.push(
      <li
        key={rowKey ? rowKey(index) : index}
        className="vlist-row"
        style={{ top: index * rowHeight, height: rowHeight }}
      >
        {renderRow(index)}
      </li>,
    );
  }

  return (
    <div className="vlist-frame">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must be reachable by keyboard */}
      <div ref={ref} className="vlist-scroll" tabIndex={0} onScroll={onScroll}>
        <ul className="vlist-spacer" aria-label={ariaLabel} style={{ height: count * rowHeight }}>
          {rows}
        </ul>
      </div>
      {followTail && !atBottom && count > 0 ? (
        <button type="button" className="vlist-jump" onClick={jumpToLatest}>
          {t('common.list.jumpToLatest')}
        </button>
      ) : null}
    </div>
  );
}

/** Rows dropped from the front of a seq-ordered list since the previous render (for `shift`). */
export function useFrontDrops(items: readonly { seq: number }[]): number {
  const previous = useRef<{ count: number; lastSeq: number } | null>(null);
  const p = previous.current;
  let shift = 0;
  if (p) {
    let low = 0;
    let high = items.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((items[mid]?.seq ?? Number.POSITIVE_INFINITY) <= p.lastSeq) low = mid + 1;
      else high = mid;
    }
    shift = Math.max(0, p.count - low);
  }
  useLayoutEffect(() => {
    const last = items[items.length - 1];
    previous.current = last ? { count: items.length, lastSeq: last.seq } : null;
  }, [items]);
  return shift;
}
