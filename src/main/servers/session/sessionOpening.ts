// A session's parts: its client wired to the connection, its transport tapped for the protocol log, its lists and tasks.
import { said } from '../../../shared/hostText';
import type { ConnectionFailure, LogLevel, ServerEntry } from '../../../shared/types';
import { isRemoteEntry } from '../../../shared/types';
import { firstLine, HostFault, messageOf } from '../../errors';
import { serverIdentity } from '../../trust/identity';
import { insufficientScopeOf, needsSignIn } from '../auth/errors';
import { capabilitiesFor } from '../catalogue/appMeta';
import type { ShownCatalogue } from '../catalogue/shownCatalogue';
import { maskFrame } from '../log/frameMask';
import { stampLogLevel } from '../log/logLevelStamp';
import type { ServerLog } from '../log/serverLog';
import { tapWire } from '../log/wireTap';
import type { Launcher } from '../transport/launcher';
import type { ConnectionOptions } from './connectionOptions';
import type { ConnectionSignIn } from './connectionSignIn';
import type { EraCache } from './eras';
import { exitFailure, exitText, watchStrayOutput } from './failures';
import type { SessionEvent } from './lifecycle';
import { RawRequests } from './rawRequests';
import { ServerTasks } from './serverTasks';
import { connectClient, newClient, newSession, type Session } from './session';

/** How many of the server's last stderr lines a failure shows. */
const STDERR_TAIL = 20;

/** What one connection's sessions work with. */
export type SessionSettings = {
  name: string;
  entry: ServerEntry;
  options: ConnectionOptions;
  log: ServerLog;
  shown: ShownCatalogue;
  /** The log level the person set, which travels with each request to a 2026-07-28 server. */
  logLevel: () => LogLevel | undefined;
};

/** What a session tells its connection. */
export type SessionReports = {
  /** True while `session` is the connection's current one; an older session's reports are dropped. */
  isCurrent: (session: Session) => boolean;
  /** The view changed (the process started). */
  changed: () => void;
  resourceUpdated: (uri: string) => void;
  /** What happened to the session: it was lost, forgotten by the server, or turned away. */
  report: (event: SessionEvent) => void;
};

type SignIn = Pick<ConnectionSignIn, 'needMoreScopes' | 'signInNeeded'>;

export class SessionOpener {
  private via: 'http' | 'sse' | undefined;

  /** `eras` remembers the server's protocol era; `initTimeoutMs` bounds connecting and discovering. */
  constructor(
    private readonly settings: SessionSettings,
    private readonly eras: EraCache,
    private readonly initTimeoutMs: number,
    private readonly auth: SignIn,
    private readonly reports: SessionReports,
  ) {}

  /** For a remote server: the transport its last session used. */
  get connectedVia(): 'http' | 'sse' | undefined {
    return this.via;
  }

  /** A new session, number `attempt`, not yet connected, whose client reports to the connection. */
  open(attempt: number): Session {
    const { name, entry, options, log, shown } = this.settings;
    const live = () => this.reports.isCurrent(session);
    // Over HTTP a slow answer to the era probe is not a sign of an older server, as silence is on stdio.
    const probeTimeoutMs = isRemoteEntry(entry) ? this.initTimeoutMs : undefined;
    const capabilities = capabilitiesFor(entry, options.capabilities);
    const client = newClient(
      { ...options, capabilities, probeTimeoutMs, responseCacheStore: shown.cache },
      {
        listChanged: (lists) => shown.refreshSoon(client, lists, live),
        resourceUpdated: (uri) => {
          if (live()) this.reports.resourceUpdated(uri);
        },
        log: (level, logger, text) => log.add({ source: 'notification', level, logger, text }),
        elicitationComplete: (id) => {
          if (live()) options.onElicitationComplete?.(name, id);
        },
      },
    );
    const session = newSession(client, log.lastSeq, attempt);
    client.onerror = (error) => {
      if (!live() || session.closing) return;
      const scope = insufficientScopeOf(error);
      if (scope) this.auth.needMoreScopes(scope.requiredScope);
      else if (needsSignIn(error)) {
        if (session.connected) return this.reports.report({ ...this.auth.signInNeeded(error), attempt });
        session.signInError ??= error;
      }
      log.note('warning', firstLine(messageOf(error)));
    };
    client.onclose = () => {
      if (live() && !session.closing && session.connected) {
        this.reports.report(
          this.failed(session, {
            ...said({ id: 'host.servers.connectionClosed', values: { name } }),
            stderrTail: [],
          }),
        );
      }
    };
    options.onClientCreated?.(client, name);
    return session;
  }

  /** Opens the session's transport through `launcher`, connects its client, and reads the server's lists and tasks. */
  async handshake(session: Session, launcher: Launcher): Promise<void> {
    const { name, entry, options, log, shown } = this.settings;
    const live = () => this.reports.isCurrent(session);
    const stray = watchStrayOutput((error) => {
      if (live() && !session.closing && !session.connected) session.loseWith(error);
    });
    const transport = await launcher.open({
      log: (source, level, text) => {
        log.add({ source, level, text });
        if (source === 'stdout') stray.noise(text);
      },
      spawned: (pid) => {
        session.pid = pid;
        if (live()) this.reports.changed();
      },
      exited: (exit, stderrSettled) => {
        session.exit = exit;
        session.stderrSettled = stderrSettled;
        if (!live() || session.closing) return;
        if (session.connected) this.reports.report(this.failed(session, exitFailure(name, exit)));
        else session.loseWith(new HostFault('server_exited', exitText(name, exit)));
      },
      http: (record) => log.addHttp(record),
      note: (level, text) => log.note(level, text),
      broken: (problem) => {
        if (!live() || session.closing || !session.connected) return;
        const lost = {
          ...said({
            id: 'host.servers.connectionLost',
            values: { name, problem: problem.text ?? problem.message },
          }),
          stderrTail: [],
        };
        if (problem.kind !== 'session-expired') return this.reports.report(this.failed(session, lost));
        const { failure, at } = this.failed(session, lost);
        this.reports.report({
          type: 'session-expired',
          attempt: session.attempt,
          problem: problem.message,
          failure,
          at,
        });
      },
    });
    this.via = launcher.via;
    const raw = new RawRequests((message) => transport.send(message));
    tapWire(
      transport,
      (direction, message) => {
        if (direction === 'in') stray.heard();
        log.addWire(direction, maskFrame(message, launcher.mask));
      },
      (message) => raw.consume(message),
    );
    stampLogLevel(transport, () =>
      session.client.getProtocolEra() === 'modern' ? this.settings.logLevel() : undefined,
    );
    session.raw = raw;
    session.transport = transport;
    if (session.closing) return;
    await connectClient(session, transport, this.eras, launcher.key, this.initTimeoutMs);
    const client = session.client;
    if (!(await shown.load(client, live))) return;
    session.tasks = ServerTasks.open(client, raw, {
      endpointId: serverIdentity(entry),
      clientInfo: options.clientInfo ?? { name: 'switchboard', version: '0.1.0' },
      capabilities: options.capabilities ?? {},
      tool: (tool) => shown.live.tools.find((item) => item.name === tool),
      input: (request, signal) =>
        options.taskInput
          ? options.taskInput(name, request, signal)
          : Promise.reject(new Error('This host cannot answer requests during tasks.')),
      problem: (text) => log.note('warning', text),
    });
  }

  /** The session failed with `failure`, shown with the server's last stderr lines so far. */
  failed(session: Session, failure: ConnectionFailure): Extract<SessionEvent, { type: 'failed' }> {
    const stderrTail = this.settings.log.stderrSince(session.firstSeq, STDERR_TAIL);
    return { type: 'failed', attempt: session.attempt, failure: { ...failure, stderrTail }, at: Date.now() };
  }

  /** The failed session's last stderr lines, once they are all in (the process may still be writing). */
  stderrTail(session: Session): string[] {
    return this.settings.log.stderrSince(session.firstSeq, STDERR_TAIL);
  }
}
