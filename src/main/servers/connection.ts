// One configured server's lifecycle: start, state, automatic restarts, calls, and what it offers.
import type { Client } from '@modelcontextprotocol/client';
import type { TaskView } from '../../shared/chat';
import { maskEntry } from '../../shared/entrySecrets';
import type { ServerApprovalState } from '../../shared/serverApprovals';
import type {
  ConnectionFailure,
  ConnectionState,
  Json,
  LogEntry,
  LogLevel,
  ServerEntry,
  ServerView,
  SignInPrompt,
  ToolCallResult,
  ToolView,
  WireEntry,
} from '../../shared/types';
import { isRemoteEntry, machineOAuthOf } from '../../shared/types';
import { HostFault, messageOf } from '../errors';
import { serverIdentity } from '../trust/identity';
import { capabilitiesFor } from './appMeta';
import { insufficientScopeOf, needsSignIn, signInRequiredOf } from './auth/errors';
import { type MachineAuth, machineAuth } from './auth/machine';
import { grantSource } from './auth/machineConfig';
import { describeMachineFailure } from './auth/machineErrors';
import { ServerAuth } from './auth/serverAuth';
import { type CallOptions, callToolOn, setLogLevelOn, settleCall, workOn } from './calls';
import { Catalogue } from './catalogue';
import type { CatalogueSnapshot, ServerCatalogueCache } from './catalogueCache';
import type { ConnectionOptions } from './connectionOptions';
import { type Discovery, describeServer, LIST_NAMES } from './discovery';
import { type EraCache, MemoryEraCache } from './eras';
import { countedMessage, exitFailure, firstLine, seconds, startOverflow } from './failures';
import { maskFrame } from './frameMask';
import type { Broken } from './httpFetch';
import { type Launcher, launcherFor } from './launcher';
import { stampLogLevel } from './logLevelStamp';
import { RawRequests } from './rawRequests';
import { RestartPolicy } from './restarts';
import { emit, ServerLog, subscribe } from './serverLog';
import { ServerTasks } from './serverTasks';
import { connectClient, newClient, newSession, type Session, unlessLost } from './session';
import { tapWire } from './wireTap';

export type { CallOptions, CallProgress } from './calls';
export type { ConnectionOptions } from './connectionOptions';
export type { EraCache } from './eras';

const STDERR_TAIL = 20;
const DEFAULT_INIT_TIMEOUT_MS = 30_000;
const DEFAULT_CALL_TIMEOUT_MS = 60_000;
/** A server that forgets sessions faster than this is failing, not expiring them. */
const MIN_SESSION_RENEWAL_MS = 10_000;

export class ServerConnection {
  private state: ConnectionState = { kind: 'stopped' };
  private session: Session | undefined;
  private discovery: Discovery | undefined;
  private logLevel: LogLevel | undefined;
  private readonly restarts: RestartPolicy;
  /** Why the last attempt failed, shown while the server restarts; cleared once it runs. */
  private lastFailure: ConnectionFailure | undefined;
  private starting: Promise<void> | undefined;
  /** Bumped by every stop, so a start waiting for the person does not go on after it. */
  private generation = 0;
  private connectedVia: 'http' | 'sse' | undefined;
  private lastRenewal = 0;
  private afterSignIn: Promise<void> = Promise.resolve();
  /** A remote server's sign-in. */
  private readonly auth: ServerAuth | undefined;
  /** A remote server that gets its tokens without a person (client credentials, cross-app access). */
  private readonly machine: MachineAuth | undefined;
  private readonly eraCache: EraCache;
  private readonly log: ServerLog;
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
    this.log = new ServerLog(options.frames, name);
    this.restarts = new RestartPolicy(options);
    this.catalogue = new Catalogue(
      { changed: () => this.changed(), problem: (text) => this.log.note('warning', text) },
      this.initTimeoutMs,
    );
    this.cache = options.catalogueCache?.forEntry(entry);
    this.cached = this.cache?.snapshot();
    const machine = machineOAuthOf(entry);
    if (machine) this.machine = machineAuth(grantSource(machine));
    else if (isRemoteEntry(entry) && options.auth) {
      this.auth = new ServerAuth(options.auth, name, entry, {
        changed: () => this.changed(),
        signedIn: () => {
          // New tokens: a stopped server starts again; a running one (more permissions) reads its lists again.
          this.afterSignIn = this.state.kind === 'running' ? this.relist() : this.restart();
        },
      });
    }
  }

  get pid(): number | undefined {
    return this.session?.pid;
  }

  get isRunning(): boolean {
    return this.state.kind === 'running';
  }

  view(): ServerView {
    const approval = this.approval;
    const cached = this.catalogue.isLive ? undefined : this.cached;
    return {
      name: this.name,
      entry: maskEntry(this.entry),
      transport: isRemoteEntry(this.entry) ? (this.entry.type ?? 'auto') : 'stdio',
      connectedVia: this.connectedVia,
      inputs: this.options.inputUses?.(this.entry),
      auth: this.auth?.view(this.state.kind === 'sign-in-required'),
      state: this.state,
      ...(approval === 'approved' ? {} : { approval }),
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

  /** Whether the person approved what this entry runs. */
  get approval(): ServerApprovalState {
    return this.options.approval?.(this.name, this.entry) ?? 'approved';
  }

  /** Throws, in the person's words, when the server may not run because it is not approved. */
  requireApproved(): void {
    if (this.approval === 'approved') return;
    throw new HostFault(
      'not_approved',
      `"${this.name}" has not been approved to run, so it was not started. Review it (Servers → ${this.name} → Review), then approve it if you trust what it runs.`,
    );
  }

  /** The person approved or refused this server: the view follows, and an approved server that should run starts. */
  approvalChanged(): void {
    this.changed();
    const startsItself = !this.entry.disabled && this.entry.autoStart !== false;
    if (this.approval === 'approved' && this.state.kind === 'stopped' && startsItself) void this.start();
  }

  /**
   * Gets the server running for a use (a tool call, a prompt, a read): a lazy server
   * (`autoStart: false`) that is stopped starts now, a server that is starting is waited for.
   */
  async startForUse(): Promise<void> {
    if (this.state.kind === 'running') return;
    this.requireApproved();
    if (this.starting) await this.starting;
    else if (this.state.kind === 'stopped' && this.entry.autoStart === false && !this.entry.disabled) {
      await this.start();
    }
  }

  /** Ends the server and its whole process tree. */
  async stop(): Promise<void> {
    this.generation += 1;
    this.auth?.cancelSignIn();
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
    return this.againAfterRenewal(() => this.callOnce(tool, args, options));
  }

  private async callOnce(
    tool: string,
    args: Record<string, unknown>,
    options: CallOptions,
  ): Promise<ToolCallResult> {
    return callToolOn(this.requireRunning(), this.name, tool, args, {
      ...options,
      timeoutMs: options.timeoutMs ?? this.options.callTimeoutMs,
    });
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
    const timeoutMs = this.options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    const work = session.tasks.resume(reference, { timeoutMs, onTask: options.onTask });
    return settleCall(work, session, this.name, tool, timeoutMs);
  }

  /** Asks the server to cancel one of its tasks. */
  async cancelTask(taskId: string): Promise<void> {
    const session = this.requireRunning();
    if (!session.tasks) throw new HostFault('unsupported', `"${this.name}" does not run tasks.`);
    await unlessLost(session, session.tasks.cancel(taskId));
  }

  /**
   * Runs `work` with this server's client while it is running; the promise rejects at once if the
   * server exits meanwhile, and errors come back in plain words naming `what`.
   */
  async withClient<T>(what: string, work: (client: Client) => Promise<T>): Promise<T> {
    await this.startForUse();
    return this.againAfterRenewal(() => this.withClientOnce(what, work));
  }

  private async withClientOnce<T>(what: string, work: (client: Client) => Promise<T>): Promise<T> {
    return workOn(this.requireRunning(), this.name, what, work);
  }

  /** Prepares a sign-in; the person confirms the returned page before it opens. Null: none was needed. */
  async signIn(): Promise<SignInPrompt | null> {
    return this.requireAuth().signIn();
  }

  /** Opens the waiting sign-in page where the host can (Electron); false where the page must open it. */
  openSignIn(): Promise<boolean> {
    return this.requireAuth().openInBrowser();
  }

  cancelSignIn(): void {
    this.requireAuth().cancelSignIn();
  }

  /** Resolves once the sign-in under way has ended and the server has picked up its outcome. */
  async signInSettled(): Promise<void> {
    await this.auth?.whenDone();
    await this.afterSignIn;
  }

  /** Revokes and forgets the tokens, then connects again (and so asks for a sign-in where the server needs one). */
  async signOut(): Promise<void> {
    const revoked = await this.requireAuth().signOut();
    this.log.note(
      'info',
      revoked ? 'Signed out; the tokens were revoked.' : 'Signed out; the tokens were forgotten.',
    );
    await this.restart();
  }

  async setLogLevel(level: LogLevel): Promise<void> {
    await setLogLevelOn(this.requireRunning(), this.name, level);
    this.logLevel = level;
    this.log.note('info', `Log level set to ${level}.`);
    this.changed();
  }

  /** Resolves once every list refresh under way has finished. */
  listsSettled(): Promise<void> {
    return this.catalogue.settled();
  }

  /** Runs `work`; when the server ended the session under it (404), runs it once more on the new session. */
  private async againAfterRenewal<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const refused = this.machineProblem(error);
      if (refused) {
        // Its credentials stopped working mid-session (a rotated secret, a revoked client): the server stops, saying why.
        if (this.session) this.refuse(this.session, refused);
        throw new HostFault('forbidden', refused, { cause: error });
      }
      if (!(error instanceof SessionRenewed)) throw error;
      await this.starting;
      return work();
    }
  }

  private get initTimeoutMs(): number {
    return this.options.initTimeoutMs ?? DEFAULT_INIT_TIMEOUT_MS;
  }

  private async attempt(kind: 'starting' | 'restarting' = 'starting'): Promise<void> {
    // Nothing the person has not approved ever runs, whichever way a start was asked for.
    if (this.approval !== 'approved') {
      this.changed();
      return;
    }
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
    const generation = this.generation;
    const fill = this.options.fillEnv;
    const launcher = launcherFor(this.entry, {
      builtinScripts: this.options.builtinScripts,
      remote: this.remoteOptions(),
      fillEnv: fill && ((env) => fill(this.name, env)),
    });
    try {
      await launcher.prepare?.();
    } catch (error) {
      if (generation !== this.generation) return;
      // Only the person can fix what is missing (an address, a value they were asked for): no automatic retry.
      this.restarts.giveUp();
      const message = this.machineProblem(error) ?? messageOf(error);
      this.setState({ kind: 'error', error: { message, stderrTail: [], gaveUp: true } });
      return;
    }
    if (generation !== this.generation) return;
    await this.run(kind, launcher);
  }

  private async run(kind: 'starting' | 'restarting', launcher: Launcher): Promise<void> {
    const session = this.openSession();
    const timeoutMs = this.initTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new InitTimeout()), timeoutMs);
    });
    try {
      await Promise.race([this.handshake(session, launcher), timedOut, session.lost]);
      if (session !== this.session || session.closing) return;
      if (session.signInError) return this.needSignIn(session, session.signInError);
      session.connected = true;
      // The failure count goes on until this run proves stable (see RestartPolicy).
      this.restarts.started();
      this.lastFailure = undefined;
      this.setState({ kind: 'running', since: Date.now() });
    } catch (error) {
      if (session !== this.session || session.closing) return;
      clearTimeout(timer);
      if (session.exit && !this.eraCache.get(launcher.key)) {
        // It quit on the protocol-era probe, as servers on some older SDKs do: it speaks the older protocol.
        this.eraCache.set(launcher.key, { kind: 'legacy' });
        this.log.note(
          'info',
          'The server quit on the protocol version probe; starting it again with the older protocol.',
        );
        await session.client.close().catch(() => {});
        return this.run(kind, launcher);
      }
      const refused = this.machineProblem(error);
      if (refused) return this.refuse(session, refused);
      if (needsSignIn(error)) return this.needSignIn(session, error);
      if (launcher.fallback?.(error)) {
        this.log.note(
          'info',
          `${launcher.explain(error)} Trying the older HTTP+SSE transport, as the spec's backwards compatibility asks.`,
        );
        await this.close(session);
        return this.run(kind, launcher);
      }
      const failure: ConnectionFailure = session.exit
        ? exitFailure(this.name, session.exit)
        : {
            message:
              error instanceof InitTimeout
                ? `"${this.name}" did not finish starting within ${seconds(timeoutMs)}. ${launcher.slowStartAdvice}`
                : (startOverflow(this.name, error) ?? launcher.explain(error)),
            stderrTail: [],
          };
      this.fail(session, failure);
    } finally {
      clearTimeout(timer);
    }
  }

  private openSession(): Session {
    const live = () => session === this.session;
    // Over HTTP a slow answer to the era probe is not a sign of an older server, as silence is on stdio.
    const probeTimeoutMs = isRemoteEntry(this.entry) ? this.initTimeoutMs : undefined;
    const capabilities = capabilitiesFor(this.entry, this.options.capabilities);
    const client = newClient(
      { ...this.options, capabilities, probeTimeoutMs, responseCacheStore: this.cache },
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
      if (!live() || session.closing) return;
      const scope = insufficientScopeOf(error);
      if (scope) this.auth?.needMoreScopes(scope.requiredScope);
      else if (needsSignIn(error)) {
        if (session.connected) return this.needSignIn(session, error);
        session.signInError ??= error;
      }
      this.log.note('warning', firstLine(messageOf(error)));
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
      http: (record) => this.log.addHttp(record),
      broken: (problem) => this.broke(session, problem),
    });
    this.connectedVia = launcher.via;
    const raw = new RawRequests((message) => transport.send(message));
    tapWire(
      transport,
      (direction, message) => this.log.addWire(direction, maskFrame(message, launcher.mask)),
      (message) => raw.consume(message),
    );
    stampLogLevel(transport, () =>
      session.client.getProtocolEra() === 'modern' ? this.logLevel : undefined,
    );
    session.raw = raw;
    session.transport = transport;
    if (session.closing) return;
    await connectClient(session, transport, this.eraCache, launcher.key, this.initTimeoutMs);
    const client = session.client;
    const discovery = describeServer(client);
    this.discovery = discovery;
    await this.catalogue.load(client, () => session === this.session);
    if (session !== this.session) return;
    this.cache?.saveDiscovery(discovery);
    session.tasks = ServerTasks.open(client, raw, {
      endpointId: serverIdentity(this.entry),
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

  /** A live remote connection broke: a network failure is a loss; a forgotten session is renewed at once. */
  private broke(session: Session, problem: Broken): void {
    if (session !== this.session || session.closing || session.failed || !session.connected) return;
    const now = Date.now();
    if (problem.kind === 'session-expired' && now - this.lastRenewal >= MIN_SESSION_RENEWAL_MS) {
      this.lastRenewal = now;
      session.failed = true;
      session.loseWith(new SessionRenewed(`"${this.name}" ended the session; a new one is being started.`));
      this.log.note('info', `${problem.message} Starting a new session.`);
      this.dropLive();
      void this.close(session);
      void this.attempt('restarting');
      return;
    }
    this.lose(session, {
      message: `The connection to "${this.name}" was lost: ${problem.message}`,
      stderrTail: [],
    });
  }

  /** The server wants a sign-in the host cannot do alone: no retry until the person signs in. */
  private needSignIn(session: Session, error: unknown): void {
    if (this.machine) {
      const problem = this.machineProblem(error);
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
    this.dropLive();
    this.log.note('warning', message);
    this.setState({ kind: 'sign-in-required', message });
    void this.close(session);
  }

  /** A sign-in without a person failed in a way only the person can fix: say what to fix, and do not retry. */
  private refuse(session: Session, message: string): void {
    if (session.failed) return;
    session.failed = true;
    session.loseWith(new HostFault('forbidden', message));
    this.restarts.giveUp();
    this.dropLive();
    this.log.note('error', message);
    this.setState({ kind: 'error', error: { message, stderrTail: [], gaveUp: true } });
    void this.close(session);
  }

  /** Why the grant without a person failed, where only the person can fix it. */
  private machineProblem(error: unknown): string | undefined {
    const machine = this.machine;
    return machine ? describeMachineFailure(this.name, machine.kind ?? 'client-secret', error) : undefined;
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
    this.dropLive();
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

  private remoteOptions() {
    const given = this.options.remote?.(this.name, this.entry);
    return { ...given, auth: this.machine ?? this.auth ?? given?.auth };
  }

  private async relist(): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.catalogue.refreshSoon(session.client, LIST_NAMES, () => session === this.session);
    await this.catalogue.settled();
  }

  private requireAuth(): ServerAuth {
    if (this.machine) {
      throw new HostFault(
        'unsupported',
        `"${this.name}" signs in on its own with the grant in its settings; there is no Sign in for it.`,
      );
    }
    if (!this.auth)
      throw new HostFault('unsupported', `"${this.name}" is not a remote server; it has no sign-in.`);
    return this.auth;
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

/** The server ended the session (HTTP 404) and a new one is starting: the request may be sent again. */
class SessionRenewed extends HostFault {
  constructor(message: string) {
    super('not_running', message);
  }
}
