// One configured server's lifecycle: start, stop and restart, its state and view, and the requests made of it.
import type { Client } from '@modelcontextprotocol/client';
import type { TaskView } from '../../shared/chat';
import { maskEntry } from '../../shared/entrySecrets';
import type { ServerApprovalState } from '../../shared/serverApprovals';
import type {
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
import { isRemoteEntry } from '../../shared/types';
import { HostFault, messageOf } from '../errors';
import { type CallOptions, callToolOn, cancelTaskOn, resumeTaskOn, setLogLevelOn, workOn } from './calls';
import type { ConnectionOptions } from './connectionOptions';
import { ConnectionSignIn } from './connectionSignIn';
import { MemoryEraCache } from './eras';
import { type Launcher, launcherFor } from './launcher';
import { RestartPolicy } from './restarts';
import { emit, ServerLog, subscribe } from './serverLog';
import type { Session } from './session';
import { SessionEnds, SessionRenewed } from './sessionEnds';
import { SessionStarter } from './sessionStart';
import { ShownCatalogue } from './shownCatalogue';

export type { CallOptions, CallProgress } from './calls';
export type { ConnectionOptions } from './connectionOptions';
export type { EraCache } from './eras';

const DEFAULT_INIT_TIMEOUT_MS = 30_000;

export class ServerConnection {
  private state: ConnectionState = { kind: 'stopped' };
  private session: Session | undefined;
  private logLevel: LogLevel | undefined;
  private starting: Promise<void> | undefined;
  /** Bumped by every stop, so a start waiting for the person does not go on after it. */
  private generation = 0;
  private readonly restarts: RestartPolicy;
  private readonly log: ServerLog;
  /** What the view shows of the server's description and lists: live, or cached from its last run. */
  private readonly shown: ShownCatalogue;
  private readonly auth: ConnectionSignIn;
  private readonly ends: SessionEnds;
  private readonly starter: SessionStarter;
  private readonly changeListeners = new Set<(view: ServerView) => void>();
  private readonly resourceListeners = new Set<(uri: string) => void>();

  constructor(
    readonly name: string,
    readonly entry: ServerEntry,
    private readonly options: ConnectionOptions = {},
  ) {
    const initTimeoutMs = options.initTimeoutMs ?? DEFAULT_INIT_TIMEOUT_MS;
    const changed = () => this.changed();
    const isCurrent = (session: Session) => session === this.session;
    this.log = new ServerLog(options.frames, name);
    this.restarts = new RestartPolicy(options);
    const problem = (text: string) => this.log.note('warning', text);
    const cache = options.catalogueCache?.forEntry(entry);
    this.shown = new ShownCatalogue({ changed, problem }, initTimeoutMs, cache);
    this.auth = new ConnectionSignIn(name, entry, options.auth, {
      changed,
      // New tokens: a stopped server starts again; a running one (more permissions) reads its lists again.
      signedIn: () => (this.state.kind === 'running' ? this.relist() : this.restart()),
    });
    this.ends = new SessionEnds(name, this.log, this.restarts, this.auth, {
      isCurrent,
      state: () => this.state,
      setState: (state) => this.setState(state),
      changed,
      dropLive: () => this.shown.drop(),
      restart: () => void this.attempt('restarting'),
    });
    const eras = options.eraCache ?? new MemoryEraCache();
    const logLevel = () => this.logLevel;
    const settings = {
      name,
      entry,
      options,
      log: this.log,
      shown: this.shown,
      eras,
      initTimeoutMs,
      logLevel,
    };
    this.starter = new SessionStarter(settings, this.ends, {
      isCurrent,
      changed,
      resourceUpdated: (uri) => emit(this.resourceListeners, uri),
      needMoreScopes: (scope) => this.auth.needMoreScopes(scope),
    });
  }

  get pid(): number | undefined {
    return this.session?.pid;
  }

  get isRunning(): boolean {
    return this.state.kind === 'running';
  }

  view(): ServerView {
    const approval = this.approval;
    const { description, lists, cachedAt } = this.shown.shown();
    return {
      name: this.name,
      entry: maskEntry(this.entry),
      transport: isRemoteEntry(this.entry) ? (this.entry.type ?? 'auto') : 'stdio',
      connectedVia: this.starter.connectedVia,
      inputs: this.options.inputUses?.(this.entry),
      auth: this.auth.view(this.state.kind === 'sign-in-required'),
      state: this.state,
      ...(approval === 'approved' ? {} : { approval }),
      pid: this.session?.pid,
      ...description,
      logLevel: this.logLevel,
      ...lists,
      ...(cachedAt === undefined ? {} : { cachedAt }),
    };
  }

  /**
   * The tool as the running server defines it now; `undefined` when it has no such tool. Throws
   * when the server is not running: a cached definition never stands in here.
   */
  liveTool(name: string): ToolView | undefined {
    this.requireRunning();
    return this.shown.live.tools.find((tool) => tool.name === name);
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
    this.auth.cancelUnderWay();
    this.restarts.cancel();
    const session = this.session;
    this.session = undefined;
    this.starting = undefined;
    this.shown.drop();
    this.setState({ kind: 'stopped' });
    if (session) await this.ends.close(session, `Server "${this.name}" was stopped.`);
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
    const timeoutMs = options.timeoutMs ?? this.options.callTimeoutMs;
    return this.againAfterRenewal(() =>
      callToolOn(this.requireRunning(), this.name, tool, args, { ...options, timeoutMs }),
    );
  }

  /** Follows a task an earlier run saved (`TaskView.reference`) until it ends; starts a lazy server first. */
  async resumeTask(
    tool: string,
    reference: Json,
    options: { onTask: (task: TaskView) => void },
  ): Promise<ToolCallResult> {
    await this.startForUse();
    const timeoutMs = this.options.callTimeoutMs;
    return resumeTaskOn(this.requireRunning(), this.name, tool, reference, { ...options, timeoutMs });
  }

  /** Asks the server to cancel one of its tasks. */
  async cancelTask(taskId: string): Promise<void> {
    await cancelTaskOn(this.requireRunning(), this.name, taskId);
  }

  /**
   * Runs `work` with this server's client while it is running; the promise rejects at once if the
   * server exits meanwhile, and errors come back in plain words naming `what`.
   */
  async withClient<T>(what: string, work: (client: Client) => Promise<T>): Promise<T> {
    await this.startForUse();
    return this.againAfterRenewal(() => workOn(this.requireRunning(), this.name, what, work));
  }

  /** Prepares a sign-in; the person confirms the returned page before it opens. Null: none was needed. */
  async signIn(): Promise<SignInPrompt | null> {
    return this.auth.signIn();
  }

  /** Opens the waiting sign-in page where the host can (Electron); false where the page must open it. */
  openSignIn(): Promise<boolean> {
    return this.auth.openInBrowser();
  }

  cancelSignIn(): void {
    this.auth.cancel();
  }

  /** Resolves once the sign-in under way has ended and the server has picked up its outcome. */
  signInSettled(): Promise<void> {
    return this.auth.settled();
  }

  /** Revokes and forgets the tokens, then connects again (and so asks for a sign-in where the server needs one). */
  async signOut(): Promise<void> {
    const revoked = await this.auth.signOut();
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
    return this.shown.settled();
  }

  /** Runs `work`; when the server ended the session under it (404), runs it once more on the new session. */
  private async againAfterRenewal<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const refused = this.auth.machineProblem(error);
      if (refused) {
        // Its credentials stopped working mid-session (a rotated secret, a revoked client): the server stops, saying why.
        if (this.session) this.ends.refuse(this.session, refused);
        throw new HostFault('forbidden', refused, { cause: error });
      }
      if (!(error instanceof SessionRenewed)) throw error;
      await this.starting;
      return work();
    }
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
    this.setState(kind === 'starting' ? { kind } : this.ends.restarting());
    const generation = this.generation;
    const fill = this.options.fillEnv;
    const launcher = launcherFor(this.entry, {
      builtinScripts: this.options.builtinScripts,
      remote: this.auth.remoteOptions(this.options.remote?.(this.name, this.entry)),
      fillEnv: fill && ((env) => fill(this.name, env)),
    });
    try {
      await launcher.prepare?.();
    } catch (error) {
      if (generation !== this.generation) return;
      // Only the person can fix what is missing (an address, a value they were asked for): no automatic retry.
      this.restarts.giveUp();
      const message = this.auth.machineProblem(error) ?? messageOf(error);
      this.setState({ kind: 'error', error: { message, stderrTail: [], gaveUp: true } });
      return;
    }
    if (generation !== this.generation) return;
    await this.run(launcher);
  }

  private async run(launcher: Launcher): Promise<void> {
    const session = this.starter.open();
    this.session = session;
    try {
      await this.starter.connect(session, launcher);
      if (session !== this.session || session.closing) return;
      if (session.signInError) return this.ends.needSignIn(session, session.signInError);
      session.connected = true;
      this.ends.started();
      this.setState({ kind: 'running', since: Date.now() });
    } catch (error) {
      if (session !== this.session || session.closing) return;
      if (await this.starter.failed(session, launcher, error)) return this.run(launcher);
    }
  }

  private async relist(): Promise<void> {
    const session = this.session;
    if (!session) return;
    await this.shown.reread(session.client, () => session === this.session);
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
