// Injected clocks for tests: this process's time moved on past a moment, instead of waiting for it.
import { vi } from 'vitest';

/** Runs `work` with this process's `Date` `ms` ahead and still moving; timers keep real time. */
export async function withClockAhead<T>(ms: number, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  try {
    vi.setSystemTime(Date.now() + ms);
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

/**
 * Runs `work` on a clock that keeps real pace and that `work` can move on past a moment with
 * `vi.advanceTimersByTimeAsync`, firing every timer due by then (timeouts, retries, probes).
 */
export async function onMovableClock<T>(work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}
