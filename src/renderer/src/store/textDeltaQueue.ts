// Streamed text, merged per target and handed over once per animation frame.

/** Runs `run` before the next paint (or soon, where there is no paint). */
export const nextFrame: (run: () => void) => void =
  typeof requestAnimationFrame === 'function'
    ? (run) => requestAnimationFrame(() => run())
    : (run) => setTimeout(run, 16);

/**
 * A scheduler that runs at most once per `intervalMs` (and then before a paint): a reply streaming at hundreds of
 * tokens a second re-renders a few times a second rather than on every frame.
 */
export function paced(
  intervalMs: number,
  schedule: (run: () => void) => void = nextFrame,
  now: () => number = () => performance.now(),
  wait: (run: () => void, ms: number) => void = (run, ms) => setTimeout(run, ms),
): (run: () => void) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (run) => {
    const go = () =>
      schedule(() => {
        last = now();
        run();
      });
    const remaining = last + intervalMs - now();
    if (remaining > 0) wait(go, remaining);
    else go();
  };
}

export type TextDeltaQueue<T extends { text: string }> = {
  push(delta: T): void;
  /** Forgets queued deltas that `match`. */
  drop(match: (delta: T) => boolean): void;
};

/** Consecutive deltas for the same target (`sameTarget`) are merged into one. */
export function createTextDeltaQueue<T extends { text: string }>(
  sameTarget: (a: T, b: T) => boolean,
  flush: (deltas: T[]) => void,
  schedule: (run: () => void) => void = nextFrame,
): TextDeltaQueue<T> {
  let queued: T[] = [];
  let scheduled = false;
  const run = () => {
    scheduled = false;
    const batch = queued;
    queued = [];
    if (batch.length > 0) flush(batch);
  };
  return {
    push(delta) {
      const last = queued.at(-1);
      if (last && sameTarget(last, delta))
        queued[queued.length - 1] = { ...last, text: last.text + delta.text };
      else queued.push(delta);
      if (!scheduled) {
        scheduled = true;
        schedule(run);
      }
    },
    drop(match) {
      queued = queued.filter((delta) => !match(delta));
    },
  };
}
