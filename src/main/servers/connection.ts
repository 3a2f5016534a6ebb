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
  ToolCallResult,
  ToolView,
  WireEntry,
} from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';
import { HostFault } from '../errors';
import { type CallOptions, callToolOn, cancelTaskOn, resumeTaskOn, setLogLevelOn, workOn } from './calls';
import { type ConnectionOptions, initTimeoutOf } from './connectionOptions';
import { ConnectionSignIn, type PersonSignIn } from './connectionSignIn';
import { RestartPolicy } from './restarts';
import { emit, ServerLog, subscribe } from './serverLog';
import type { Session } from './session';
import { SessionEnds } from './sessionEnds';
import { SessionStarter } from './sessionStart';
import { ShownCatalogue } from './shownCatalogue';

export type { CallOptions, CallProgress } from './calls';
export type { ConnectionOptions } from './connectionOptions';
export type { EraCache } from './eras';

export class ServerConnection {
  private state: ConnectionState = { kind: 'stopped' };
  private session: Session | undefined;
  private logLevel: LogLevel | undefined;
  private readonly restarts: RestartPolicy;
  private readonly log: ServerLog;
  /** What the view shows of the server's description and lists: live, or cached from its last run. */
  private readonly shown: ShownCatalogue;
  private readonly signing: ConnectionSignIn;
  private readonly ends: SessionEnds;
  private readonly starter: SessionStarter;
  private readonly changeListeners = new Set<(view: ServerView) => void>();
  private readonly resourceListeners = new Set<(uri: string) => void>();

  constructor(
    readonly name: string,
    readonly entry: ServerEntry,
    private readonly options: ConnectionOptions = {},
  ) {
    const changed = () => this.changed();
    this.log = new ServerLog(options.frames, name);
    this.restarts = new RestartPolicy(options);
    const problem = (text: string) => this.log.note('warning', text);
    const cache = options.catalogueCache?.forEntry(entry);
    this.shown = new ShownCatalogue({ changed, problem }, initTimeoutOf(options), cache);
    this.signing = new ConnectionSignIn(name, entry, options.auth, {
      changed,
      note: (text) => this.log.note('info', text),
      // New tokens: a stopped server starts again; a running one (more permissions) reads its lists again.
      signedIn: () => (this.state.kind === 'running' ? this.relist() : this.restart()),
      signedOut: () => this.restart(),
    });
    this.ends = new SessionEnds(name, this.log, this.restarts, this.signing, {
      current: () => this.session,
      state: () => this.state,
      setState: (state) => this.setState(state),
      changed,
      dropLive: () => this.shown.drop(),
      restart: () => void this.attempt('restarting'),
      renewal: () => this.starter.starting,
    });
    const settings = {
      name,
      entry,
      options,
      log: this.log,
      shown: this.shown,
      logLevel: () => this.logLevel,
    };
    this.starter = new SessionStarter(settings, this.signing, this.ends, {
      setState: (state) => this.setState(state),
      adopt: (session) => {
        this.session = session;
      },
      isCurrent: (session) => session === this.session,
      changed,
      resourceUpdated: (uri) => emit(this.resourceListeners, uri),
    });
  }

  get pid(): number | undefined {
    return this.session?.pid;
  }

  get isRunning(): boolean {
    return this.state.kind === 'running';
  }

  /** Signing in and out, for a remote server the person signs in (others say why they have no Sign in). */
  get auth(): PersonSignIn {
    return this.signing;
  }

  view(): ServerView {
    const approval = this.approval;
    const { description, lists, cachedAt } = this.shown.shown();
    return {
      name: this.name,
      entry: maskEntry(this.entry),
      transport: isRemoteEntry(this.entry) ? (this.entry.type ?? 'auto') : 'stdio',
      connectedVia: this.starter.connectedVia,
      inputs: this.options.inputUses?.(this.name, this.entry),
      auth: this.signing.view(this.state.kind === 'sign-in-required'),
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
    const starting = this.starter.starting;
    if (starting) return starting;
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
    const starting = this.starter.starting;
    if (starting) await starting;
    else if (this.state.kind === 'stopped' && this.entry.autoStart === false && !this.entry.disabled) {
      await this.start();
    }
  }

  /** Ends the server and its whole process tree. */
  async stop(): Promise<void> {
    this.starter.stop();
    this.signing.cancelUnderWay();
    this.restarts.cancel();
    const session = this.session;
    this.session = undefined;
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
    const timeoutMs = options.timeoutMs ?? this.options.callTimeoutMs;
    return this.onRunning((session) => callToolOn(session, this.name, tool, args, { ...options, timeoutMs }));
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
    return this.onRunning((session) => workOn(session, this.name, what, work));
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

  /** Runs `work` on the running session once a lazy server has started; again on a renewed session. */
  private async onRunning<T>(work: (session: Session) => Promise<T>): Promise<T> {
    await this.startForUse();
    return this.ends.surviving(async () => work(this.requireRunning()));
  }

  private async attempt(kind: 'starting' | 'restarting' = 'starting'): Promise<void> {
    // Nothing the person has not approved ever runs, whichever way a start was asked for.
    if (this.approval !== 'approved') {
      this.changed();
      return;
    }
    return this.starter.start(kind);
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
