// One configured server's lifecycle: start, state, automatic restarts, calls, and what it offers.
import type { Client, ClientCapabilities } from '@modelcontextprotocol/client';
import type { TaskView } from '../../shared/chat';
import type {
  ConnectionFailure,
  ConnectionState,
  Json,
  LogEntry,
  LogLevel,
  ServerEntry,
  ServerView,
  ToolCallResult,
  ToolView,
  WireEntry,
} from '../../shared/types';
import { HostFault, messageOf } from '../errors';
import type { BuiltinScripts } from './builtin';
import { Catalogue } from './catalogue';
import type { CatalogueCache, CatalogueSnapshot, ServerCatalogueCache } from './catalogueCache';
import { type Discovery, describeServer } from './discovery';
import { entryIdentity } from './entryIdentity';
import { type EraCache, MemoryEraCache } from './eras';
import { callFailure, exitFailure, firstLine, seconds } from './failures';
import { type Launcher, launcherFor, UnsupportedEntry } from './launcher';
import { stampLogLevel } from './logLevelStamp';
import { RawRequests } from './rawRequests';
import { RestartPolicy } from './restarts';
import { emit, ServerLog, subscribe } from './serverLog';
import { ServerTasks, type TaskInput } from './serverTasks';
import { newClient, newSession, type Session } from './session';
import { tapWire } from './wireTap';

export type { EraCache } from './eras';

export type ConnectionOptions = {
  clientInfo?: { name: string; version: string };
  /** How long connecting and discovering may take. */
  initTimeoutMs?: number;
  /** Waits before automatic restarts; the last one repeats. */
  backoffMs?: number[];
  /** Automatic restarts stop after this many failures in a row. */
  maxFailures?: number;
  eraCache?: EraCache;
  capabilities?: ClientCapabilities;
  /** Where the built-in servers' scripts are (see builtin.ts). */
  builtinScripts?: BuiltinScripts;
  /** Lets other parts of the host answer this server's requests (sampling, elicitation, roots). */
  onClientCreated?: (client: Client, server: string) => void;
  /** Where each server's last catalogue is kept, to show it before the server answers. */
  catalogueCache?: CatalogueCache;
  /** Told when the server says a link it asked the person to open is done with. */
  onElicitationComplete?: (server: string, elicitationId: string) => void;
  /** Answers a task's request for input (elicitation, sampling, roots) like the server's own requests. */
  taskInput?: (server: string, request: TaskInput, signal?: AbortSignal) => Promise<unknown>;
};

export type CallProgress = { progress: number; total?: number; message?: string };

export type CallOptions = {
  signal?: AbortSignal;
  /** Without progress, a call ends after this long (60 s); progress restarts the wait, up to 10 min in all. */
  timeoutMs?: number;
  onProgress?: (progress: CallProgress) => void;
  /**
   * Lets the server run the call as a task where it supports tasks; told when it does and at each
   * change. The call then resolves when the task ends (cancelled by `signal` or `cancelTask`).
   */
  onTask?: (task: TaskView) => void;
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
  private starting: Promise<void> | undefined;
  private readonly eraCache: EraCache;
  private readonly log = new ServerLog();
  private readonly catalogue: Catalogue;
  private readonly cache: ServerCatalogueCache | undefined;
  /** What the cache held when the live lists were last dropped (or at launch). */
  private cached: CatalogueSnapshot | undefined;
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
    this.cache = options.catalogueCache?.forEntry(entry);
    this.cached = this.cache?.snapshot();
  }

  get pid(): number | undefined {
    return this.session?.pid;
  }

  get isRunning(): boolean {
    return this.state.kind === 'running';
  }

  view(): ServerView {
    const cached = this.catalogue.isLive ? undefined : this.cached;
    return {
      name: this.name,
      entry: this.entry,
      transport: this.entry.type ?? 'stdio',
      state: this.state,
      pid: this.session?.pid,
      ...(this.discovery ?? cached?.discovery),
      logLevel: this.logLevel,
      ...(cached?.lists ?? this.catalogue.lists),
      ...(cached ? { cachedAt: cached.savedAt } : {}),
    };
  }

  /**
   * The tool as the running server defines it now; `undefined` when it has no such tool. Throws
   * when the server is not running: a cached definition never stands in here.
   */
  liveTool(name: string): ToolView | undefined {
    this.requireRunning();
    return this.catalogue.lists.tools.find((tool) => tool.name === name);
  }

  /** Adds a note of the host's to this server's log. */
  note(level: LogLevel, text: string): void {
    this.log.note(level, text);
  }

  logs(): LogEntry[] {
    return this.log.logs();
  }

  wire(): WireEntry[] {
    return this.log.wire();
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

  /**
   * Gets the server running for a use (a tool call, a prompt, a read): a lazy server
   * (`autoStart: false`) that is stopped starts now, a server that is starting is waited for.
   */
  async startForUse(): Promise<void> {
    if (this.state.kind === 'running') return;
    if (this.starting) await this.starting;
    else if (this.state.kind === 'stopped' && this.entry.autoStart === false && !this.entry.disabled) {
      await this.start();
    }
  }

  /** Ends the server and its whole process tree. */
  async stop(): Promise<void> {
    this.restarts.cancel();
    const session = this.session;
    this.session = undefined;
    this.starting = undefined;
    this.dropLive();
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
    await this.startForUse();
    const session = this.requireRunning();
    const timeout = Math.min(options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, MAX_CALL_TIMEOUT_MS);
    if (session.tasks && options.onTask && session.tasks.mayRunAsTask(tool)) {
      const work = session.tasks.call(tool, args, {
        signal: options.signal,
        timeoutMs: timeout,
        onTask: options.onTask,
      });
      return this.settleCall(work, session, tool, timeout, options.signal);
    }
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
    return this.settleCall(call as Promise<ToolCallResult>, session, tool, timeout, options.signal);
  }

  /** Follows a task an earlier run saved (`TaskView.reference`) until it ends; starts a lazy server first. */
  async resumeTask(
    tool: string,
    reference: Json,
    options: { onTask: (task: TaskView) => void },
  ): Promise<ToolCallResult> {
    await this.startForUse();
    const session = this.requireRunning();
    if (!session.tasks) {
      throw new HostFault(
        'unsupported',
        `"${this.name}" no longer runs tasks, so this one cannot be followed.`,
      );
    }
    const work = session.tasks.resume(reference, {
      timeoutMs: DEFAULT_CALL_TIMEOUT_MS,
      onTask: options.onTask,
    });
    return this.settleCall(work, session, tool, DEFAULT_CALL_TIMEOUT_MS);
  }

  /** Asks the server to cancel one of its tasks. */
  async cancelTask(taskId: string): Promise<void> {
    const session = this.requireRunning();
    if (!session.tasks) throw new HostFault('unsupported', `"${this.name}" does not run tasks.`);
    await Promise.race([session.tasks.cancel(taskId), session.lost]);
  }

  /**
   * Runs `work` with this server's client while it is running; the promise rejects at once if the
   * server exits meanwhile, and errors come back in plain words naming `what`.
   */
  async withClient<T>(what: string, work: (client: Client) => Promise<T>): Promise<T> {
    await this.startForUse();
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

  /** A call's result, or its failure in plain words; it ends at once when the server is lost. */
  private async settleCall(
    work: Promise<ToolCallResult>,
    session: Session,
    tool: string,
    timeout: number,
    signal?: AbortSignal,
  ): Promise<ToolCallResult> {
    try {
      return await Promise.race([work, session.lost]);
    } catch (error) {
      throw callFailure(error, this.name, tool, timeout, signal);
    }
  }

  /** Sets the server's log level: with `logging/setLevel`, or on 2026-07-28 servers in every request from now on. */
  async setLogLevel(level: LogLevel): Promise<void> {
    const session = this.requireRunning();
    if (!session.client.getServerCapabilities()?.logging) {
      throw new HostFault(
        'unsupported',
        `"${this.name}" does not offer logging, so its log level cannot be set.`,
      );
    }
    // The 2026-07-28 protocol has no setLevel: the level travels with each request (see stampLogLevel).
    if (session.client.getProtocolEra() !== 'modern') {
      await Promise.race([session.client.setLoggingLevel(level), session.lost]);
    }
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
    this.setState(kind === 'starting' ? { kind } : { kind, attempt: this.restarts.failures + 1 });
    let launcher: Launcher;
    try {
      launcher = launcherFor(this.entry, { builtinScripts: this.options.builtinScripts });
    } catch (error) {
      if (!(error instanceof UnsupportedEntry)) throw error;
      this.restarts.giveUp();
      this.setState({
        kind: 'error',
        error: {
          message: `${error.message} "${this.name}" was not connected.`,
          stderrTail: [],
          gaveUp: true,
        },
      });
      return;
    }
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
      this.restarts.reset();
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
    const client = newClient(
      { ...this.options, responseCacheStore: this.cache },
      {
        listChanged: (lists) => this.catalogue.refreshSoon(client, lists, live),
        resourceUpdated: (uri) => {
          if (live()) emit(this.resourceListeners, uri);
        },
        log: (level, logger, text) => this.log.add({ source: 'notification', level, logger, text }),
        elicitationComplete: (id) => {
          if (live()) this.options.onElicitationComplete?.(this.name, id);
        },
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
    const raw = new RawRequests((message) => transport.send(message));
    tapWire(
      transport,
      (direction, message) => this.log.addWire(direction, message as unknown as Json),
      (message) => raw.consume(message),
    );
    stampLogLevel(transport, () =>
      session.client.getProtocolEra() === 'modern' ? this.logLevel : undefined,
    );
    session.raw = raw;
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
    const discovery = describeServer(client);
    this.discovery = discovery;
    await this.catalogue.load(client, () => session === this.session);
    if (session !== this.session) return;
    this.cache?.saveDiscovery(discovery);
    session.tasks = ServerTasks.open(client, raw, {
      endpointId: entryIdentity(this.entry),
      clientInfo: this.options.clientInfo ?? { name: 'switchboard', version: '0.1.0' },
      capabilities: this.options.capabilities ?? {},
      tool: (name) => this.catalogue.lists.tools.find((item) => item.name === name),
      input: (request, signal) =>
        this.options.taskInput
          ? this.options.taskInput(this.name, request, signal)
          : Promise.reject(new Error('This host cannot answer requests during tasks.')),
      problem: (text) => this.log.note('warning', text),
    });
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
    const delay = this.restarts.failed();
    this.dropLive();
    const error: ConnectionFailure = {
      ...failure,
      failures: this.restarts.failures,
      stderrTail: this.log.stderrSince(session.firstSeq, STDERR_TAIL),
    };
    void session.stderrSettled?.then(() => {
      if (this.state.kind !== 'error' || this.state.error !== error) return;
      error.stderrTail = this.log.stderrSince(session.firstSeq, STDERR_TAIL);
      this.changed();
    });
    if (delay === undefined) {
      error.gaveUp = true;
      this.log.note(
        'error',
        `${failure.message} Gave up after ${this.restarts.failures} failures in a row; use Restart to try again.`,
      );
    } else {
      error.retryAt = Date.now() + delay;
      this.log.note('error', `${failure.message} Restarting in ${Math.round(delay / 100) / 10} s.`);
      this.restarts.schedule(() => void this.attempt('restarting'), delay);
    }
    this.setState({ kind: 'error', error });
    void this.close(session);
  }

  private async close(session: Session, reason?: string): Promise<void> {
    session.closing = true;
    if (reason) session.loseWith(new HostFault('not_running', reason));
    session.tasks?.close();
    session.raw?.close(new HostFault('not_running', reason ?? `"${this.name}" stopped.`));
    // While the era probe runs the client does not hold the transport yet, so close both.
    await Promise.all([session.client.close().catch(() => {}), session.transport?.close().catch(() => {})]);
  }

  /** Forgets what the last session said; the view falls back to the cache, which now holds it. */
  private dropLive(): void {
    this.discovery = undefined;
    this.catalogue.clear();
    this.cached = this.cache?.snapshot();
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
