// A server session's lifecycle as one table: its states, the events that move them, and what each move does.
import type { HostWords } from '../../../shared/hostText';
import type {
  ConnectionFailure,
  ConnectionState,
  ConnectionStateKind,
  LogLevel,
} from '../../../shared/types';
import type { Launcher } from '../transport/launcher';
import { countedWords, seconds } from './failures';
import { afterFailure, type RestartPolicy } from './restarts';

/** A server that forgets sessions faster than this is failing, not expiring them. */
const MIN_SESSION_RENEWAL_MS = 10_000;

/** When a server starts without being asked: with the host and once approved, on its first use, or never. */
export type Starts = 'by-itself' | 'on-use' | 'when-asked';

/** What the table knows of one server: the state shown, and what the next move depends on. */
export type Lifecycle = {
  readonly state: ConnectionState;
  /** Numbers each start and each new session of it; what an older one reports is ignored. */
  readonly attempt: number;
  /** Failures in a row, counted on until a run proves stable. */
  readonly failures: number;
  /** When the current run began (the server answered), until it fails or starts afresh. */
  readonly upSince?: number;
  /** Why the last attempt failed, shown while the server restarts; cleared once it runs. */
  readonly lastFailure?: ConnectionFailure;
  /** When a session the server forgot was last renewed. */
  readonly renewedAt?: number;
  /** Whether the person approved what the entry runs, as it stands when the event comes. */
  readonly approved: boolean;
  readonly starts: Starts;
  readonly policy: RestartPolicy;
};

/**
 * What happens to a connection. The first seven are asked of it (by the person, the host, a use, the
 * retry timer); the rest are reported by the start or the session numbered `attempt`.
 */
export type SessionEvent =
  | { type: 'start' }
  /** A tool call, a prompt or a read needs the server running. */
  | { type: 'use' }
  | { type: 'approval-changed' }
  | { type: 'restart' }
  /** What the server may see changed (its shared folders, its sandbox): a running one restarts with the new view, `text` said first. */
  | { type: 'roots-changed'; text: string }
  /** The person signed in: new tokens to pick up. */
  | { type: 'signed-in' }
  | { type: 'stop' }
  /** The wait after a failure is over. */
  | { type: 'retry-due' }
  /** The start's launcher is ready (values filled in). */
  | { type: 'prepared'; attempt: number; launcher: Launcher }
  /** The start could not be prepared: only the person can fix what is missing (an address, a value). */
  | ({ type: 'unprepared'; attempt: number } & HostWords)
  /** The handshake is done and the lists are read. */
  | { type: 'connected'; attempt: number; at: number }
  /** The start failed in a way the older protocol or transport may not; its session is closed. */
  | { type: 'fallback'; attempt: number; launcher: Launcher }
  /** The start failed, or the running session was lost (`failure.stderrTail` holds the last lines so far). */
  | { type: 'failed'; attempt: number; failure: ConnectionFailure; at: number }
  /** The server wants a sign-in the host cannot do alone. */
  | ({ type: 'sign-in-needed'; attempt: number } & HostWords)
  /** A grant without a person was refused in a way only the person can fix. */
  | ({ type: 'refused'; attempt: number } & HostWords)
  /** The server forgot the session (HTTP 404): renewed at once, or counted as `failure` when it comes too often. */
  | { type: 'session-expired'; attempt: number; problem: string; failure: ConnectionFailure; at: number };

export type SessionEventType = SessionEvent['type'];

/** How a session ends, which is what its waiting requests are told. */
export type Ending =
  | { kind: 'stopped' }
  | { kind: 'renewed' }
  | ({ kind: 'exited' | 'forbidden' } & HostWords);

/** What a move asks the connection to do, in this order. */
export type Effect =
  /** Prepare start number `attempt` once the last session has closed, then report `prepared` or `unprepared`. */
  | { type: 'launch'; attempt: number }
  /** Open session number `attempt` with `launcher` and report how its start went. */
  | { type: 'connect'; attempt: number; launcher: Launcher }
  /** End the current session: its requests settle, its live lists go, it closes; `forget` also drops its pid. */
  | { type: 'end-session'; ending: Ending; forget?: true }
  | { type: 'schedule-retry'; delayMs: number }
  | { type: 'cancel-retry' }
  | { type: 'cancel-sign-in' }
  /** Read every list again (new permissions may show more). */
  | { type: 'relist' }
  | { type: 'note'; level: LogLevel; text: string }
  /** Once the failed process's stderr has settled, its last lines go into `failure`. */
  | { type: 'attach-stderr'; failure: ConnectionFailure }
  /** Show the view again though the state stayed (an approval changed). */
  | { type: 'announce' };

/** `applied`: the move was made; `ignored`: nothing to do; `refused`: not approved, nothing starts. */
export type Verdict = 'applied' | 'ignored' | 'refused';

export type Outcome = { lifecycle: Lifecycle; effects: Effect[]; verdict: Verdict };

/** The order of the table's columns. */
export const STATE_KINDS = [
  'stopped',
  'starting',
  'restarting',
  'running',
  'error',
  'sign-in-required',
] as const satisfies readonly ConnectionStateKind[];

export function initialLifecycle(starts: Starts, policy: RestartPolicy, approved = true): Lifecycle {
  return { state: { kind: 'stopped' }, attempt: 0, failures: 0, approved, starts, policy };
}

/** True while a start is under way (prepared, connecting, or retrying at once). */
export function isStarting(state: ConnectionState): boolean {
  return state.kind === 'starting' || state.kind === 'restarting';
}

/** True while start number `attempt` is still the one wanted (no stop or newer start came since). */
export function isUnderWay(life: Lifecycle, attempt: number): boolean {
  return life.attempt === attempt && isStarting(life.state);
}

/** The next lifecycle and its effects; events of an older attempt and pairs the table leaves out are ignored. */
export function transition(life: Lifecycle, event: SessionEvent): Outcome {
  if ('attempt' in event && event.attempt !== life.attempt) return ignore(life);
  const rule = TABLE[event.type][STATE_KINDS.indexOf(life.state.kind)] as Rule<SessionEvent>;
  return rule(life, event);
}

type Rule<E extends SessionEvent> = (life: Lifecycle, event: E) => Outcome;
type EventOf<T extends SessionEventType> = Extract<SessionEvent, { type: T }>;
type Cell<T extends SessionEventType> = Rule<EventOf<T>>;
/** One rule per state, in the order of `STATE_KINDS`. */
type Row<T extends SessionEventType> = readonly [Cell<T>, Cell<T>, Cell<T>, Cell<T>, Cell<T>, Cell<T>];

const ANNOUNCE: Effect = { type: 'announce' };
const STOP: Effect[] = [
  { type: 'cancel-sign-in' },
  { type: 'cancel-retry' },
  { type: 'end-session', ending: { kind: 'stopped' }, forget: true },
];

const applied = (lifecycle: Lifecycle, effects: Effect[] = []): Outcome => ({
  lifecycle,
  effects,
  verdict: 'applied',
});
const refused = (lifecycle: Lifecycle, effects: Effect[] = []): Outcome => ({
  lifecycle,
  effects,
  verdict: 'refused',
});

/** Nothing to do: the event does not apply to this state (a start under way is joined, a stale report dropped). */
const ignore = (life: Lifecycle): Outcome => ({ lifecycle: life, effects: [], verdict: 'ignored' });

/**
 * After `before`, a new start number, shown as starting, or as restarting with the attempt and the last
 * failure. The one place a start begins: nothing the person has not approved starts, whichever way it was asked.
 */
function launch(life: Lifecycle, kind: 'starting' | 'restarting', before: Effect[]): Outcome {
  if (!life.approved) return refused(life, [...before, ANNOUNCE]);
  const attempt = life.attempt + 1;
  const state: ConnectionState =
    kind === 'starting' ? { kind } : { kind, attempt: life.failures + 1, lastFailure: life.lastFailure };
  return applied({ ...life, state, attempt }, [...before, { type: 'launch', attempt }]);
}

/** A start asked for: the count begins again and a planned retry is dropped. */
const startAfresh = (life: Lifecycle): Outcome =>
  launch({ ...life, failures: 0, upSince: undefined }, 'starting', [{ type: 'cancel-retry' }]);

/** A use: refused, saying so, when not approved; a lazy server that is stopped starts; otherwise the caller waits or is told. */
const use = (life: Lifecycle): Outcome => {
  if (!life.approved) return refused(life);
  return life.state.kind === 'stopped' && life.starts === 'on-use' ? startAfresh(life) : ignore(life);
};

/** The view shows the approval; a stopped server that starts by itself starts, once approved. */
const approve = (life: Lifecycle): Outcome =>
  life.state.kind === 'stopped' && life.starts === 'by-itself'
    ? startAfresh(life)
    : applied(life, [ANNOUNCE]);

const stop = (life: Lifecycle): Outcome => applied({ ...life, state: { kind: 'stopped' } }, STOP);

/** Stops, then starts with the count begun afresh; also after automatic restarts gave up. */
const restart = (life: Lifecycle): Outcome =>
  launch({ ...life, state: { kind: 'stopped' }, failures: 0, upSince: undefined }, 'restarting', STOP);

const relist = (life: Lifecycle): Outcome => applied(life, [{ type: 'relist' }]);

/** A start under way or a running server restarts to see what it now may, saying why first; others see it when they start. */
const seeAnew: Cell<'roots-changed'> = (life, { text }) => {
  const outcome = restart(life);
  return { ...outcome, effects: [{ type: 'note', level: 'info', text }, ...outcome.effects] };
};

/** The planned retry after a failure; an error that gave up never starts by itself. */
const retry = (life: Lifecycle): Outcome => {
  if (life.state.kind !== 'error' || life.state.error.retryAt === undefined) return ignore(life);
  return launch(life, 'restarting', []);
};

const connect: Cell<'prepared'> = (life, { attempt, launcher }) =>
  applied(life, [{ type: 'connect', attempt, launcher }]);

const fallBack: Cell<'fallback'> = (life, { attempt, launcher }) =>
  applied({ ...life, attempt: attempt + 1 }, [{ type: 'connect', attempt: attempt + 1, launcher }]);

const run: Cell<'connected'> = (life, { at }) =>
  applied({ ...life, state: { kind: 'running', since: at }, upSince: at, lastFailure: undefined });

/** No automatic restart can help: only the person can fix it. */
const giveUp = (life: Lifecycle, { message, text }: HostWords): Lifecycle => ({
  ...life,
  state: { kind: 'error', error: { message, text, stderrTail: [], gaveUp: true } },
  failures: life.policy.maxFailures,
});

const unprepared: Cell<'unprepared'> = (life, event) => applied(giveUp(life, event));

const refuse: Cell<'refused'> = (life, { message, text }) =>
  applied(giveUp(life, { message, text }), [
    { type: 'end-session', ending: { kind: 'forbidden', message, text } },
    { type: 'note', level: 'error', text: message },
  ]);

/** No retry until the person signs in. */
const needSignIn: Cell<'sign-in-needed'> = (life, { message, text }) =>
  applied({ ...life, state: { kind: 'sign-in-required', message, text }, failures: 0, upSince: undefined }, [
    { type: 'cancel-retry' },
    { type: 'end-session', ending: { kind: 'forbidden', message, text } },
    { type: 'note', level: 'warning', text: message },
  ]);

/** Says why (with the server's last stderr lines), and restarts after a wait unless the policy gave up. */
const fail = (life: Lifecycle, { failure, at }: { failure: ConnectionFailure; at: number }): Outcome => {
  const uptime = life.state.kind === 'running' && life.upSince !== undefined ? at - life.upSince : undefined;
  const { failures, delayMs, early } = afterFailure(life.policy, life.failures, uptime);
  const gaveUp = delayMs === undefined;
  const { message, text } = countedWords(failure, {
    earlyAfterMs: early ? uptime : undefined,
    inARow: failures,
    gaveUp,
  });
  const error: ConnectionFailure = {
    ...failure,
    message,
    text,
    failures,
    ...(gaveUp ? { gaveUp } : { retryAt: at + delayMs }),
  };
  const next: Lifecycle = {
    ...life,
    state: { kind: 'error', error },
    failures,
    upSince: undefined,
    lastFailure: error,
  };
  const retry: Effect[] = gaveUp
    ? [{ type: 'note', level: 'error', text: message }]
    : [
        { type: 'note', level: 'error', text: `${message} Restarting in ${seconds(delayMs)}.` },
        { type: 'schedule-retry', delayMs },
      ];
  return applied(next, [
    { type: 'end-session', ending: { kind: 'exited', message: failure.message, text: failure.text } },
    ...retry,
    { type: 'attach-stderr', failure: error },
  ]);
};

/** A forgotten session is renewed at once, at most once in a while; more often, it counts as a failure. */
const renew: Cell<'session-expired'> = (life, event) => {
  if (life.renewedAt !== undefined && event.at - life.renewedAt < MIN_SESSION_RENEWAL_MS)
    return fail(life, event);
  const renewed: Effect[] = [
    { type: 'end-session', ending: { kind: 'renewed' } },
    { type: 'note', level: 'info', text: `${event.problem} Starting a new session.` },
  ];
  // Its session is over either way: were the server no longer approved, it would be left stopped.
  return launch({ ...life, state: { kind: 'stopped' }, renewedAt: event.at }, 'restarting', renewed);
};

// biome-ignore format: a table reads best with its columns aligned
const TABLE: { readonly [T in SessionEventType]: Row<T> } = {
  //                  stopped       starting     restarting   running      error         sign-in-required
  start:              [startAfresh, ignore,      ignore,      ignore,      startAfresh,  startAfresh],
  use:                [use,         use,         use,         ignore,      use,          use],
  'approval-changed': [approve,     approve,     approve,     approve,     approve,      approve],
  restart:            [restart,     restart,     restart,     restart,     restart,      restart],
  'roots-changed':    [ignore,      seeAnew,     seeAnew,     seeAnew,     ignore,       ignore],
  'signed-in':        [restart,     restart,     restart,     relist,      restart,      restart],
  stop:               [stop,        stop,        stop,        stop,        stop,         stop],
  'retry-due':        [ignore,      ignore,      ignore,      ignore,      retry,        ignore],
  prepared:           [ignore,      connect,     connect,     ignore,      ignore,       ignore],
  unprepared:         [ignore,      unprepared,  unprepared,  ignore,      ignore,       ignore],
  connected:          [ignore,      run,         run,         ignore,      ignore,       ignore],
  fallback:           [ignore,      fallBack,    fallBack,    ignore,      ignore,       ignore],
  failed:             [ignore,      fail,        fail,        fail,        ignore,       ignore],
  'sign-in-needed':   [ignore,      needSignIn,  needSignIn,  needSignIn,  ignore,       ignore],
  refused:            [ignore,      refuse,      refuse,      refuse,      ignore,       ignore],
  'session-expired':  [ignore,      ignore,      ignore,      renew,       ignore,       ignore],
};
