// The session lifecycle table: what every event does in every state, and the rules the table keeps.
// Over 300 lines because it states the expected answer for every one of the 90 (state, event) pairs.
import { describe, expect, it } from 'vitest';
import {
  type Effect,
  initialLifecycle,
  isUnderWay,
  type Lifecycle,
  type Outcome,
  type SessionEvent,
  type SessionEventType,
  STATE_KINDS,
  type Starts,
  transition,
} from '../src/main/servers/session/lifecycle';
import { restartPolicy } from '../src/main/servers/session/restarts';
import type { Launcher } from '../src/main/servers/transport/launcher';
import type { ConnectionFailure, ConnectionState, ConnectionStateKind } from '../src/shared/types';

const policy = restartPolicy({ backoffMs: [1000, 2000], maxFailures: 3, stableAfterMs: 30_000 });
/** Opaque to the table, which only hands it on. */
const launcher = { label: 'node server.mjs', key: 'stdio:node server.mjs' } as Launcher;
const AT = 1_000_000;
const ATTEMPT = 7;
const failure: ConnectionFailure = { message: '"s" exited with code 1.', exitCode: 1, stderrTail: ['boom'] };
const lost: ConnectionFailure = {
  message: 'The connection to "s" was lost: it forgot the session.',
  stderrTail: [],
};

const STATES: Record<ConnectionStateKind, ConnectionState> = {
  stopped: { kind: 'stopped' },
  starting: { kind: 'starting' },
  restarting: { kind: 'restarting', attempt: 2, lastFailure: failure },
  running: { kind: 'running', since: AT - 5000 },
  error: { kind: 'error', error: { ...failure, failures: 1, retryAt: AT + 1000 } },
  'sign-in-required': { kind: 'sign-in-required', message: 'Sign in to use "s".' },
};

/** A lifecycle in `kind` after one failure, at start number `ATTEMPT`. */
function inState(kind: ConnectionStateKind, approved = true, starts: Starts = 'by-itself'): Lifecycle {
  return {
    ...initialLifecycle(starts, policy, approved),
    state: STATES[kind],
    attempt: ATTEMPT,
    failures: 1,
    upSince: kind === 'running' ? AT - 5000 : undefined,
    lastFailure: failure,
  };
}

const EVENTS: { [T in SessionEventType]: Extract<SessionEvent, { type: T }> } = {
  start: { type: 'start' },
  use: { type: 'use' },
  'approval-changed': { type: 'approval-changed' },
  restart: { type: 'restart' },
  'roots-changed': { type: 'roots-changed', text: 'Its folders changed; restarting it so it sees them.' },
  'signed-in': { type: 'signed-in' },
  stop: { type: 'stop' },
  'retry-due': { type: 'retry-due' },
  prepared: { type: 'prepared', attempt: ATTEMPT, launcher },
  unprepared: { type: 'unprepared', attempt: ATTEMPT, message: 'No value was given for "API token".' },
  connected: { type: 'connected', attempt: ATTEMPT, at: AT },
  fallback: { type: 'fallback', attempt: ATTEMPT, launcher },
  failed: { type: 'failed', attempt: ATTEMPT, failure, at: AT },
  'sign-in-needed': { type: 'sign-in-needed', attempt: ATTEMPT, message: 'Sign in again to use "s".' },
  refused: { type: 'refused', attempt: ATTEMPT, message: 'The grant for "s" was refused.' },
  'session-expired': {
    type: 'session-expired',
    attempt: ATTEMPT,
    problem: 'Session gone.',
    failure: lost,
    at: AT,
  },
};
const EVENT_TYPES = Object.keys(EVENTS) as SessionEventType[];

/** An outcome in one line: `ignored`, or the next state with its effects (and `refused,` when not approved). */
function summary({ verdict, lifecycle, effects }: Outcome): string {
  if (verdict === 'ignored') return 'ignored';
  const move = `${verdict === 'refused' ? 'refused, ' : ''}→ ${lifecycle.state.kind}`;
  return effects.length ? `${move}: ${effects.map((effect) => effect.type).join(', ')}` : move;
}

type Expected = { [T in SessionEventType]: Record<ConnectionStateKind, string> };

/** Same answer in every state. */
const every = (answer: string): Record<ConnectionStateKind, string> =>
  Object.fromEntries(STATE_KINDS.map((kind) => [kind, answer])) as Record<ConnectionStateKind, string>;
/** `answer` in the given states, `ignored` in the others. */
const only = (
  answers: Partial<Record<ConnectionStateKind, string>>,
): Record<ConnectionStateKind, string> => ({
  ...every('ignored'),
  ...answers,
});
/** Stays where it is, with `effects`. */
const stays = (effects: string, prefix = ''): Record<ConnectionStateKind, string> =>
  Object.fromEntries(
    STATE_KINDS.map((kind) => [kind, `${prefix}→ ${kind}${effects ? `: ${effects}` : ''}`]),
  ) as Record<ConnectionStateKind, string>;

const START = '→ starting: cancel-retry, launch';
const RESTART = '→ restarting: cancel-sign-in, cancel-retry, end-session, launch';
const STOP = '→ stopped: cancel-sign-in, cancel-retry, end-session';
const FAIL = '→ error: end-session, note, schedule-retry, attach-stderr';
const SIGN_IN = '→ sign-in-required: cancel-retry, end-session, note';

/** An approved server that starts by itself. */
const APPROVED: Expected = {
  start: only({ stopped: START, error: START, 'sign-in-required': START }),
  use: every('ignored'),
  'approval-changed': { ...stays('announce'), stopped: START },
  restart: every(RESTART),
  'roots-changed': only({
    starting: `→ restarting: note, ${RESTART.slice('→ restarting: '.length)}`,
    restarting: `→ restarting: note, ${RESTART.slice('→ restarting: '.length)}`,
    running: `→ restarting: note, ${RESTART.slice('→ restarting: '.length)}`,
  }),
  'signed-in': { ...every(RESTART), running: '→ running: relist' },
  stop: every(STOP),
  'retry-due': only({ error: '→ restarting: launch' }),
  prepared: only({ starting: '→ starting: connect', restarting: '→ restarting: connect' }),
  unprepared: only({ starting: '→ error', restarting: '→ error' }),
  connected: only({ starting: '→ running', restarting: '→ running' }),
  fallback: only({ starting: '→ starting: connect', restarting: '→ restarting: connect' }),
  failed: only({ starting: FAIL, restarting: FAIL, running: FAIL }),
  'sign-in-needed': only({ starting: SIGN_IN, restarting: SIGN_IN, running: SIGN_IN }),
  refused: only({
    starting: '→ error: end-session, note',
    restarting: '→ error: end-session, note',
    running: '→ error: end-session, note',
  }),
  'session-expired': only({ running: '→ restarting: end-session, note, launch' }),
};

/** The same server before the person approved it: where the answer differs. Nothing is launched. */
const UNAPPROVED: Partial<Expected> = {
  start: {
    ...every('ignored'),
    stopped: 'refused, → stopped: cancel-retry, announce',
    error: 'refused, → error: cancel-retry, announce',
    'sign-in-required': 'refused, → sign-in-required: cancel-retry, announce',
  },
  use: { ...stays('', 'refused, '), running: 'ignored' },
  'approval-changed': { ...stays('announce'), stopped: 'refused, → stopped: cancel-retry, announce' },
  restart: every('refused, → stopped: cancel-sign-in, cancel-retry, end-session, announce'),
  'roots-changed': only({
    starting: 'refused, → stopped: note, cancel-sign-in, cancel-retry, end-session, announce',
    restarting: 'refused, → stopped: note, cancel-sign-in, cancel-retry, end-session, announce',
    running: 'refused, → stopped: note, cancel-sign-in, cancel-retry, end-session, announce',
  }),
  'signed-in': {
    ...every('refused, → stopped: cancel-sign-in, cancel-retry, end-session, announce'),
    running: '→ running: relist',
  },
  'retry-due': only({ error: 'refused, → error: announce' }),
  'session-expired': only({ running: 'refused, → stopped: end-session, note, announce' }),
};

describe('the lifecycle table', () => {
  for (const type of EVENT_TYPES) {
    for (const kind of STATE_KINDS) {
      it(`${type} in ${kind}`, () => {
        const life = inState(kind);
        const outcome = transition(life, EVENTS[type]);
        expect(summary(outcome)).toBe(APPROVED[type][kind]);
        if (outcome.verdict === 'ignored') expect(outcome.lifecycle).toBe(life);

        const unapproved = transition(inState(kind, false), EVENTS[type]);
        expect(summary(unapproved)).toBe((UNAPPROVED[type] ?? APPROVED[type])[kind]);
      });
    }
  }

  it('lists every state once', () => {
    expect([...STATE_KINDS].sort()).toEqual(Object.keys(STATES).sort());
  });
});

/** Runs `events` from `life`; the final lifecycle and every effect on the way. */
function walk(life: Lifecycle, ...events: SessionEvent[]): { life: Lifecycle; effects: Effect[] } {
  const effects: Effect[] = [];
  for (const event of events) {
    const outcome = transition(life, event);
    life = outcome.lifecycle;
    effects.push(...outcome.effects);
  }
  return { life, effects };
}

/** The start number the lifecycle is at. */
const attempt = (life: Lifecycle) => life.attempt;

describe('the rules the table keeps', () => {
  it('never launches a server the person has not approved, whichever way a start is asked', () => {
    for (const kind of STATE_KINDS) {
      for (const starts of ['by-itself', 'on-use', 'when-asked'] as const) {
        for (const type of EVENT_TYPES) {
          const { effects } = transition(inState(kind, false, starts), EVENTS[type]);
          expect(effects.map((effect) => effect.type)).not.toContain('launch');
        }
      }
    }
  });

  it('ignores what an older start or session reports, in every state', () => {
    for (const kind of STATE_KINDS) {
      for (const type of EVENT_TYPES) {
        const event = EVENTS[type];
        if (!('attempt' in event)) continue;
        const life = inState(kind);
        const outcome = transition(life, { ...event, attempt: ATTEMPT - 1 });
        expect(outcome.verdict, `${type} in ${kind}`).toBe('ignored');
        expect(outcome.lifecycle).toBe(life);
      }
    }
  });

  it('starts a lazy server on its first use and a disabled one only when asked', () => {
    expect(summary(transition(inState('stopped', true, 'on-use'), EVENTS.use))).toBe(START);
    expect(summary(transition(inState('stopped', true, 'when-asked'), EVENTS.use))).toBe('ignored');
    expect(summary(transition(inState('error', true, 'on-use'), EVENTS.use))).toBe('ignored');
    for (const starts of ['on-use', 'when-asked'] as const) {
      const life = inState('stopped', true, starts);
      expect(summary(transition(life, EVENTS['approval-changed']))).toBe('→ stopped: announce');
      expect(summary(transition(life, EVENTS.start))).toBe(START);
    }
  });

  it('does not go on with a start after a stop, even once the person has answered', () => {
    const asked = walk(initialLifecycle('by-itself', policy), EVENTS.start).life;
    const first = attempt(asked);
    expect(isUnderWay(asked, first)).toBe(true);
    const stopped = walk(asked, EVENTS.stop).life;
    expect(isUnderWay(stopped, first)).toBe(false);
    const late = transition(stopped, { type: 'prepared', attempt: first, launcher });
    expect(late.verdict).toBe('ignored');

    const again = walk(stopped, EVENTS.start).life;
    expect(attempt(again)).toBe(first + 1);
    expect(transition(again, { type: 'prepared', attempt: first, launcher }).verdict).toBe('ignored');
    expect(transition(again, { type: 'prepared', attempt: first + 1, launcher }).effects).toEqual([
      { type: 'connect', attempt: first + 1, launcher },
    ]);
  });

  it('retries at once on a fallback with a new session number, and not after a stop', () => {
    const starting = walk(initialLifecycle('by-itself', policy), EVENTS.start).life;
    const n = attempt(starting);
    const fell = transition(starting, { type: 'fallback', attempt: n, launcher });
    expect(fell.lifecycle.state).toEqual({ kind: 'starting' });
    expect(fell.effects).toEqual([{ type: 'connect', attempt: n + 1, launcher }]);
    const stopped = walk(starting, EVENTS.stop).life;
    expect(transition(stopped, { type: 'fallback', attempt: n, launcher }).verdict).toBe('ignored');
  });

  it('restarts after growing waits, counts failures on until a run proves stable, and gives up after maxFailures', () => {
    let life = walk(initialLifecycle('by-itself', policy), EVENTS.start).life;
    const fail = (at: number) => ({ type: 'failed' as const, attempt: attempt(life), failure, at });

    let step = transition(life, fail(AT));
    life = step.lifecycle;
    expect(life.state).toMatchObject({ kind: 'error', error: { failures: 1, retryAt: AT + 1000 } });
    expect(step.effects).toContainEqual({ type: 'schedule-retry', delayMs: 1000 });
    expect(step.effects).toContainEqual({
      type: 'note',
      level: 'error',
      text: `${failure.message} Restarting in 1 s.`,
    });
    const shown = life.state.kind === 'error' ? life.state.error : undefined;
    expect(step.effects).toContainEqual({ type: 'attach-stderr', failure: shown });
    expect(shown?.stderrTail).toEqual(['boom']);

    life = walk(life, EVENTS['retry-due']).life;
    expect(life.state).toEqual({ kind: 'restarting', attempt: 2, lastFailure: shown });
    // It answered, then crashed 5 s later: soon enough to count on.
    life = walk(life, { type: 'connected', attempt: attempt(life), at: AT }).life;
    expect(life.state).toEqual({ kind: 'running', since: AT });
    expect(life.lastFailure).toBeUndefined();
    step = transition(life, fail(AT + 5000));
    life = step.lifecycle;
    expect(life.state).toMatchObject({ kind: 'error', error: { failures: 2, retryAt: AT + 7000 } });
    expect(life.state.kind === 'error' && life.state.error.message).toContain(
      'It stopped 5 s after starting',
    );

    life = walk(life, EVENTS['retry-due']).life;
    step = transition(life, fail(AT + 9000));
    life = step.lifecycle;
    expect(life.state).toMatchObject({ kind: 'error', error: { failures: 3, gaveUp: true } });
    expect(life.state.kind === 'error' && life.state.error.retryAt).toBeUndefined();
    expect(step.effects.map((effect) => effect.type)).not.toContain('schedule-retry');
    expect(life.state.kind === 'error' && life.state.error.message).toContain('It failed 3 times in a row');
    // A timer that outlived the give-up never brings it back; the person's Restart does, counting afresh.
    expect(transition(life, EVENTS['retry-due']).verdict).toBe('ignored');
    life = walk(life, EVENTS.restart).life;
    expect(life.state).toMatchObject({ kind: 'restarting', attempt: 1 });
    expect(life.failures).toBe(0);
  });

  it('forgets a run of failures once a run lasted stableAfterMs', () => {
    const running = walk(inState('starting'), { type: 'connected', attempt: ATTEMPT, at: AT }).life;
    const later = transition(running, { type: 'failed', attempt: ATTEMPT, failure, at: AT + 30_000 });
    expect(later.lifecycle.failures).toBe(1);
    expect(later.lifecycle.state.kind === 'error' && later.lifecycle.state.error.message).toBe(
      failure.message,
    );
  });

  it('renews a forgotten session at once, but at most once in 10 s; sooner, it is a failure', () => {
    const expire = (life: Lifecycle, at: number): Outcome =>
      transition(life, { ...EVENTS['session-expired'], attempt: attempt(life), at });
    let life = inState('running');
    let step = expire(life, AT);
    expect(step.effects).toEqual([
      { type: 'end-session', ending: { kind: 'renewed' } },
      { type: 'note', level: 'info', text: 'Session gone. Starting a new session.' },
      { type: 'launch', attempt: ATTEMPT + 1 },
    ]);
    life = walk(step.lifecycle, { type: 'connected', attempt: ATTEMPT + 1, at: AT + 100 }).life;
    step = expire(life, AT + 9_999);
    expect(summary(step)).toBe(FAIL);
    expect(step.lifecycle.state.kind === 'error' && step.lifecycle.state.error.message).toContain(
      lost.message,
    );
    expect(summary(expire(life, AT + 10_000))).toBe('→ restarting: end-session, note, launch');
  });

  it('waits for the person on a sign-in, counting afresh; a refused grant gives up', () => {
    const waiting = transition(inState('running'), EVENTS['sign-in-needed']);
    expect(waiting.lifecycle.state).toEqual({
      kind: 'sign-in-required',
      message: 'Sign in again to use "s".',
    });
    expect(waiting.lifecycle.failures).toBe(0);
    expect(waiting.effects).toContainEqual({
      type: 'end-session',
      ending: { kind: 'forbidden', message: 'Sign in again to use "s".' },
    });

    const refused = transition(inState('starting'), EVENTS.refused).lifecycle;
    expect(refused.state).toEqual({
      kind: 'error',
      error: { message: 'The grant for "s" was refused.', stderrTail: [], gaveUp: true },
    });
    expect(refused.failures).toBe(policy.maxFailures);
    expect(transition(refused, EVENTS['retry-due']).verdict).toBe('ignored');
  });

  it('ends a stopped session for good, so its pid is no longer shown', () => {
    for (const type of ['stop', 'restart'] as const) {
      expect(transition(inState('running'), EVENTS[type]).effects).toContainEqual({
        type: 'end-session',
        ending: { kind: 'stopped' },
        forget: true,
      });
    }
  });
});
