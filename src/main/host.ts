// The host: builds its rooms from the options, loads them, starts the servers, and answers every command of the contract.
import type { CommandHandlers, EventName, Events } from '../shared/contract';
import type { ConfigProblem, ConfigView, ServerView } from '../shared/types';
import type { AppViewHosting } from './apps/viewHosting';
import type { ServerProposals } from './bringIn/proposals';
import { composeHost, type HostRooms } from './compose';
import { watchConfigFile } from './config/configWatcher';
import { messageOf } from './errors';
import { loadPolicies, systemPolicyPath } from './flow/policyFiles';
import { hostCommands } from './hostCommands';
import { HostEvents } from './hostEvents';
import type { HostOptions } from './hostOptions';
import { afterLaterLoads } from './laterLoads';
import { payloadCommands } from './payloads/payloadCommands';
import { type PayloadFolders, payloadFolders, sweepEarlierRuns } from './payloads/payloadFolders';
import { PayloadStore } from './payloads/payloadStore';
import { sharedValueOwners } from './requests/inputMigration';
import { RESOURCE_STORE_LIMITS } from './resources/previews';
import { FRAME_STORE_LIMITS } from './servers/log/serverLog';
import { loginShellPath, pathIsLoginPath } from './servers/transport/loginPath';
import { sweepLeftBehind } from './storage/atomicFile';
import { approvalRequests } from './trust/approvalRequests';

export { defaultDataDir, type HostOptions } from './hostOptions';

export class Host {
  private readonly events = new HostEvents();
  private readonly rooms: HostRooms;
  private appViews: AppViewHosting | undefined;
  /** Large resource contents, for pages to fetch in pieces and to attach by reference. */
  private readonly resourcePayloads: PayloadStore;
  /**
   * Whole copies of large protocol frames ("Show whole frame") and of large results of tools run by hand
   * ("Show all"): one budget for both, so many large calls never hold more than it.
   */
  private readonly framePayloads: PayloadStore;
  private readonly payloadFolders: PayloadFolders;
  /** Where every route that brings a server in from elsewhere adds it: it waits for the person's approval. */
  readonly proposals: ServerProposals;
  readonly commands: CommandHandlers;
  private stopWatching: () => void = () => {};
  /** The file problem the terminal was last told of. */
  private saidProblem: string | undefined;
  private starting: Promise<void> = Promise.resolve();
  /** What servers do not read (conversations, permissions, …): loaded while they start. */
  private laterLoads: Promise<void> = Promise.resolve();

  private constructor(options: HostOptions) {
    const emit = <E extends EventName>(event: E, payload: Events[E]) => this.emit(event, payload);
    const payloads = payloadFolders(options.dataDir);
    this.payloadFolders = payloads;
    this.resourcePayloads = new PayloadStore(RESOURCE_STORE_LIMITS, payloads.resources);
    this.framePayloads = new PayloadStore(
      { ...FRAME_STORE_LIMITS, maxAgeMs: options.keepWholeMs ?? FRAME_STORE_LIMITS.maxAgeMs },
      payloads.frames,
    );
    this.rooms = composeHost(options, {
      emit,
      frames: this.framePayloads,
      appViews: () => this.appViews,
    });
    this.proposals = this.rooms.proposals;
    this.forwardRoomEvents();
    this.commands = afterLaterLoads(
      {
        ...hostCommands(this.rooms, options, {
          emit,
          resourcePayloads: this.resourcePayloads,
          framePayloads: this.framePayloads,
        }),
        ...payloadCommands([this.resourcePayloads, this.framePayloads, this.rooms.results]),
      },
      () => this.laterLoads,
    );
  }

  /**
   * Loads what servers start with and starts every enabled server in the background; resolves once they are
   * starting. Conversations and the other settings go on loading, and the commands that read them wait for them.
   */
  static async create(options: HostOptions): Promise<Host> {
    // Servers named without a full path need the login shell's PATH: read it while the host loads, unless
    // this process was started from a terminal and has it already.
    if (options.terminalPath) pathIsLoginPath();
    else void loginShellPath();
    const host = new Host(options);
    const rooms = host.rooms;
    // Servers start once what they read has loaded: their entries, whether the person approved them, the values
    // filled into them and the folders they may see. The rest (conversations above all, which grow with use) goes
    // on loading while they start; the commands that read it wait for it.
    host.laterLoads = host.loadTheRest();
    // Handled at once: a failure is reported by the commands that wait for it, not taken for one nobody handles.
    host.laterLoads.catch((error: unknown) => process.stderr.write(`Switchboard: ${messageOf(error)}\n`));
    const [, hadApprovals] = await Promise.all([
      rooms.config.load(),
      rooms.approvals.load(),
      rooms.inputs.load(),
      rooms.roots.load(),
      rooms.modelOptions.load(),
      host.loadPolicies(options),
    ]);
    // The person wrote the servers already there before approvals existed, and the ones of a file they named.
    // The record is written on a first run, and after that only when an entry changed.
    if (!hadApprovals || options.configNamed) {
      rooms.approvals.approve(Object.entries(rooms.config.current.mcpServers), 'own', {
        record: !hadApprovals,
      });
    }
    // Values kept by earlier versions for every server alike go, once, to the person's own servers that use them.
    const { approvals, config } = rooms;
    await rooms.inputs.migrate(
      sharedValueOwners(
        config.current.mcpServers,
        (name, entry) =>
          approvals.state(name, entry) === 'approved' && approvals.approvedFrom(name) === 'own',
      ),
    );
    // Servers that left the file while Switchboard was closed leave nothing behind (not for a named file: the
    // person's usual file may hold others).
    rooms.forgetting.started(
      config.current.mcpServers,
      !options.configNamed && !config.view().problem,
      config.unusable.map(({ name }) => name),
    );
    // From here on every change of the file the store notices is announced and applied.
    rooms.config.onDidChange((view) => host.configChanged(view));
    if (options.watchConfig !== false)
      host.stopWatching = watchConfigFile(rooms.config, {
        onProblem: (message) => process.stderr.write(`Switchboard: ${message}\n`),
      });
    host.listUnusable();
    host.starting = rooms.servers.apply(rooms.config.current.mcpServers);
    // Search reads every message: it is built a slice at a time once the servers have started and the
    // conversations have loaded (a failed load is reported above). Then what killed writes left goes.
    void Promise.all([host.starting, host.laterLoads])
      // A failed start or load was reported where it failed; search then builds its index as it is used.
      .then(
        () => rooms.conversations.indexInBackground(),
        () => {},
      )
      .then(() =>
        Promise.all([
          ...rooms.writtenFolders.map((folder) => sweepLeftBehind(folder)),
          sweepEarlierRuns(host.payloadFolders),
        ]),
      )
      .then(() => rooms.sweepSandboxes())
      .catch((error: unknown) => process.stderr.write(`Switchboard: ${messageOf(error)}\n`));
    return host;
  }

  /** Reads the organisation's policy files; what cannot be read blocks everything, and the host says so. */
  private async loadPolicies(options: HostOptions): Promise<void> {
    const files = [{ path: systemPolicyPath(), named: false }];
    if (options.policyPath) files.push({ path: options.policyPath, named: true });
    const policies = await loadPolicies(files);
    for (const policy of policies) {
      process.stderr.write(`Switchboard: following the organisation's policy in ${policy.source}.\n`);
      for (const problem of policy.problems)
        process.stderr.write(
          `Switchboard: ${problem} Everything it could have blocked is blocked until it is fixed.\n`,
        );
    }
    this.rooms.flow.setPolicies(policies);
  }

  /**
   * Loads what starting the servers does not read, and lets go of what deleted conversations left behind.
   * Then follows tasks saved in conversations.
   */
  private async loadTheRest(): Promise<void> {
    const rooms = this.rooms;
    await Promise.all([
      rooms.permissions.load(),
      rooms.conversations.load(),
      rooms.chatDefaults.load(),
      rooms.appPermissions.load(),
      rooms.instructions.load(),
      rooms.registry.load(),
      rooms.flowSettings.load(),
      rooms.skillApprovals.load(),
    ]);
    rooms.skills.refresh();
    const exists = (id: string) => rooms.conversations.has(id);
    await rooms.attachments.prune(exists);
    await rooms.results.prune(exists);
    // Permissions given in conversations deleted meanwhile have nothing left to cover.
    await rooms.permissions.forgetConversations(exists).catch(() => {});
    rooms.tasks.resumeSaved();
  }

  /** Resolves once every enabled server has started or failed. */
  ready(): Promise<void> {
    return this.starting;
  }

  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
    return this.events.on(event, listener);
  }

  /** Where app views are served (browser mode's sandbox server, Electron's view scheme); without it no view opens. */
  attachAppViews(hosting: AppViewHosting): void {
    this.appViews = hosting;
  }

  /** Settles every request waiting for the person, e.g. when the window closes. */
  cancelPendingRequests(): void {
    this.rooms.cancelPendingRequests();
  }

  /** Ends every running reply, every server and its process tree. */
  async shutdown(): Promise<void> {
    this.stopWatching();
    this.cancelPendingRequests();
    await Promise.all([this.rooms.servers.shutdown(), this.rooms.approvals.flush()]);
    await Promise.all([this.resourcePayloads.clear(), this.framePayloads.clear()]).catch(() => {});
    await this.rooms.sandboxes?.shutdown();
  }

  /** What the rooms announce on their own: consent requests, grants, and approvals given or taken back. */
  private forwardRoomEvents(): void {
    const { consent, permissions, config, approvals, servers } = this.rooms;
    consent.onDidRequest((request) => this.emit('consent.requested', request));
    consent.onDidSettle((settled) => this.emit('consent.settled', settled));
    permissions.onDidChange((grants) => this.emit('permissions.changed', grants));
    // What the person writes in the app is approved before the change reaches the servers; a server they renamed
    // keeps its approval (and whose entry it is) and its values.
    config.onOwnEdit((entries, renamed) => {
      if (renamed) this.rooms.forgetting.renamed(renamed.from, renamed.to);
      approvals.approve(entries, 'own');
    });
    approvals.onDidChange((names) => {
      for (const view of servers.list()) {
        if (names.includes(view.name)) servers.get(view.name).approvalChanged();
      }
      this.approvalsChanged();
    });
  }

  /** Announces what config.json now holds and makes the running servers match it. */
  private configChanged(view: ConfigView): void {
    const { config } = this.rooms;
    this.rooms.forgetting.configured(
      config.current.mcpServers,
      config.unusable.map(({ name }) => name),
    );
    this.emit('config.changed', view);
    this.approvalsChanged();
    this.sayProblem(view);
    this.listUnusable();
    this.starting = this.rooms.servers.apply(config.current.mcpServers);
    // Once the changed servers have stopped, the private folders of those removed go with them.
    void this.starting
      .then(() => this.rooms.sweepSandboxes())
      .catch((error: unknown) =>
        process.stderr.write(
          `Switchboard: could not remove a removed server's sandbox folder: ${messageOf(error)}\n`,
        ),
      );
  }

  /** Tells the terminal once when the file as a whole stops being usable (the servers go on as they were). */
  private sayProblem(view: ConfigView): void {
    const said = this.saidProblem;
    this.saidProblem = view.problem ? JSON.stringify(view.problem) : undefined;
    if (!view.problem || this.saidProblem === said) return;
    const { line, column, message } = view.problem;
    const where = line ? ` (line ${line}, column ${column})` : '';
    process.stderr.write(
      `Switchboard: ${view.path} cannot be used${where}: ${message} The servers keep running as they were until it is fixed.\n`,
    );
  }

  /** Lists the entries with an error as they now are (a running server of the name leaves as it stops). */
  private listUnusable(): void {
    const { config, unusable } = this.rooms;
    const { changed, removed } = unusable.set(config.unusable, config.current.mcpServers);
    for (const name of removed) this.emit('server.removed', { name });
    for (const view of changed) this.emit('server.changed', view);
  }

  /** Every server as listed: those configured, then the entries with an error. */
  serverViews(): ServerView[] {
    return this.rooms.serverViews();
  }

  /** Why config.json cannot be used at all, when it cannot. */
  get configProblem(): ConfigProblem | undefined {
    return this.rooms.config.view().problem;
  }

  private approvalsChanged(): void {
    const { config, approvals } = this.rooms;
    const kept = (server: string, id: string) => this.rooms.inputs.has(server, id);
    this.emit('approvals.changed', approvalRequests(config.current.mcpServers, approvals, kept));
  }

  private emit<E extends EventName>(event: E, payload: Events[E]): void {
    this.events.emit(event, payload);
  }
}
