// Starting a server: its launcher prepared, a session connected within the start's time, a failed start retried or ended.
import type { ConnectionState } from '../../shared/types';
import { initTimeoutOf } from './connectionOptions';
import type { ConnectionSignIn } from './connectionSignIn';
import { type EraCache, MemoryEraCache } from './eras';
import { InitTimeout, startFailure } from './failures';
import { type Launcher, launcherFor } from './launcher';
import type { Session } from './session';
import type { SessionEnds } from './sessionEnds';
import { SessionOpener, type SessionReports, type SessionSettings } from './sessionOpening';

/** What a start changes in its connection, and what its sessions tell it. */
export type StartHooks = Omit<SessionReports, 'needMoreScopes'> & {
  setState: (state: ConnectionState) => void;
  /** The new session is the connection's current one from now on. */
  adopt: (session: Session) => void;
};

type Ends = Pick<
  SessionEnds,
  'restarting' | 'started' | 'unprepared' | 'lose' | 'broke' | 'needSignIn' | 'turnedAway' | 'fail' | 'close'
>;

export class SessionStarter {
  private readonly opener: SessionOpener;
  /** What is remembered of the server's protocol era. */
  private readonly eras: EraCache;
  private readonly initTimeoutMs: number;
  private underWay: Promise<void> | undefined;
  /** Bumped by every stop, so a start waiting for the person does not go on after it. */
  private generation = 0;

  constructor(
    private readonly settings: SessionSettings,
    private readonly auth: Pick<ConnectionSignIn, 'remoteOptions' | 'needMoreScopes'>,
    private readonly ends: Ends,
    private readonly hooks: StartHooks,
  ) {
    this.eras = settings.options.eraCache ?? new MemoryEraCache();
    this.initTimeoutMs = initTimeoutOf(settings.options);
    this.opener = new SessionOpener(settings, this.eras, this.initTimeoutMs, ends, {
      ...hooks,
      needMoreScopes: (scope) => auth.needMoreScopes(scope),
    });
  }

  /** For a remote server: the transport its last session used. */
  get connectedVia(): 'http' | 'sse' | undefined {
    return this.opener.connectedVia;
  }

  /** The start under way, if any. */
  get starting(): Promise<void> | undefined {
    return this.underWay;
  }

  /** Starts the server: resolves once it is running or the start has failed (and the failure was handled). */
  start(kind: 'starting' | 'restarting'): Promise<void> {
    const run = this.prepareAndRun(kind).finally(() => {
      if (this.underWay === run) this.underWay = undefined;
    });
    this.underWay = run;
    return run;
  }

  /** The server is stopping: a start waiting for the person does not go on. */
  stop(): void {
    this.generation += 1;
    this.underWay = undefined;
  }

  private async prepareAndRun(kind: 'starting' | 'restarting'): Promise<void> {
    const { name, entry, options } = this.settings;
    this.hooks.setState(kind === 'starting' ? { kind } : this.ends.restarting());
    const generation = this.generation;
    const fill = options.fillEnv;
    const launcher = launcherFor(entry, {
      builtinScripts: options.builtinScripts,
      remote: this.auth.remoteOptions(options.remote?.(name, entry)),
      fillEnv: fill && ((env) => fill(name, env)),
    });
    try {
      await launcher.prepare?.();
    } catch (error) {
      if (generation === this.generation) this.ends.unprepared(error);
      return;
    }
    if (generation !== this.generation) return;
    await this.run(launcher, generation);
  }

  private async run(launcher: Launcher, generation: number): Promise<void> {
    const session = this.opener.open();
    this.hooks.adopt(session);
    try {
      await this.connect(session, launcher);
      if (!this.hooks.isCurrent(session) || session.closing) return;
      if (session.signInError) return this.ends.needSignIn(session, session.signInError);
      session.connected = true;
      this.ends.started();
      this.hooks.setState({ kind: 'running', since: Date.now() });
    } catch (error) {
      if (!this.hooks.isCurrent(session) || session.closing) return;
      // A stop while the failed session was closing ends the start: the retry must not bring the server back.
      if ((await this.failed(session, launcher, error)) && generation === this.generation)
        return this.run(launcher, generation);
    }
  }

  /** The handshake; rejects with `InitTimeout` when it takes longer than a start may, or with the session's loss. */
  private async connect(session: Session, launcher: Launcher): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new InitTimeout()), this.initTimeoutMs);
    });
    try {
      await Promise.race([this.opener.handshake(session, launcher), timedOut, session.lost]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * After a start failed with `error`: true when it is worth trying again at once (the older protocol,
   * the older transport); otherwise the session has been ended as refused, waiting for a sign-in, or failed.
   */
  private async failed(session: Session, launcher: Launcher, error: unknown): Promise<boolean> {
    const { name, log } = this.settings;
    if (session.exit && !this.eras.get(launcher.key)) {
      // It quit on the protocol-era probe, as servers on some older SDKs do: it speaks the older protocol.
      this.eras.set(launcher.key, { kind: 'legacy' });
      log.note(
        'info',
        'The server quit on the protocol version probe; starting it again with the older protocol.',
      );
      await session.client.close().catch(() => {});
      return true;
    }
    if (this.ends.turnedAway(session, error)) return false;
    if (launcher.fallback?.(error)) {
      log.note(
        'info',
        `${launcher.explain(error)} Trying the older HTTP+SSE transport, as the spec's backwards compatibility asks.`,
      );
      await this.ends.close(session);
      return true;
    }
    this.ends.fail(session, startFailure(name, error, session.exit, this.initTimeoutMs, launcher));
    return false;
  }
}
