// One MCP client for one configured server: its lifecycle, state, lists, logs and wire.
import {
  Client,
  type ClientCapabilities,
  type PriorDiscovery,
  type Transport,
} from '@modelcontextprotocol/client';
import type {
  ConnectionFailure,
  ConnectionState,
  Json,
  LogEntry,
  LogLevel,
  ServerEntry,
  ServerView,
  StdioServerEntry,
  ToolCallResult,
  WireEntry,
} from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';
import { HostFault, messageOf } from '../errors';
import { Batcher } from './batcher';
import { type BuiltinScripts, resolveBuiltin } from './builtin';
import {
  type Discovery,
  describeServer,
  fetchList,
  LIST_NAMES,
  type ListName,
  type Lists,
} from './discovery';
import { RingBuffer } from './ringBuffer';
import { commandLine, createStdioTransport, type ProcessExit } from './stdio';
import { tapWire } from './wireTap';

/** Remembers each server's negotiated protocol era, so a later connect need not probe again. */
export interface EraCache {
  get(key: string): PriorDiscovery | undefined;
  set(key: string, prior: PriorDiscovery | undefined): void;
}

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
};

export type CallProgress = { progress: number; total?: number; message?: string };

export type CallOptions = {
  signal?: AbortSignal;
  /** Without progress, a call ends after this long (60 s); progress restarts the wait, up to 10 min in all. */
  timeoutMs?: number;
  onProgress?: (progress: CallProgress) => void;
};

const LOG_CAPACITY = 5000;
const WIRE_CAPACITY = 2000;
const STDERR_TAIL = 20;
const DEFAULT_CALL_TIMEOUT_MS = 60_000;
const MAX_CALL_TIMEOUT_MS = 600_000;

type Session = {
  client: Client;
  /** Log entries after this one belong to this session. */
  firstSeq: number;
  transport?: Transport;
  pid?: number;
  /** Set once the handshake is done; an exit before that is the start's failure. */
  connected: boolean;
  exit?: ProcessExit;
  stderrSettled?: Promise<void>;
  closing: boolean;
  failed: boolean;
  /** Rejects when the session ends, so pending calls settle at once. */
  lost: Promise<never>;
  loseWith: (error: Error) => void;
};

const EMPTY_LISTS: Lists = { tools: [], prompts: [], resources: [], resourceTemplates: [] };

export class ServerConnection {
  private state: ConnectionState = { kind: 'stopped' };
  private session: Session | undefined;
  private discovery: Discovery | undefined;
  private lists: Lists = EMPTY_LISTS;
  private logLevel: LogLevel | undefined;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private starting: Promise<void> | undefined;
  private readonly refreshing = new Set<Promise<void>>();
  private seq = 0;
  private readonly eraCache: EraCache;
  private readonly logBuffer = new RingBuffer<LogEntry>(LOG_CAPACITY);
  private readonly wireBuffer = new RingBuffer<WireEntry>(WIRE_CAPACITY);
  private readonly changeListeners = new Set<(view: ServerView) => void>();
  private readonly logListeners = new Set<(entries: LogEntry[]) => void>();
  private readonly wireListeners = new Set<(entries: WireEntry[]) => void>();
  private readonly resourceListeners = new Set<(uri: string) => void>();
  private readonly logBatch = new Batcher<LogEntry>((entries) => emit(this.logListeners, entries));
  private readonly wireBatch = new Batcher<WireEntry>((entries) => emit(this.wireListeners, entries));

  constructor(
    readonly name: string,
    readonly entry: ServerEntry,
    private readonly options: ConnectionOptions = {},
  ) {
    this.eraCache = options.eraCache ?? new MemoryEraCache();
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
      ...this.lists,
    };
  }

  logs(): LogEntry[] {
    return this.logBuffer.toArray();
  }

  wire(): WireEntry[] {
    return this.wireBuffer.toArray();
  }

  onDidChange(listener: (view: ServerView) => void): () => void {
    return subscribe(this.changeListeners, listener);
  }

  onDidLog(listener: (entries: LogEntry[]) => void): () => void {
    return subscribe(this.logListeners, listener);
  }

  onDidWire(listener: (entries: WireEntry[]) => void): () => void {
    return subscribe(this.wireListeners, listener);
  }

  /** Starts the server; resolves once it is running or has failed. Never throws. */
  start(): Promise<void> {
    if (this.starting) return this.starting;
    if (this.session && !this.session.failed) return Promise.resolve();
    this.clearRetry();
    this.failures = 0;
    return this.attempt();
  }

  /** Ends the server and its whole process tree. */
  async stop(): Promise<void> {
    this.clearRetry();
    const session = this.session;
    this.session = undefined;
    this.starting = undefined;
    this.discovery = undefined;
    this.lists = EMPTY_LISTS;
    this.setState({ kind: 'stopped' });
    if (session) await this.close(session, `Server "${this.name}" was stopped.`);
  }

  /** Stops and starts again; always allowed, also after automatic restarts gave up. */
  async restart(): Promise<void> {
    await this.stop();
    this.failures = 0;
    await this.attempt('restarting');
  }

  async callTool(
    tool: string,
    args: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<ToolCallResult> {
    const session = this.requireRunning();
    const timeout = Math.min(options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, MAX_CALL_TIMEOUT_MS);
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
      throw this.explainCallError(error, tool, timeout, options.signal);
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

  onDidUpdateResource(listener: (uri: string) => void): () => void {
    return subscribe(this.resourceListeners, listener);
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
    this.note('info', `Log level set to ${level}.`);
    this.changed();
  }

  private async attempt(kind: 'starting' | 'restarting' = 'starting'): Promise<void> {
    const run = this.connect(kind).finally(() => {
      if (this.starting === run) this.starting = undefined;
    });
    this.starting = run;
    return run;
  }

  private async connect(kind: 'starting' | 'restarting'): Promise<void> {
    this.setState(kind === 'starting' ? { kind } : { kind, attempt: this.failures + 1 });
    const entry = this.entry;
    if (isRemoteEntry(entry)) {
      this.failures = this.options.maxFailures ?? 5;
      this.setState({
        kind: 'error',
        error: {
          message: `Remote servers (${entry.type}) are not supported yet; "${this.name}" was not connected.`,
          stderrTail: [],
          gaveUp: true,
        },
      });
      return;
    }
    const session = this.openSession();
    const timeoutMs = this.options.initTimeoutMs ?? 30_000;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new InitTimeout()), timeoutMs);
    });
    try {
      await Promise.race([this.handshake(session, entry), timedOut, session.lost]);
      if (session !== this.session || session.closing) return;
      session.connected = true;
      this.failures = 0;
      this.setState({ kind: 'running', since: Date.now() });
    } catch (error) {
      if (session !== this.session || session.closing) return;
      if (session.exit && !this.eraCache.get(eraKey(entry))) {
        // It quit on the protocol-era probe, as servers on some older SDKs do: it speaks the older protocol.
        this.eraCache.set(eraKey(entry), { kind: 'legacy' });
        this.note(
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
                ? `"${this.name}" did not finish starting within ${seconds(timeoutMs)}. Check that \`${commandLine(entry)}\` starts an MCP server that speaks JSON-RPC on stdio, and look at its log.`
                : startFailureMessage(error, entry),
            stderrTail: [],
          };
      this.fail(session, failure);
    } finally {
      clearTimeout(timer);
    }
  }

  private openSession(): Session {
    let loseWith: (error: Error) => void = () => {};
    const lost = new Promise<never>((_, reject) => {
      loseWith = reject;
    });
    lost.catch(() => {});
    const client = new Client(this.options.clientInfo ?? { name: 'switchboard', version: '0.1.0' }, {
      capabilities: this.options.capabilities ?? {},
      versionNegotiation: { mode: 'auto', probe: { timeoutMs: 5000 } },
      // Refreshed by us at once (not debounced), so a call right after a change sees the new definition.
      listChanged: {
        tools: {
          autoRefresh: false,
          debounceMs: 0,
          onChanged: () => this.track(this.refresh(session, 'tools')),
        },
        prompts: {
          autoRefresh: false,
          debounceMs: 0,
          onChanged: () => this.track(this.refresh(session, 'prompts')),
        },
        resources: {
          autoRefresh: false,
          debounceMs: 0,
          onChanged: () => {
            this.track(this.refresh(session, 'resources'));
            this.track(this.refresh(session, 'resourceTemplates'));
          },
        },
      },
    });
    const session: Session = {
      client,
      firstSeq: this.seq,
      connected: false,
      closing: false,
      failed: false,
      lost,
      loseWith,
    };
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      if (session === this.session) emit(this.resourceListeners, notification.params.uri);
    });
    client.setNotificationHandler('notifications/message', (notification) => {
      const { level, logger, data } = notification.params;
      this.addLog({
        source: 'notification',
        level,
        logger,
        text: typeof data === 'string' ? data : JSON.stringify(data),
      });
    });
    client.onerror = (error) => {
      if (session === this.session && !session.closing) this.note('warning', firstLine(messageOf(error)));
    };
    client.onclose = () => {
      if (session === this.session && !session.closing && !session.failed && session.connected) {
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

  private async handshake(session: Session, entry: StdioServerEntry): Promise<void> {
    const transport: Transport = await createStdioTransport(
      resolveBuiltin(entry, this.options.builtinScripts),
      {
        onStderrLine: (line) => this.addLog({ source: 'stderr', level: 'info', text: line }),
        onStdoutNoise: (line) => this.addLog({ source: 'stdout', level: 'warning', text: line }),
        onSpawn: (pid) => {
          session.pid = pid;
          if (session === this.session) this.changed();
        },
        onExit: (exit, stderrSettled) => {
          session.exit = exit;
          session.stderrSettled = stderrSettled;
          if (session !== this.session || session.closing || session.failed) return;
          if (session.connected) this.lose(session, exitFailure(this.name, exit));
          else session.loseWith(new HostFault('server_exited', exitFailure(this.name, exit).message));
        },
      },
    );
    tapWire(transport, (direction, message) => this.addWire(direction, message as unknown as Json));
    session.transport = transport;
    if (session.closing) return;
    const key = eraKey(entry);
    const prior = this.eraCache.get(key);
    try {
      await session.client.connect(transport, { prior, timeout: this.options.initTimeoutMs ?? 30_000 });
    } catch (error) {
      if (prior?.kind === 'modern') this.eraCache.set(key, undefined);
      throw error;
    }
    const client = session.client;
    const era = client.getProtocolEra();
    const discover = client.getDiscoverResult();
    this.eraCache.set(key, era === 'modern' && discover ? { kind: 'modern', discover } : { kind: 'legacy' });
    this.discovery = describeServer(client);
    this.lists = { ...EMPTY_LISTS };
    await Promise.all(LIST_NAMES.map((list) => this.refresh(session, list)));
  }

  /** Resolves once every list refresh under way has finished. */
  async listsSettled(): Promise<void> {
    while (this.refreshing.size > 0) await Promise.all(this.refreshing);
  }

  private track(refresh: Promise<void>): void {
    this.refreshing.add(refresh);
    void refresh.finally(() => this.refreshing.delete(refresh));
  }

  private async refresh(session: Session, list: ListName): Promise<void> {
    try {
      const items = await fetchList(session.client, list, { timeout: this.options.initTimeoutMs ?? 30_000 });
      if (session !== this.session) return;
      this.lists = { ...this.lists, [list]: items };
      this.changed();
    } catch (error) {
      if (session === this.session && !session.closing)
        this.note('warning', `Could not list ${list}: ${messageOf(error)}`);
    }
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
    this.failures += 1;
    this.discovery = undefined;
    this.lists = EMPTY_LISTS;
    const maxFailures = this.options.maxFailures ?? 5;
    const error: ConnectionFailure = {
      ...failure,
      failures: this.failures,
      stderrTail: this.stderrTail(session),
    };
    void session.stderrSettled?.then(() => {
      if (this.state.kind !== 'error' || this.state.error !== error) return;
      error.stderrTail = this.stderrTail(session);
      this.changed();
    });
    if (this.failures >= maxFailures) {
      error.gaveUp = true;
      this.note(
        'error',
        `${failure.message} Gave up after ${this.failures} failures in a row; use Restart to try again.`,
      );
    } else {
      const backoff = this.options.backoffMs ?? [1000, 2000, 4000, 8000, 16000, 30000];
      const delay = backoff[Math.min(this.failures - 1, backoff.length - 1)] ?? 30_000;
      error.retryAt = Date.now() + delay;
      this.note('error', `${failure.message} Restarting in ${Math.round(delay / 100) / 10} s.`);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        void this.attempt('restarting');
      }, delay);
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

  private stderrTail(session: Session): string[] {
    return this.logBuffer
      .toArray()
      .filter((entry) => entry.source === 'stderr' && entry.seq > session.firstSeq)
      .slice(-STDERR_TAIL)
      .map((entry) => entry.text);
  }

  private requireRunning(): Session {
    const session = this.session;
    if (!session || this.state.kind !== 'running') {
      throw new HostFault('not_running', `"${this.name}" is not running (it is ${this.state.kind}).`);
    }
    return session;
  }

  private explainCallError(error: unknown, tool: string, timeout: number, signal?: AbortSignal): Error {
    if (error instanceof HostFault) return error;
    if (signal?.aborted) return new HostFault('cancelled', `The call to ${tool} was cancelled.`);
    const message = messageOf(error);
    if (/timed? ?out/i.test(message)) {
      return new HostFault('timeout', `${tool} on "${this.name}" did not answer within ${seconds(timeout)}.`);
    }
    return new HostFault('server_error', `${tool} on "${this.name}" failed: ${message}`, { cause: error });
  }

  private clearRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    this.changed();
  }

  private changed(): void {
    emit(this.changeListeners, this.view());
  }

  private note(level: LogLevel, text: string): void {
    this.addLog({ source: 'host', level, text });
  }

  private addLog(entry: Omit<LogEntry, 'seq' | 'time'>): void {
    const full: LogEntry = { ...entry, seq: ++this.seq, time: Date.now() };
    this.logBuffer.push(full);
    this.logBatch.push(full);
  }

  private addWire(direction: 'in' | 'out', message: Json): void {
    const full: WireEntry = { seq: ++this.seq, time: Date.now(), direction, message };
    this.wireBuffer.push(full);
    this.wireBatch.push(full);
  }
}

class InitTimeout extends Error {}

class MemoryEraCache implements EraCache {
  private readonly entries = new Map<string, PriorDiscovery>();
  get(key: string) {
    return this.entries.get(key);
  }
  set(key: string, prior: PriorDiscovery | undefined) {
    if (prior) this.entries.set(key, prior);
    else this.entries.delete(key);
  }
}

function exitFailure(name: string, exit: ProcessExit): ConnectionFailure {
  const how = exit.signal ? `was ended by ${exit.signal}` : `exited with code ${exit.code}`;
  return { message: `"${name}" ${how}.`, exitCode: exit.code, signal: exit.signal, stderrTail: [] };
}

function startFailureMessage(error: unknown, entry: StdioServerEntry): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') {
    return `Could not find the command "${entry.command}". Check the command, or give its full path.`;
  }
  if (code === 'EACCES') return `"${entry.command}" is not executable. Check its permissions.`;
  return `Could not start \`${commandLine(entry)}\`: ${messageOf(error)}`;
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${Math.round(ms / 100) / 10} s` : `${Math.round(ms / 1000)} s`;
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

function eraKey(entry: StdioServerEntry): string {
  return JSON.stringify([entry.command, entry.args ?? [], entry.cwd ?? '']);
}

function subscribe<T>(listeners: Set<T>, listener: T): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit<T>(listeners: Set<(value: T) => void>, value: T): void {
  for (const listener of listeners) listener(value);
}
