// Runs one server's lifecycle: each event through the table in lifecycle.ts, then the effects it asks for; owns the session.
import { said } from '../../../shared/hostText';
import type { ConnectionFailure, ConnectionState } from '../../../shared/types';
import { HostFault, textOf } from '../../errors';
import type { ShownCatalogue } from '../catalogue/shownCatalogue';
import type { ServerLog } from '../log/serverLog';
import type { Launcher } from '../transport/launcher';
import type { ConnectionSignIn } from './connectionSignIn';
import {
  type Effect,
  type Ending,
  isStarting,
  isUnderWay,
  type Lifecycle,
  type SessionEvent,
  transition,
  type Verdict,
} from './lifecycle';
import { closeSession, type Session } from './session';
import type { SessionStarter } from './sessionStart';

/** The server ended the session (HTTP 404) and a new one is starting: the request may be sent again. */
class SessionRenewed extends HostFault {
  constructor(message: string) {
    super('not_running', message);
  }
}

/** What the effects work on: the parts of one connection. */
export type RunnerParts = {
  name: string;
  log: ServerLog;
  shown: ShownCatalogue;
  signing: Pick<ConnectionSignIn, 'cancelUnderWay'>;
  starter: Pick<SessionStarter, 'prepare' | 'open' | 'connect' | 'opener'>;
  /** Whether the person approved what the entry runs, asked afresh for every event. */
  approved: () => boolean;
  /** The view changed. */
  changed: () => void;
};

export class SessionRunner {
  private life: Lifecycle;
  private current: Session | undefined;
  /** Earlier sessions still closing: a start waits for them, so one server never has two sessions open. */
  private closed: Promise<void> = Promise.resolve();
  private retryTimer: NodeJS.Timeout | undefined;
  /** Callers waiting for the start under way to settle. */
  private readonly waiting = new Set<() => void>();

  constructor(
    initial: Lifecycle,
    private readonly parts: RunnerParts,
  ) {
    this.life = initial;
  }

  get state(): ConnectionState {
    return this.life.state;
  }

  /** The session starting or running, or the last one that failed (its pid still shown); none once stopped. */
  get session(): Session | undefined {
    return this.current;
  }

  /** Moves the lifecycle by `event` and performs the effects; `done` settles once those a caller may wait for have. */
  dispatch(event: SessionEvent): { verdict: Verdict; done: Promise<void> } {
    const before = this.life;
    const outcome = transition({ ...before, approved: this.parts.approved() }, event);
    if (outcome.verdict === 'ignored') return { verdict: 'ignored', done: Promise.resolve() };
    this.life = outcome.lifecycle;
    const waits = outcome.effects.map((effect) => this.perform(effect));
    const announce = outcome.effects.some((effect) => effect.type === 'announce');
    if (announce || this.life.state !== before.state) this.parts.changed();
    if (!isStarting(this.life.state)) this.wake();
    return { verdict: outcome.verdict, done: Promise.all(waits).then(() => undefined) };
  }

  /** Dispatches `event`; resolves once its effects are done (a session closed) and no start is under way. */
  async settle(event: SessionEvent): Promise<void> {
    await this.dispatch(event).done;
    await this.settled();
  }

  /** Resolves once no start is under way: running, failed, stopped, or waiting for the person. */
  settled(): Promise<void> {
    if (!isStarting(this.life.state)) return Promise.resolve();
    return new Promise((resolve) => this.waiting.add(resolve));
  }

  /** True for the error a request gets when the server forgot its session and a new one is starting. */
  wasRenewed(error: unknown): boolean {
    return error instanceof SessionRenewed;
  }

  private perform(effect: Effect): Promise<void> | undefined {
    switch (effect.type) {
      case 'launch':
        this.background(effect.attempt, this.launch(effect.attempt));
        return;
      case 'connect':
        this.background(effect.attempt, this.connect(effect.attempt, effect.launcher));
        return;
      case 'end-session':
        return this.endSession(effect.ending, effect.forget);
      case 'schedule-retry':
        this.cancelRetry();
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined;
          this.dispatch({ type: 'retry-due' });
        }, effect.delayMs);
        return;
      case 'cancel-retry':
        this.cancelRetry();
        return;
      case 'cancel-sign-in':
        this.parts.signing.cancelUnderWay();
        return;
      case 'relist':
        return this.relist();
      case 'note':
        this.parts.log.note(effect.level, effect.text);
        return;
      case 'attach-stderr':
        this.attachStderr(effect.failure);
        return;
      case 'announce':
        return;
    }
  }

  /** Prepares start number `attempt` once earlier sessions have closed, unless a stop or another start came first. */
  private async launch(attempt: number): Promise<void> {
    await this.closed;
    if (!isUnderWay(this.life, attempt)) return;
    this.dispatch(await this.parts.starter.prepare(attempt));
  }

  /** Opens session number `attempt`, which is current from now on, and reports how its start went. */
  private async connect(attempt: number, launcher: Launcher): Promise<void> {
    const session = this.parts.starter.open(attempt);
    this.current = session;
    const outcome = await this.parts.starter.connect(session, launcher);
    if (outcome) this.dispatch(outcome);
  }

  /** Ends the current session: what waits on it settles, what it listed is dropped, and it closes. */
  private endSession(ending: Ending, forget = false): Promise<void> {
    const session = this.current;
    if (forget) this.current = undefined;
    this.parts.shown.drop();
    if (!session) return this.closed;
    const { name } = this.parts;
    if (ending.kind === 'renewed') {
      session.loseWith(new SessionRenewed(`"${name}" ended the session; a new one is being started.`));
    } else if (ending.kind !== 'stopped') {
      session.loseWith(
        new HostFault(
          ending.kind === 'exited' ? 'server_exited' : 'forbidden',
          ending.text ?? ending.message,
        ),
      );
    }
    const reason =
      ending.kind === 'stopped' ? { id: 'host.servers.wasStopped', values: { name } } : undefined;
    const closing = closeSession(session, name, reason);
    this.closed = Promise.all([this.closed, closing]).then(() => undefined);
    return closing;
  }

  private cancelRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private async relist(): Promise<void> {
    const session = this.current;
    if (session) await this.parts.shown.reread(session.client, () => session === this.current);
  }

  /** Once the failed process's last output is in, its stderr lines replace those the failure was shown with. */
  private attachStderr(failure: ConnectionFailure): void {
    const session = this.current;
    void session?.stderrSettled?.then(() => {
      const state = this.life.state;
      if (state.kind !== 'error' || state.error !== failure) return;
      failure.stderrTail = this.parts.starter.opener.stderrTail(session);
      this.parts.changed();
    });
  }

  private wake(): void {
    for (const resolve of this.waiting) resolve();
    this.waiting.clear();
  }

  /** A step of start number `attempt` that nobody awaits: an error it did not expect fails the start, so it never hangs. */
  private background(attempt: number, work: Promise<void>): void {
    work.catch((error: unknown) => {
      const words = said({
        id: 'host.servers.couldNotBeStarted',
        values: { name: this.parts.name, error: textOf(error) },
      });
      this.dispatch({ type: 'failed', attempt, failure: { ...words, stderrTail: [] }, at: Date.now() });
    });
  }
}
