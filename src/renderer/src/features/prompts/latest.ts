// Debounced requests where only the latest answer counts: older answers are dropped by sequence number.

/** Timer functions, injectable for tests. */
export type Scheduler = {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
};

const realTimers: Scheduler = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type LatestOptions<A, R> = {
  delayMs: number;
  run: (args: A) => Promise<R>;
  onResult: (result: R, args: A) => void;
  onError?: (error: unknown, args: A) => void;
  /** Told when a request starts running and when the latest one settles. */
  onPending?: (pending: boolean) => void;
  scheduler?: Scheduler;
};

/** `request` (re)starts the wait; `flush` runs a waiting request at once; `cancel` drops waiting and running ones. */
export type Latest<A> = {
  request(args: A): void;
  flush(): void;
  cancel(): void;
  /** The sequence number of the newest request that ran. */
  readonly seq: number;
};

/** Creates a debounced, latest-wins runner. */
export function createLatest<A, R>(options: LatestOptions<A, R>): Latest<A> {
  const timers = options.scheduler ?? realTimers;
  let seq = 0;
  let timer: unknown = null;
  let waiting: { args: A } | null = null;

  const fire = () => {
    timer = null;
    const job = waiting;
    waiting = null;
    if (!job) return;
    seq += 1;
    const mine = seq;
    options.onPending?.(true);
    let promise: Promise<R>;
    try {
      promise = options.run(job.args);
    } catch (error) {
      promise = Promise.reject(error);
    }
    promise.then(
      (result) => {
        if (mine !== seq) return;
        options.onPending?.(false);
        options.onResult(result, job.args);
      },
      (error: unknown) => {
        if (mine !== seq) return;
        options.onPending?.(false);
        options.onError?.(error, job.args);
      },
    );
  };

  const stopTimer = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };

  return {
    request(args) {
      stopTimer();
      waiting = { args };
      timer = timers.set(fire, options.delayMs);
    },
    flush() {
      if (!waiting) return;
      stopTimer();
      fire();
    },
    cancel() {
      stopTimer();
      waiting = null;
      seq += 1;
      options.onPending?.(false);
    },
    get seq() {
      return seq;
    },
  };
}
