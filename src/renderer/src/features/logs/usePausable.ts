// Freezes a live stream on request so a person can read and click rows during a flood.
import { useCallback, useState } from 'react';

/** `shown` is the live list, or the snapshot taken when paused; `missed` counts entries since then. */
export function usePausable<T extends { seq: number }>(live: T[]) {
  const [snapshot, setSnapshot] = useState<T[] | null>(null);
  const last = snapshot?.at(-1)?.seq ?? Number.NEGATIVE_INFINITY;
  const missed = snapshot === null ? 0 : live.filter((entry) => entry.seq > last).length;
  const toggle = useCallback(() => setSnapshot((current) => (current === null ? live : null)), [live]);
  return { shown: snapshot ?? live, paused: snapshot !== null, missed, toggle };
}
