// When a failed server is started again: a growing wait after each failure, and none after a run of them.
const DEFAULT_BACKOFF_MS = [1000, 2000, 4000, 8000, 16000, 30000];
const DEFAULT_MAX_FAILURES = 5;

export class RestartPolicy {
  private count = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly backoffMs: number[];
  private readonly maxFailures: number;

  constructor(options: { backoffMs?: number[]; maxFailures?: number } = {}) {
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.maxFailures = options.maxFailures ?? DEFAULT_MAX_FAILURES;
  }

  /** Failures in a row so far. */
  get failures(): number {
    return this.count;
  }

  /** Counts a failure; answers how long to wait before the next try, or undefined once it gives up. */
  failed(): number | undefined {
    this.count += 1;
    if (this.count >= this.maxFailures) return undefined;
    return this.backoffMs[Math.min(this.count - 1, this.backoffMs.length - 1)] ?? 30_000;
  }

  /** No automatic restart can help (an entry this build cannot run). */
  giveUp(): void {
    this.count = this.maxFailures;
  }

  /** A fresh start: the count begins again and any planned retry is dropped. */
  reset(): void {
    this.cancel();
    this.count = 0;
  }

  schedule(retry: () => void, delayMs: number): void {
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      retry();
    }, delayMs);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
