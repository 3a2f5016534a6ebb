// One configured server: its view and the requests made of it, with its lifecycle moved only by the table in lifecycle.ts.
import type { Client } from '@modelcontextprotocol/client';
import type { TaskView } from '../../../shared/chat';
import { maskEntry } from '../../../shared/entrySecrets';
import type { ServerRunState } from '../../../shared/serverApprovals';
import type {
  Json,
  LogEntry,
  LogLevel,
  ServerEntry,
  ServerView,
  ToolCallResult,
  ToolView,
  WireEntry,
} from '../../../shared/types';
import { isRemoteEntry } from '../../../shared/types';
import { Emitter } from '../../emitter';
import { HostFault, type HostText } from '../../errors';
import { ShownCatalogue } from '../catalogue/shownCatalogue';
import { listenerFailed, ServerLog } from '../log/serverLog';
import { type CallOptions, callToolOn, cancelTaskOn, resumeTaskOn, setLogLevelOn, workOn } from './calls';
import { type ConnectionOptions, initTimeoutOf } from './connectionOptions';
import { ConnectionSignIn, type PersonSignIn } from './connectionSignIn';
import { initialLifecycle, type Starts } from './lifecycle';
import { restartPolicy } from './restarts';
import type { Session } from './session';
import { SessionRunner } from './sessionRunner';
import { SessionStarter } from './sessionStart';

export type { CallOptions, CallProgress } from './calls';
export type { ConnectionOptions } from './connectionOptions';
export type { EraCache } from './eras';

export class ServerConnection {
  private logLevel: LogLevel | undefined;
  private readonly log: ServerLog;
  /** What the view shows of the server's description and lists: live, or cached from its last run. */
  private readonly shown: ShownCatalogue;
  private readonly signing: ConnectionSignIn;
  private readonly starter: SessionStarter;
  private readonly runner: SessionRunner;
  private readonly changes = new Emitter<ServerView>(listenerFailed);
  private readonly resourceUpdates = new Emitter<string>(listenerFailed);

  constructor(
    readonly name: string,
    readonly entry: ServerEntry,
    private readonly options: ConnectionOptions = {},
  ) {
    const changed = () => this.changed();
    this.log = new ServerLog(options.frames, name);
    const problem = (text: string) => this.log.note('warning', text);
    const cache = options.catalogueCache?.forEntry(entry);
    this.shown = new ShownCatalogue({ changed, problem }, initTimeoutOf(options), cache);
    this.signing = new ConnectionSignIn(name, entry, options.auth, {
      changed,
      note: (text) => this.log.note('info', text),
      signedIn: () => this.runner.settle({ type: 'signed-in' }),
      signedOut: () => this.runner.settle({ type: 'restart' }),
    });
    const settings = {
      name,
      entry,
      options,
      log: this.log,
      shown: this.shown,
      logLevel: () => this.logLevel,
    };
    this.starter = new SessionStarter(settings, this.signing, {
      isCurrent: (session) => session === this.runner.session,
      changed,
      resourceUpdated: (uri) => this.resourceUpdates.emit(uri),
      report: (event) => this.runner.dispatch(event),
    });
    this.runner = new SessionRunner(initialLifecycle(startsOf(entry), restartPolicy(options)), {
      name,
      log: this.log,
      shown: this.shown,
      signing: this.signing,
      starter: this.starter,
      approved: () => this.approval === 'approved',
      changed,
    });
  }

  get pid(): number | undefined {
    return this.runner.session?.pid;
  }

  get isRunning(): boolean {
    return this.runner.state.kind === 'running';
  }

  /** Signing in and out, for a remote server the person signs in (others say why they have no Sign in). */
  get auth(): PersonSignIn {
    return this.signing;
  }

  view(): ServerView {
    const approval = this.approval;
    const state = this.runner.state;
    const { description, lists, cachedAt } = this.shown.shown();
    const { skills: _skills, ...shownLists } = lists;
    return {
      name: this.name,
      entry: maskEntry(this.entry),
      transport: isRemoteEntry(this.entry) ? (this.entry.type ?? 'auto') : 'stdio',
      connectedVia: this.starter.connectedVia,
      inputs: this.options.inputUses?.(this.name, this.entry),
      auth: this.signing.view(state.kind === 'sign-in-required'),
      state,
      ...(approval === 'approved' ? {} : { approval }),
      ...sandboxOf(this.options, this.name, this.entry),
      pid: this.runner.session?.pid,
      ...description,
      logLevel: this.logLevel,
      ...shownLists,
      ...(cachedAt === undefined ? {} : { cachedAt }),
    };
  }

  /** The entries of the server's skill listing (unchecked): live once read, else those saved at its last run. */
  skillEntries(): { entries: Json[]; cached: boolean } {
    const { lists, cachedAt } = this.shown.shown();
    return { entries: lists.skills, cached: cachedAt !== undefined };
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
    return this.changes.on(listener);
  }

  onDidLog(listener: (entries: LogEntry[]) => void): () => void {
    return this.log.onDidLog(listener);
  }

  onDidWire(listener: (entries: WireEntry[]) => void): () => void {
    return this.log.onDidWire(listener);
  }

  onDidUpdateResource(listener: (uri: string) => void): () => void {
    return this.resourceUpdates.on(listener);
  }

  /** Starts the server; resolves once it is running or has failed. Never throws. */
  start(): Promise<void> {
    return this.runner.settle({ type: 'start' });
  }

  /** Whether the person approved what this entry runs. */
  get approval(): ServerRunState {
    return this.options.approval?.(this.name, this.entry) ?? 'approved';
  }

  /** Throws, in the person's words, when the server may not run because it is not approved. */
  requireApproved(): void {
    if (this.approval !== 'approved') throw this.notApproved();
  }

  /** The person approved or refused this server: the view follows, and an approved server that should run starts. */
  approvalChanged(): void {
    this.runner.dispatch({ type: 'approval-changed' });
  }

  /**
   * Gets the server running for a use (a tool call, a prompt, a read): a lazy server
   * (`autoStart: false`) that is stopped starts now, a server that is starting is waited for.
   */
  async startForUse(): Promise<void> {
    if (this.runner.dispatch({ type: 'use' }).verdict === 'refused') throw this.notApproved();
    await this.runner.settled();
  }

  /** What it may see changed (its shared folders): a running server restarts with the new view, saying so first. */
  foldersChanged(text: string): void {
    this.runner.dispatch({ type: 'roots-changed', text });
  }

  /** Something shown of it changed outside its session (its sandbox's notice): the view is sent again. */
  refreshView(): void {
    this.changed();
  }

  /** Ends the server and its whole process tree. */
  async stop(): Promise<void> {
    await this.runner.settle({ type: 'stop' });
  }

  /** Stops and starts again; always allowed, also after automatic restarts gave up. */
  restart(): Promise<void> {
    return this.runner.settle({ type: 'restart' });
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
   * server exits meanwhile, and errors come back in plain words naming `what` (the work's English name, or the
   * message for its failure, given `server` and `error`).
   */
  async withClient<T>(what: string | HostText, work: (client: Client) => Promise<T>): Promise<T> {
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
    const session = this.requireRunning();
    try {
      return await work(session);
    } catch (error) {
      const refused = this.signing.machineProblem(error);
      if (refused) {
        // Its credentials stopped working mid-session (a rotated secret, a revoked client): the server stops, saying why.
        this.runner.dispatch({ type: 'refused', attempt: session.attempt, ...refused });
        throw new HostFault('forbidden', refused.text ?? refused.message, { cause: error });
      }
      if (!this.runner.wasRenewed(error)) throw error;
      await this.runner.settled();
      return work(this.requireRunning());
    }
  }

  private requireRunning(): Session {
    const session = this.runner.session;
    const state = this.runner.state;
    if (!session || state.kind !== 'running') {
      throw new HostFault('not_running', {
        id: 'host.servers.notRunningState',
        values: {
          name: this.name,
          state: state.kind,
          kind: state.kind.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
        },
      });
    }
    return session;
  }

  private notApproved(): HostFault {
    if (this.approval === 'blocked')
      return new HostFault('not_approved', {
        id: 'host.servers.blockedByPolicy',
        values: { name: this.name },
      });
    return new HostFault('not_approved', { id: 'host.servers.notApproved', values: { name: this.name } });
  }

  private changed(): void {
    this.changes.emit(this.view());
  }
}

function sandboxOf(
  options: ConnectionOptions,
  name: string,
  entry: ServerEntry,
): Pick<ServerView, 'sandbox'> {
  const sandbox = options.sandbox?.view(name, entry);
  return sandbox ? { sandbox } : {};
}

/** A disabled server starts only when the person asks; a lazy one (`autoStart: false`) also on its first use. */
function startsOf(entry: ServerEntry): Starts {
  if (entry.disabled) return 'when-asked';
  return entry.autoStart === false ? 'on-use' : 'by-itself';
}
