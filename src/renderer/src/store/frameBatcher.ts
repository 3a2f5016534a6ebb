// Collects high-churn entries per server and hands them over once per animation frame.
import { nextFrame } from './textDeltaQueue';

/** Queues entries per key; `flush` gets everything queued since the last frame. */
export type FrameBatcher<T> = {
  push(key: string, entries: readonly T[]): void;
  drop(key: string): void;
};

/**
 * Keeps at most `cap` queued entries per key, so a hidden window cannot grow without bound;
 * `schedule` runs the flush at the next frame.
 */
export function createFrameBatcher<T>(
  cap: number,
  flush: (batch: ReadonlyMap<string, T[]>) => void,
  schedule: (run: () => void) => void = nextFrame,
): FrameBatcher<T> {
  let queued = new Map<string, T[]>();
  let scheduled = false;

  const run = () => {
    scheduled = false;
    const batch = queued;
    queued = new Map();
    if (batch.size > 0) flush(batch);
  };

  return {
    push(key, entries) {
      if (entries.length === 0) return;
      const list = queued.get(key) ?? [];
      list.push(...entries);
      if (list.length > cap) list.splice(0, list.length - cap);
      queued.set(key, list);
      if (!scheduled) {
        scheduled = true;
        schedule(run);
      }
    },
    drop(key) {
      queued.delete(key);
    },
  };
}
