// How a session ends and what follows: a restart after a wait, a wait for the person (sign-in, refusal), or a renewal.
import type { ConnectionFailure, ConnectionState } from '../../shared/types';
import { HostFault, messageOf } from '../errors';
import { needsSignIn, signInRequiredOf } from './auth/errors';
import type { ConnectionSignIn } from './connectionSignIn';
import { countedMessage, seconds } from './failures';
import type { Broken } from './httpFetch';
import type { RestartPolicy } from './restarts';
import type { ServerLog } from './serverLog';
import { closeSession, type Session } from './session';

const STDERR_TAIL = 20;
/** A server that forgets sessions faster than this is failing, not expiring them. */
const MIN_SESSION_RENEWAL_MS = 10_000;

/** The server ended the session (HTTP 404) and a new one is starting: the request may be sent again. */
class SessionRenewed extends HostFault {
  constructor(message: string) {
    super('not_running', message);
  }
}

/** What the ends of a session change in its connection. */
export type EndHooks = {
  /** The connection's current session; an older one ends quietly. */
  current: () => Session | undefined;
  state: () => ConnectionState;
  setState: (state: ConnectionState) => void;
  /** The view changed without a new state. */
  changed: () => void;
  /** Forgets what the session said; the view falls back to the cache. */
  dropLive: () => void;
  /** Starts the server again, as an automatic restart. */
  restart: () => void;
  /** The start of the session that replaces a renewed one. */
  renewal: () => Promise<void> | undefined;
};

export class SessionEnds {
  /** Why the last attempt failed, shown while the server restarts; cleared once it runs. */
  private lastFailure: ConnectionFailure | undefined;
  private lastRenewal = 0;

  constructor(
    private readonly name: string,
    private readonly log: ServerLog,
    private readonly restarts: RestartPolicy,
    private readonly auth: Pick<ConnectionSignIn, 'withoutPerson' | 'machineProblem'>,
    private readonly hooks: EndHooks,
  ) {}

  /** The state of a start after failures: which attempt it is, and why the last one failed. */
  restarting(): ConnectionState {
    return { kind: 'restarting', attempt: this.restarts.failures + 1, lastFailure: this.lastFailure };
  }

  /** The session is up: failures count on until the run proves stable (see RestartPolicy); the last is no longer shown. */
  started(): void {
    this.restarts.started();
    this.lastFailure = undefined;
  }

  /** A start could not be prepared: only the person can fix what is missing (an address, a value), so no retry. */
  unprepared(error: unknown): void {
    this.restarts.giveUp();
    const message = this.auth.machineProblem(error) ?? messageOf(error);
    this.hooks.setState({ kind: 'error', error: { message, stderrTail: [], gaveUp: true } });
  }

  /** A live remote connection broke: a network failure is a loss; a forgotten session is renewed at once. */
  broke(session: Session, problem: Broken): void {
    if (session !== this.hooks.current() || session.closing || session.failed || !session.connected) return;
    const now = Date.now();
    if (problem.kind === 'session-expired' && now - this.lastRenewal >= MIN_SESSION_RENEWAL_MS) {
      this.lastRenewal = now;
      session.failed = true;
      session.loseWith(new SessionRenewed(`"${this.name}" ended the session; a new one is being started.`));
      this.log.note('info', `${problem.message} Starting a new session.`);
      this.hooks.dropLive();
      void this.close(session);
      this.hooks.restart();
      return;
    }
    this.lose(session, {
      message: `The connection to "${this.name}" was lost: ${problem.message}`,
      stderrTail: [],
    });
  }

  /** Runs `work`; when the server ended the session under it (404), runs it once more on the new session. */
  async surviving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const refused = this.auth.machineProblem(error);
      if (refused) {
        // Its credentials stopped working mid-session (a rotated secret, a revoked client): the server stops, saying why.
        const session = this.hooks.current();
        if (session) this.refuse(session, refused);
        throw new HostFault('forbidden', refused, { cause: error });
      }
      if (!(error instanceof SessionRenewed)) throw error;
      await this.hooks.renewal();
      return work();
    }
  }

  /** Ends a session refused for want of a sign-in, or for a grant only the person can fix; false for other errors. */
  turnedAway(session: Session, error: unknown): boolean {
    const refused = this.auth.machineProblem(error);
    if (refused) this.refuse(session, refused);
    else if (needsSignIn(error)) this.needSignIn(session, error);
    else return false;
    return true;
  }

  /** The server wants a sign-in the host cannot do alone: no retry until the person signs in. */
  needSignIn(session: Session, error: unknown): void {
    if (this.auth.withoutPerson) {
      const problem = this.auth.machineProblem(error);
      this.refuse(
        session,
        problem ?? `"${this.name}" turned down its access token. Check its OAuth settings.`,
      );
      return;
    }
    if (session.failed) return;
    session.failed = true;
    const message =
      signInRequiredOf(error)?.message ?? `"${this.name}" turned down its sign-in. Sign in again to use it.`;
    session.loseWith(new HostFault('forbidden', message));
    this.restarts.reset();
    this.hooks.dropLive();
    this.log.note('warning', message);
    this.hooks.setState({ kind: 'sign-in-required', message });
    void this.close(session);
  }

  /** A sign-in without a person failed in a way only the person can fix: say what to fix, and do not retry. */
  refuse(session: Session, message: string): void {
    if (session.failed) return;
    session.failed = true;
    session.loseWith(new HostFault('forbidden', message));
    this.restarts.giveUp();
    this.hooks.dropLive();
    this.log.note('error', message);
    this.hooks.setState({ kind: 'error', error: { message, stderrTail: [], gaveUp: true } });
    void this.close(session);
  }

  /** The session ended on its own: settle its requests and report. */
  lose(session: Session, failure: ConnectionFailure): void {
    session.loseWith(new HostFault('server_exited', failure.message));
    this.fail(session, failure);
  }

  /** The session failed: say why (with the server's last stderr lines), and restart after a wait unless the policy gave up. */
  fail(session: Session, failure: ConnectionFailure): void {
    if (session.failed) return;
    session.failed = true;
    session.loseWith(new HostFault('server_exited', failure.message));
    const uptime = session.connected ? this.restarts.uptime() : undefined;
    const delay = this.restarts.failed();
    this.hooks.dropLive();
    const message = countedMessage(failure.message, {
      earlyAfterMs: this.restarts.isEarly(uptime) ? uptime : undefined,
      inARow: this.restarts.failures,
      gaveUp: delay === undefined,
    });
    const error: ConnectionFailure = {
      ...failure,
      message,
      failures: this.restarts.failures,
      stderrTail: this.log.stderrSince(session.firstSeq, STDERR_TAIL),
    };
    this.lastFailure = error;
    void session.stderrSettled?.then(() => {
      const state = this.hooks.state();
      if (state.kind !== 'error' || state.error !== error) return;
      error.stderrTail = this.log.stderrSince(session.firstSeq, STDERR_TAIL);
      this.hooks.changed();
    });
    if (delay === undefined) {
      error.gaveUp = true;
      this.log.note('error', message);
    } else {
      error.retryAt = Date.now() + delay;
      this.log.note('error', `${message} Restarting in ${seconds(delay)}.`);
      this.restarts.schedule(() => this.hooks.restart(), delay);
    }
    this.hooks.setState({ kind: 'error', error });
    void this.close(session);
  }

  /** Closes the session; `reason` settles what still waits on it. */
  close(session: Session, reason?: string): Promise<void> {
    return closeSession(session, this.name, reason);
  }
}
