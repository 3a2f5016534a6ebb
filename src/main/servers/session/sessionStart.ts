// Starting a server: its launcher prepared, a session connected within the start's time, and what came of it.
import { said } from '../../../shared/hostText';
import { messageOf, textOf } from '../../errors';
import type { Launcher } from '../transport/launcher';
import { launcherFor } from '../transport/launcherFor';
import { initTimeoutOf } from './connectionOptions';
import type { ConnectionSignIn } from './connectionSignIn';
import { type EraCache, isVersionRefused, MemoryEraCache } from './eras';
import { commandMissing, exitText, InitTimeout, startFailure } from './failures';
import type { SessionEvent } from './lifecycle';
import { closeSession, type Session } from './session';
import { SessionOpener, type SessionReports, type SessionSettings } from './sessionOpening';

type SignIn = Pick<
  ConnectionSignIn,
  'remoteOptions' | 'machineProblem' | 'turnedAway' | 'signInNeeded' | 'needMoreScopes'
>;

export class SessionStarter {
  readonly opener: SessionOpener;
  /** What is remembered of the server's protocol era. */
  private readonly eras: EraCache;
  private readonly initTimeoutMs: number;

  constructor(
    private readonly settings: SessionSettings,
    private readonly auth: SignIn,
    private readonly reports: SessionReports,
  ) {
    this.eras = settings.options.eraCache ?? new MemoryEraCache();
    this.initTimeoutMs = initTimeoutOf(settings.options);
    this.opener = new SessionOpener(settings, this.eras, this.initTimeoutMs, auth, reports);
  }

  /** For a remote server: the transport its last session used. */
  get connectedVia(): 'http' | 'sse' | undefined {
    return this.opener.connectedVia;
  }

  /** Prepares start number `attempt`: its launcher, with the values it needs filled in (which may wait for the person). */
  async prepare(attempt: number): Promise<SessionEvent> {
    const { name, entry, options } = this.settings;
    const fill = options.fillEnv;
    try {
      const launcher = launcherFor(entry, {
        builtinScripts: options.builtinScripts,
        remote: this.auth.remoteOptions(options.remote?.(name, entry)),
        fillEnv: fill && ((env) => fill(name, env)),
        sandbox:
          options.sandbox &&
          ((local, plain) => options.sandbox?.launcher(name, local, plain) ?? plain(local)),
      });
      await launcher.prepare?.();
      return { type: 'prepared', attempt, launcher };
    } catch (error) {
      const problem = this.auth.machineProblem(error);
      if (problem) return { type: 'unprepared', attempt, ...problem };
      const text = textOf(error);
      return {
        type: 'unprepared',
        attempt,
        message: messageOf(error),
        ...(typeof text === 'object' && { text }),
      };
    }
  }

  /** A new session, number `attempt`, not yet connected. */
  open(attempt: number): Session {
    return this.opener.open(attempt);
  }

  /** Connects `session` through `launcher`: what came of it, or nothing when the session was closed meanwhile. */
  async connect(session: Session, launcher: Launcher): Promise<SessionEvent | undefined> {
    try {
      await this.handshake(session, launcher);
    } catch (error) {
      if (!this.reports.isCurrent(session) || session.closing) return undefined;
      return this.failed(session, launcher, error);
    }
    if (!this.reports.isCurrent(session) || session.closing) return undefined;
    const { attempt } = session;
    if (session.signInError) return { ...this.auth.signInNeeded(session.signInError), attempt };
    session.connected = true;
    return { type: 'connected', attempt, at: Date.now() };
  }

  /** The handshake; rejects with `InitTimeout` when it takes longer than a start may, or with the session's loss. */
  private async handshake(session: Session, launcher: Launcher): Promise<void> {
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
   * After a start failed with `error`: a fallback to the older protocol or transport (its session closed),
   * a refusal only the person can fix, a wait for a sign-in, or a failure.
   */
  private async failed(session: Session, launcher: Launcher, error: unknown): Promise<SessionEvent> {
    const { name, log } = this.settings;
    const { attempt } = session;
    if (commandMissing(error, session.exit)) {
      // Trying again finds no command either: it waits for the person, as a refusal does.
      await session.stderrSettled;
      const line = this.opener.stderrTail(session).at(-1);
      const words = said(
        session.exit
          ? {
              id: 'host.servers.commandNotFoundInside',
              values: {
                message: exitText(name, session.exit),
                found: line === undefined ? 'no' : 'yes',
                line: line ?? '',
              },
            }
          : { id: 'host.servers.thenRestart', values: { message: launcher.explain(error) } },
      );
      return { type: 'refused', attempt, ...words };
    }
    if (session.exit && !this.eras.get(launcher.key)) {
      // It quit on the protocol-era probe, as servers on some older SDKs do: it speaks the older protocol.
      this.eras.set(launcher.key, { kind: 'legacy' });
      log.note(
        'info',
        'The server quit on the protocol version probe; starting it again with the older protocol.',
      );
      await closeSession(session, name);
      return { type: 'fallback', attempt, launcher };
    }
    if (this.eras.get(launcher.key)?.kind === 'legacy' && isVersionRefused(error)) {
      // It was remembered as speaking the older protocol and now refuses it: ask it again which it speaks.
      this.eras.set(launcher.key, undefined);
      log.note('info', 'The server no longer speaks the older protocol; asking it which versions it speaks.');
      await closeSession(session, name);
      return { type: 'fallback', attempt, launcher };
    }
    const turnedAway = this.auth.turnedAway(error);
    if (turnedAway) return { ...turnedAway, attempt };
    if (launcher.fallback?.(error)) {
      log.note(
        'info',
        `${said(launcher.explain(error)).message} Trying the older HTTP+SSE transport, as the spec's backwards compatibility asks.`,
      );
      await closeSession(session, name);
      return { type: 'fallback', attempt, launcher };
    }
    return this.opener.failed(session, startFailure(name, error, session.exit, this.initTimeoutMs, launcher));
  }
}
