// When a failed server is started again: a growing wait after each failure, and none after a run of them.
const DEFAULT_BACKOFF_MS = [1000, 2000, 4000, 8000, 16000, 30000];
const DEFAULT_MAX_FAILURES = 5;
/**
 * How long a server must stay up before its failures stop counting as one run. Longer than any
 * start-up work a server may finish in the background after answering initialize (the start-up
 * itself may take the 30 s init timeout), and as long as the longest wait between retries, so a
 * server that can never stay up is always given up on after `maxFailures` crashes.
 */
const DEFAULT_STABLE_AFTER_MS = 30_000;

export type RestartOptions = {
  /** Waits before automatic restarts; the last one repeats. */
  backoffMs?: number[];
  /** Automatic restarts stop after this many failures in a row. */
  maxFailures?: number;
  /** A run at least this long ends a run of failures; a crash sooner after starting counts as one. */
  stableAfterMs?: number;
};

export class RestartPolicy {
  private count = 0;
  private upSince: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly backoffMs: number[];
  private readonly maxFailures: number;
  private readonly stableAfterMs: number;

  constructor(options: RestartOptions = {}) {
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.maxFailures = options.maxFailures ?? DEFAULT_MAX_FAILURES;
    this.stableAfterMs = options.stableAfterMs ?? DEFAULT_STABLE_AFTER_MS;
  }

  /** Failures in a row so far. */
  get failures(): number {
    return this.count;
  }

  /** How many failures in a row end automatic restarts. */
  get limit(): number {
    return this.maxFailures;
  }

  /** The server answered initialize: its run starts now (the count goes on until the run proves stable). */
  started(now = Date.now()): void {
    this.upSince = now;
  }

  /** How long the current run has lasted, if the server had started; undefined for a failed start. */
  uptime(now = Date.now()): number | undefined {
    return this.upSince === undefined ? undefined : now - this.upSince;
  }

  /** Counts a failure; answers how long to wait before the next try, or undefined once it gives up. */
  failed(now = Date.now()): number | undefined {
    const uptime = this.uptime(now);
    this.upSince = undefined;
    if (uptime !== undefined && uptime >= this.stableAfterMs) this.count = 0;
    this.count += 1;
    if (this.count >= this.maxFailures) return undefined;
    return this.backoffMs[Math.min(this.count - 1, this.backoffMs.length - 1)] ?? 30_000;
  }

  /** True when a failure after `uptime` ms of running counts as a crash soon after starting. */
  isEarly(uptime: number | undefined): boolean {
    return uptime !== undefined && uptime < this.stableAfterMs;
  }

  /** No automatic restart can help (an entry this build cannot run). */
  giveUp(): void {
    this.count = this.maxFailures;
  }

  /** A fresh start: the count begins again and any planned retry is dropped. */
  reset(): void {
    this.cancel();
    this.count = 0;
    this.upSince = undefined;
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
