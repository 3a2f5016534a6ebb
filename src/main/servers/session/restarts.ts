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

/** The restart options with every default filled in. */
export type RestartPolicy = Readonly<Required<RestartOptions>>;

export function restartPolicy(options: RestartOptions = {}): RestartPolicy {
  return {
    backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
    maxFailures: options.maxFailures ?? DEFAULT_MAX_FAILURES,
    stableAfterMs: options.stableAfterMs ?? DEFAULT_STABLE_AFTER_MS,
  };
}

/** What one more failure makes of a run of them. */
export type FailureCount = {
  /** Failures in a row, this one included. */
  failures: number;
  /** How long to wait before the next try; undefined once automatic restarts give up. */
  delayMs?: number;
  /** True when the server had started and failed too soon for its run to count as stable. */
  early: boolean;
};

/**
 * Counts a failure after `failures` in a row; `uptime` is how long the server had been running, or
 * undefined for a failed start. A run that lasted `stableAfterMs` ends the run of failures before it.
 */
export function afterFailure(
  policy: RestartPolicy,
  failures: number,
  uptime: number | undefined,
): FailureCount {
  const stable = uptime !== undefined && uptime >= policy.stableAfterMs;
  const count = (stable ? 0 : failures) + 1;
  const early = uptime !== undefined && !stable;
  if (count >= policy.maxFailures) return { failures: count, early };
  const delayMs = policy.backoffMs[Math.min(count - 1, policy.backoffMs.length - 1)] ?? 30_000;
  return { failures: count, delayMs, early };
}
