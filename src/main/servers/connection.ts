// One configured server's lifecycle: start, state, automatic restarts, calls, and what it offers.
import type { Client, ClientCapabilities } from '@modelcontextprotocol/client';
import type {
  ConnectionFailure,
  ConnectionState,
  Json,
  LogEntry,
  LogLevel,
  ServerEntry,
  ServerView,
  ToolCallResult,
  WireEntry,
} from '../../shared/types';
import { HostFault, messageOf } from '../errors';
import { capabilitiesFor } from './appMeta';
import type { BuiltinScripts } from './builtin';
import { Catalogue } from './catalogue';
import { type Discovery, describeServer } from './discovery';
import { type FilledEnv, MissingValue } from './entryReferences';
import { type EraCache, MemoryEraCache } from './eras';
import { callFailure, countedMessage, exitFailure, firstLine, seconds } from './failures';
import { type Launcher, launcherFor, UnsupportedEntry } from './launcher';
import { type RestartOptions, RestartPolicy } from './restarts';
import { emit, ServerLog, subscribe } from './serverLog';
import { newClient, newSession, type Session } from './session';
import { tapWire } from './wireTap';

export type { EraCache } from './eras';

export type ConnectionOptions = RestartOptions & {
  clientInfo?: { name: string; version: string };
  /** How long connecting and discovering may take. */
  initTimeoutMs?: number;
  /** How long a tool call may go without an answer or progress (60 s). */
  callTimeoutMs?: number;
  eraCache?: EraCache;
  capabilities?: ClientCapabilities;
  /** Where the built-in servers' scripts are (see builtin.ts). */
  builtinScripts?: BuiltinScripts;
  /** Lets other parts of the host answer this server's requests (sampling, elicitation, roots). */
  onClientCreated?: (client: Client, server: string) => void;
  /** Fills `${input:…}` and `${env:…}` in a local server's environment when it starts. */
  fillEnv?: (server: string, env: Readonly<Record<string, string>>) => Promise<FilledEnv>;
};

export type CallProgress = { progress: number; total?: number; message?: string };

export type CallOptions = {
  signal?: AbortSignal;
  /** Without progress, a call ends after this long (60 s); progress restarts the wait, up to 10 min in all. */
  timeoutMs?: number;
  onProgress?: (progress: CallProgress) => void;
};

const STDERR_TAIL = 20;
const DEFAULT_INIT_TIMEOUT_MS = 30_000;
const DEFAULT_CALL_TIMEOUT_MS = 60_000;
const MAX_CALL_TIMEOUT_MS = 600_000;

export class ServerConnection {
  private state: ConnectionState = { kind: 'stopped' };
  private session: Session | undefined;
  private discovery: Discovery | undefined;
  private logLevel: LogLevel | undefined;
  private readonly restarts: RestartPolicy;
  /** Why the last attempt failed, shown while the server restarts; cleared once it runs. */
  private lastFailure: ConnectionFailure | undefined;
  private starting: Promise<void> | undefined;
  /** Goes up with every stop and every attempt, so an attempt that was overtaken stops where it is. */
  private generation = 0;
  private readonly eraCache: EraCache;
  private readonly log = new ServerLog();
  private readonly catalogue: Catalogue;
  private readonly changeListeners = new Set<(view: ServerView) => void>();
  private readonly resourceListeners = new Set<(uri: string) => void>();

  constructor(
    readonly name: string,
    readonly entry: ServerEntry,
    private readonly options: ConnectionOptions = {},
  ) {
    this.eraCache = options.eraCache ?? new MemoryEraCache();
    this.restarts = new RestartPolicy(options);
    this.catalogue = new Catalogue(
      { changed: () => this.changed(), problem: (text) => this.log.note('warning', text) },
      this.initTimeoutMs,
    );
  }

  get pid(): number | undefined {
    return this.session?.pid;
  }

  get isRunning(): boolean {
    return this.state.kind === 'running';
  }

  view(): ServerView {
    return {
      name: this.name,
      entry: this.entry,
      transport: this.entry.type ?? 'stdio',
      state: this.state,
      pid: this.session?.pid,
      ...this.discovery,
      logLevel: this.logLevel,
      ...this.catalogue.lists,
    };
  }

  logs(): LogEntry[] {
    return this.log.logs();
  }

  wire(): WireEntry[] {
    return this.log.wire();
  }

  /** Adds a line of the host's own to this server's log (e.g. what one of its app views did). */
  note(level: LogLevel, text: string): void {
    this.log.note(level, text);
  }

  onDidChange(listener: (view: ServerView) => void): () => void {
    return subscribe(this.changeListeners, listener);
  }

  onDidLog(listener: (entries: LogEntry[]) => void): () => void {
    return this.log.onDidLog(listener);
  }

  onDidWire(listener: (entries: WireEntry[]) => void): () => void {
    return this.log.onDidWire(listener);
  }

  onDidUpdateResource(listener: (uri: string) => void): () => void {
    return subscribe(this.resourceListeners, listener);
  }

  /** Starts the server; resolves once it is running or has failed. Never throws. */
  start(): Promise<void> {
    if (this.starting) return this.starting;
    if (this.session && !this.session.failed) return Promise.resolve();
    this.restarts.reset();
    return this.attempt();
  }

  /** Ends the server and its whole process tree. */
  async stop(): Promise<void> {
    this.generation += 1;
    this.restarts.cancel();
    const session = this.session;
    this.session = undefined;
    this.starting = undefined;
    this.discovery = undefined;
    this.catalogue.clear();
    this.setState({ kind: 'stopped' });
    if (session) await this.close(session, `Server "${this.name}" was stopped.`);
  }

  /** Stops and starts again; always allowed, also after automatic restarts gave up. */
  async restart(): Promise<void> {
    await this.stop();
    this.restarts.reset();
    await this.attempt('restarting');
  }

  async callTool(
    tool: string,
    args: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<ToolCallResult> {
    const session = this.requireRunning();
    const timeout = Math.min(
      options.timeoutMs ?? this.options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
      MAX_CALL_TIMEOUT_MS,
    );
    const call = session.client.callTool(
      { name: tool, arguments: args },
      {
        signal: options.signal,
        timeout,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: MAX_CALL_TIMEOUT_MS,
        onprogress: options.onProgress
          ? ({ progress, total, message }) => options.onProgress?.({ progress, total, message })
          : undefined,
      },
    );
    try {
      const result = await Promise.race([call, session.lost]);
      return result as ToolCallResult;
    } catch (error) {
      throw callFailure(error, this.name, tool, timeout, options.signal);
    }
  }

  /**
   * Runs `work` with this server's client while it is running; the promise rejects at once if the
   * server exits meanwhile, and errors come back in plain words naming `what`.
   */
  async withClient<T>(what: string, work: (client: Client) => Promise<T>): Promise<T> {
    const session = this.requireRunning();
    try {
      return await Promise.race([work(session.client), session.lost]);
    } catch (error) {
      if (error instanceof HostFault) throw error;
      throw new HostFault('server_error', `${what} on "${this.name}" failed: ${messageOf(error)}`, {
        cause: error,
      });
    }
  }

  async setLogLevel(level: LogLevel): Promise<void> {
    const session = this.requireRunning();
    if (session.client.getProtocolEra() === 'modern') {
      throw new HostFault(
        'unsupported',
        `"${this.name}" uses a protocol version without a log level setting.`,
      );
    }
    if (!session.client.getServerCapabilities()?.logging) {
      throw new HostFault(
        'unsupported',
        `"${this.name}" does not offer logging, so its log level cannot be set.`,
      );
    }
    await Promise.race([session.client.setLoggingLevel(level), session.lost]);
    this.logLevel = level;
    this.log.note('info', `Log level set to ${level}.`);
    this.changed();
  }

  /** Resolves once every list refresh under way has finished. */
  listsSettled(): Promise<void> {
    return this.catalogue.settled();
  }

  private get initTimeoutMs(): number {
    return this.options.initTimeoutMs ?? DEFAULT_INIT_TIMEOUT_MS;
  }

  private async attempt(kind: 'starting' | 'restarting' = 'starting'): Promise<void> {
    const run = this.connect(kind).finally(() => {
      if (this.starting === run) this.starting = undefined;
    });
    this.starting = run;
    return run;
  }

  private async connect(kind: 'starting' | 'restarting'): Promise<void> {
    this.setState(
      kind === 'starting'
        ? { kind }
        : { kind, attempt: this.restarts.failures + 1, lastFailure: this.lastFailure },
    );
    const generation = ++this.generation;
    const fill = this.options.fillEnv;
    let launcher: Launcher;
    try {
      launcher = launcherFor(this.entry, {
        builtinScripts: this.options.builtinScripts,
        fillEnv: fill && ((env) => fill(this.name, env)),
      });
      await launcher.prepare?.();
    } catch (error) {
      if (generation !== this.generation) return;
      // Only the person can fix an entry this build cannot run or a value it lacks: no automatic retry.
      this.restarts.giveUp();
      const message =
        error instanceof UnsupportedEntry
          ? `${error.message} "${this.name}" was not connected.`
          : error instanceof MissingValue
            ? error.message
            : `"${this.name}" could not be prepared to start: ${messageOf(error)}`;
      this.setState({ kind: 'error', error: { message, stderrTail: [], gaveUp: true } });
      return;
    }
    if (generation !== this.generation) return;
    const session = this.openSession();
    const timeoutMs = this.initTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new InitTimeout()), timeoutMs);
    });
    try {
      await Promise.race([this.handshake(session, launcher), timedOut, session.lost]);
      if (session !== this.session || session.closing) return;
      session.connected = true;
      // The failure count goes on until this run proves stable (see RestartPolicy).
      this.restarts.started();
      this.lastFailure = undefined;
      this.setState({ kind: 'running', since: Date.now() });
    } catch (error) {
      if (session !== this.session || session.closing) return;
      if (session.exit && !this.eraCache.get(launcher.key)) {
        // It quit on the protocol-era probe, as servers on some older SDKs do: it speaks the older protocol.
        this.eraCache.set(launcher.key, { kind: 'legacy' });
        this.log.note(
          'info',
          'The server quit on the protocol version probe; starting it again with the older protocol.',
        );
        clearTimeout(timer);
        await session.client.close().catch(() => {});
        return this.connect(kind);
      }
      const failure: ConnectionFailure = session.exit
        ? exitFailure(this.name, session.exit)
        : {
            message:
              error instanceof InitTimeout
                ? `"${this.name}" did not finish starting within ${seconds(timeoutMs)}. ${launcher.slowStartAdvice}`
                : launcher.explain(error),
            stderrTail: [],
          };
      this.fail(session, failure);
    } finally {
      clearTimeout(timer);
    }
  }

  private openSession(): Session {
    const live = () => session === this.session;
    const capabilities = capabilitiesFor(this.entry, this.options.capabilities);
    const client = newClient(
      { ...this.options, capabilities },
      {
        listChanged: (lists) => this.catalogue.refreshSoon(client, lists, live),
        resourceUpdated: (uri) => {
          if (live()) emit(this.resourceListeners, uri);
        },
        log: (level, logger, text) => this.log.add({ source: 'notification', level, logger, text }),
      },
    );
    const session = newSession(client, this.log.lastSeq);
    client.onerror = (error) => {
      if (live() && !session.closing) this.log.note('warning', firstLine(messageOf(error)));
    };
    client.onclose = () => {
      if (live() && !session.closing && !session.failed && session.connected) {
        this.lose(session, {
          message: `The connection to "${this.name}" closed unexpectedly.`,
          stderrTail: [],
        });
      }
    };
    this.options.onClientCreated?.(client, this.name);
    this.session = session;
    return session;
  }

  private async handshake(session: Session, launcher: Launcher): Promise<void> {
    const transport = await launcher.open({
      log: (source, level, text) => this.log.add({ source, level, text }),
      spawned: (pid) => {
        session.pid = pid;
        if (session === this.session) this.changed();
      },
      exited: (exit, stderrSettled) => {
        session.exit = exit;
        session.stderrSettled = stderrSettled;
        if (session !== this.session || session.closing || session.failed) return;
        if (session.connected) this.lose(session, exitFailure(this.name, exit));
        else session.loseWith(new HostFault('server_exited', exitFailure(this.name, exit).message));
      },
    });
    tapWire(transport, (direction, message) =>
      this.log.addWire(direction, masked(message as unknown as Json, launcher.mask)),
    );
    session.transport = transport;
    if (session.closing) return;
    const prior = this.eraCache.get(launcher.key);
    try {
      await session.client.connect(transport, { prior, timeout: this.initTimeoutMs });
    } catch (error) {
      if (prior?.kind === 'modern') this.eraCache.set(launcher.key, undefined);
      throw error;
    }
    const client = session.client;
    const discover = client.getDiscoverResult();
    this.eraCache.set(
      launcher.key,
      client.getProtocolEra() === 'modern' && discover ? { kind: 'modern', discover } : { kind: 'legacy' },
    );
    this.discovery = describeServer(client);
    await this.catalogue.load(client, () => session === this.session);
  }

  /** The session ended on its own: settle its requests and report. */
  private lose(session: Session, failure: ConnectionFailure): void {
    session.loseWith(new HostFault('server_exited', failure.message));
    this.fail(session, failure);
  }

  private fail(session: Session, failure: ConnectionFailure): void {
    if (session.failed) return;
    session.failed = true;
    session.loseWith(new HostFault('server_exited', failure.message));
    const uptime = session.connected ? this.restarts.uptime() : undefined;
    const delay = this.restarts.failed();
    this.discovery = undefined;
    this.catalogue.clear();
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
      if (this.state.kind !== 'error' || this.state.error !== error) return;
      error.stderrTail = this.log.stderrSince(session.firstSeq, STDERR_TAIL);
      this.changed();
    });
    if (delay === undefined) {
      error.gaveUp = true;
      this.log.note('error', message);
    } else {
      error.retryAt = Date.now() + delay;
      this.log.note('error', `${message} Restarting in ${seconds(delay)}.`);
      this.restarts.schedule(() => void this.attempt('restarting'), delay);
    }
    this.setState({ kind: 'error', error });
    void this.close(session);
  }

  private async close(session: Session, reason?: string): Promise<void> {
    session.closing = true;
    if (reason) session.loseWith(new HostFault('not_running', reason));
    // While the era probe runs the client does not hold the transport yet, so close both.
    await Promise.all([session.client.close().catch(() => {}), session.transport?.close().catch(() => {})]);
  }

  private requireRunning(): Session {
    const session = this.session;
    if (!session || this.state.kind !== 'running') {
      throw new HostFault('not_running', `"${this.name}" is not running (it is ${this.state.kind}).`);
    }
    return session;
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    this.changed();
  }

  private changed(): void {
    emit(this.changeListeners, this.view());
  }
}

class InitTimeout extends Error {}

/** `message` with the launcher's secrets masked; the frame itself goes on unchanged. */
function masked(message: Json, mask: ((text: string) => string) | undefined): Json {
  if (!mask) return message;
  const text = JSON.stringify(message);
  const hidden = mask(text);
  if (hidden === text) return message;
  try {
    return JSON.parse(hidden) as Json;
  } catch {
    return { note: 'A frame holding a secret value was left out of the protocol log.' };
  }
}
