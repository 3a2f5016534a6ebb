// The host: composes config, servers and events, and implements every command of the contract.
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AuditEntry } from '../shared/consent';
import type { CommandHandlers, EventName, Events } from '../shared/contract';
import type { ConfigView } from '../shared/types';
import { appCommands } from './apps/appCommands';
import { AppPermissionStore } from './apps/appPermissions';
import { AppSessions } from './apps/appSessions';
import type { AppViewHosting } from './apps/viewHosting';
import { AttachmentFiles } from './attachments/attachmentFiles';
import { uploadCommands } from './attachments/uploadCommands';
import { UploadStore } from './attachments/uploads';
import { importCommands } from './bringIn/import/importCommands';
import { ServerImport } from './bringIn/import/serverImport';
import type { ServerProposals } from './bringIn/proposals';
import { ConfigProposals } from './bringIn/serverProposals';
import { chatCommands } from './chat/chatCommands';
import { ChatService } from './chat/chatService';
import { configCommands } from './config/configCommands';
import { ConfigStore } from './config/configStore';
import { watchConfigFile } from './config/configWatcher';
import { AuditLog } from './consent/audit';
import { ConsentBroker } from './consent/broker';
import { consentCommands } from './consent/consentCommands';
import { answerCovered } from './consent/grantDecisions';
import { PermissionStore } from './consent/policy';
import { messageOf } from './errors';
import { ServerIcons } from './icons/iconCommands';
import { IconResolver } from './icons/iconResolver';
import { instructionCommands } from './instructions/instructionCommands';
import { InstructionSettings } from './instructions/instructionSettings';
import { payloadCommands } from './payloads/payloadCommands';
import { PayloadStore } from './payloads/payloadStore';
import { RegistryRoom } from './registry/registryRoom';
import { ElicitationService } from './requests/elicitation';
import { inputCommands } from './requests/inputCommands';
import { InputService } from './requests/inputs';
import { requestCommands } from './requests/requestCommands';
import { SamplingService } from './requests/sampling';
import { answerTaskInput } from './requests/taskInput';
import { resolveAttachments } from './resources/attachments';
import { RESOURCE_STORE_LIMITS } from './resources/previews';
import { resourceCommands } from './resources/resourceCommands';
import { rootsCommands } from './roots/rootsCommands';
import { ROOTS_CAPABILITY, RootsService } from './roots/service';
import { RootsStore } from './roots/store';
import { APPS_CAPABILITY } from './servers/appMeta';
import { CredentialStore } from './servers/auth/credentials';
import { type BuiltinScripts, firstRunConfig } from './servers/builtin';
import { REQUEST_CAPABILITIES } from './servers/capabilities';
import { CatalogueCache } from './servers/catalogueCache';
import { fillEnv } from './servers/entryReferences';
import { loginShellPath } from './servers/loginPath';
import { ServerManager } from './servers/manager';
import { ManualCalls } from './servers/manualCalls';
import { registerRequestHandlers } from './servers/requestHandlers';
import { readResource } from './servers/resources';
import { serverCommands } from './servers/serverCommands';
import { FRAME_STORE_LIMITS } from './servers/serverLog';
import { receiveTaskRequests } from './servers/taskReceiver';
import { fillVariables } from './servers/variables';
import { ChatDefaultsStore } from './settings/chatDefaults';
import { FileSecretStore } from './settings/fileSecrets';
import { modelCommands } from './settings/modelCommands';
import { ModelSettings } from './settings/models';
import type { SecretStore } from './settings/secrets';
import { ConversationStore } from './storage/conversations';
import { FileEraCache } from './storage/eraCache';
import { taskCommands } from './tasks/taskCommands';
import { TaskTracker } from './tasks/taskTracker';
import { approvalCommands } from './trust/approvalCommands';
import { approvalRequests } from './trust/approvalRequests';
import { serverIdentity } from './trust/identity';
import { ServerApprovals } from './trust/serverApprovals';

export type HostOptions = {
  dataDir: string;
  configPath?: string;
  /** The person named the config file when starting the app (`--config`): its servers as they are now are theirs. */
  configNamed?: boolean;
  /**
   * Opens an https link after the person confirms; absent where the host cannot show a confirmation.
   * Sign-in pages open through it too, after the person has seen whose page it is and what it asks for.
   */
  openExternal?: (url: string) => Promise<boolean>;
  initTimeoutMs?: number;
  /** How long a tool call may go without an answer or progress (60 s when absent). */
  callTimeoutMs?: number;
  /** Waits before automatic restarts of a failed server; the last one repeats. */
  restartBackoffMs?: number[];
  /** Where the built-in servers' scripts are; with them, a first run starts with the workspace server. */
  builtinScripts?: BuiltinScripts;
  /** The native folder dialog (Electron); absent in browser mode, which has its own folder browser. */
  pickFolder?: () => Promise<string | null>;
  /** The native file dialog for a .mcpb bundle (Electron); browser mode types the path instead. */
  pickBundle?: () => Promise<string | null>;
  /** Lets the person save a file where they choose (Electron); absent in browser mode. */
  saveFile?: (suggestedName: string, data: Buffer) => Promise<boolean>;
  /** Whether config.json is watched for changes made by other programs (on unless false). */
  watchConfig?: boolean;
  /** How long whole copies of large frames and results stay for "Show all" (`FRAME_STORE_LIMITS` when absent). */
  keepWholeMs?: number;
  /**
   * Encrypted storage where the platform has one (Electron's safeStorage). Without it, API keys stay in
   * config.json, and sign-in tokens and input values (the secret values of server entries) go to
   * credentials.json in the data folder; both are mode 0600.
   */
  secrets?: SecretStore;
};

/** Where the app keeps its files when nothing else is said. */
export function defaultDataDir(): string {
  return join(homedir(), '.switchboard');
}

export class Host {
  private readonly listeners = new Map<EventName, Set<(payload: never) => void>>();
  private readonly config: ConfigStore;
  private readonly servers: ServerManager;
  private readonly models: ModelSettings;
  private readonly broker = new ConsentBroker();
  private readonly permissions: PermissionStore;
  private readonly audit: AuditLog;
  private readonly conversations: ConversationStore;
  private readonly chat: ChatService;
  private readonly uploads = new UploadStore();
  private readonly attachments: AttachmentFiles;
  private readonly chatDefaults: ChatDefaultsStore;
  private readonly roots: RootsService;
  private readonly sampling: SamplingService;
  private readonly elicitation: ElicitationService;
  private readonly appPermissions: AppPermissionStore;
  private readonly apps: AppSessions;
  private appViews: AppViewHosting | undefined;
  /** Large resource contents, for pages to fetch in pieces and to attach by reference. */
  private readonly resourcePayloads = new PayloadStore(RESOURCE_STORE_LIMITS);
  /**
   * Whole copies of large protocol frames ("Show whole frame") and of large results of tools run by hand
   * ("Show all"): one budget for both, so many large calls never hold more than it.
   */
  private readonly framePayloads: PayloadStore;
  private readonly inputs: InputService;
  private readonly icons: ServerIcons;
  private readonly instructions: InstructionSettings;
  private readonly tasks: TaskTracker;
  /** Browse servers, bundles and install links. */
  private readonly registry: RegistryRoom;
  private readonly approvals: ServerApprovals;
  /** Where every route that brings a server in from elsewhere adds it: it waits for the person's approval. */
  readonly proposals: ServerProposals;
  private stopWatching: () => void = () => {};
  private starting: Promise<void> = Promise.resolve();

  private constructor(private readonly options: HostOptions) {
    const data = (name: string) => join(options.dataDir, name);
    this.framePayloads = new PayloadStore({
      ...FRAME_STORE_LIMITS,
      maxAgeMs: options.keepWholeMs ?? FRAME_STORE_LIMITS.maxAgeMs,
    });
    this.config = new ConfigStore(
      options.configPath ?? data('config.json'),
      options.builtinScripts ? firstRunConfig : undefined,
    );
    this.models = new ModelSettings(this.config, options.secrets);
    const onProblem = (message: string) => process.stderr.write(`Switchboard: ${message}\n`);
    this.approvals = new ServerApprovals(data('server-approvals.json'), onProblem);
    this.proposals = new ConfigProposals(this.config, this.approvals);
    this.permissions = new PermissionStore(data('permissions.json'), { onProblem });
    this.instructions = new InstructionSettings(data('instructions.json'), onProblem);
    this.audit = new AuditLog(data('audit.jsonl'));
    this.conversations = new ConversationStore(data('conversations'), { onProblem });
    const credentials = options.secrets ?? new FileSecretStore(data('credentials.json'));
    this.inputs = new InputService({
      secrets: credentials,
      emit: (event, payload) => this.emit(event, payload),
      declared: () => this.config.current.inputs ?? [],
    });
    this.attachments = new AttachmentFiles(data('attachments'), this.uploads);
    this.chatDefaults = new ChatDefaultsStore(data('chat-defaults.json'), onProblem);
    this.servers = new ServerManager(
      {
        clientInfo: { name: 'switchboard', version: '0.1.0' },
        initTimeoutMs: options.initTimeoutMs,
        callTimeoutMs: options.callTimeoutMs,
        backoffMs: options.restartBackoffMs,
        builtinScripts: options.builtinScripts,
        eraCache: new FileEraCache(join(options.dataDir, 'protocol-eras.json')),
        frames: this.framePayloads,
        catalogueCache: new CatalogueCache(data('catalogues'), { onProblem }),
        capabilities: { ...ROOTS_CAPABILITY, ...REQUEST_CAPABILITIES, ...APPS_CAPABILITY },
        onElicitationComplete: (server, elicitationId) => this.elicitation.complete(server, elicitationId),
        taskInput: (server, request, signal) =>
          answerTaskInput(
            {
              elicitation: this.elicitation,
              sampling: this.sampling,
              roots: (name) => this.roots.handleListRoots(name),
            },
            server,
            request,
            signal,
          ),
        onClientCreated: (client, server) => {
          this.roots.registerRootsHandler(client, server);
          registerRequestHandlers(client, server, { sampling: this.sampling, elicitation: this.elicitation });
          receiveTaskRequests(client, server, { sampling: this.sampling, elicitation: this.elicitation });
        },
        remote: (name) => ({
          fill: (text) =>
            fillVariables(text, {
              env: (variable) => process.env[variable],
              input: (id) => this.inputs.value(id, name),
            }),
        }),
        fillEnv: (server, env) =>
          fillEnv(server, env, {
            input: (id) => this.inputs.value(id, server),
            env: (name) => process.env[name],
          }),
        inputUses: (entry) => this.inputs.uses(entry),
        approval: (server, entry) => this.approvals.state(server, entry),
        auth: { store: new CredentialStore(credentials), openExternal: options.openExternal },
      },
      {
        changed: (view) => {
          if (view.state.kind !== 'running' && view.state.kind !== 'starting') this.serverGone(view.name);
          // A restart may wait for a value; only a stop ends the question.
          if (view.state.kind === 'stopped') this.inputs.cancelServer(view.name);
          this.tasks?.serverChanged(view);
          this.icons?.serverChanged(view);
          this.emit('server.changed', view);
        },
        removed: (name) => {
          this.serverGone(name);
          this.inputs.cancelServer(name);
          this.emit('server.removed', { name });
        },
        log: (server, entries) => this.emit('server.log', { server, entries }),
        wire: (server, entries) => this.emit('server.wire', { server, entries }),
        resourceUpdated: (server, uri) => this.emit('resource.updated', { server, uri }),
      },
    );
    const iconResolver = new IconResolver({ cacheDir: data('icons') });
    this.icons = new ServerIcons(this.servers, iconResolver);
    this.registry = new RegistryRoom({
      dataDir: options.dataDir,
      proposals: this.proposals,
      inputs: this.inputs,
      icons: iconResolver,
      onProblem,
      pickBundle: options.pickBundle,
    });
    const serverView = (name: string) => this.servers.list().find((view) => view.name === name);
    const emit = <E extends EventName>(event: E, payload: Events[E]) => this.emit(event, payload);
    const audit = (entry: AuditEntry) => void this.audit.append(entry).catch(() => {});
    this.sampling = new SamplingService({ emit, models: this.models, serverView, audit });
    this.elicitation = new ElicitationService({
      emit,
      serverView,
      audit,
      // Without a way to open links (browser mode) the renderer opens the page itself once the person agrees.
      onOpenUrl: async (url) => (this.options.openExternal ? this.options.openExternal(url) : true),
    });
    this.roots = new RootsService({
      store: new RootsStore(data('roots.json'), {
        serverNames: () => this.servers.list().map((view) => view.name),
        onProblem,
      }),
      servers: this.servers,
      emit: (event, payload) => this.emit(event, payload as Events[typeof event]),
      onProblem,
    });
    this.tasks = new TaskTracker({
      servers: this.servers,
      conversations: this.conversations,
      emit: (event, payload) => this.emit(event, payload),
    });
    this.chat = new ChatService({
      tasks: this.tasks,
      servers: this.servers,
      elicitation: this.elicitation,
      broker: this.broker,
      permissions: this.permissions,
      audit: this.audit,
      conversations: this.conversations,
      models: this.models,
      instructions: this.instructions,
      emit: (event, payload) => this.emit(event, payload),
      attachments: this.attachments,
      defaults: this.chatDefaults,
    });
    this.appPermissions = new AppPermissionStore(data('app-permissions.json'), onProblem);
    this.apps = new AppSessions({
      calls: {
        servers: this.servers,
        elicitation: this.elicitation,
        broker: this.broker,
        permissions: this.permissions,
        audit: this.audit,
      },
      permissions: this.appPermissions,
      hosting: () => this.appViews,
    });
    this.broker.onDidRequest((request) => this.emit('consent.requested', request));
    this.broker.onDidSettle((settled) => this.emit('consent.settled', settled));
    this.permissions.onDidChange((grants) => {
      this.emit('permissions.changed', grants);
      answerCovered(this.broker, this.permissions, (server) => this.identityOf(server));
    });
    // What the person writes in the app is approved before the change reaches the servers.
    this.config.onOwnEdit((servers) => this.approvals.approve(servers));
    this.approvals.onDidChange((names) => {
      for (const view of this.servers.list()) {
        if (names.includes(view.name)) this.servers.get(view.name).approvalChanged();
      }
      this.approvalsChanged();
    });
    this.commands = this.buildCommands();
  }

  /** Loads the config and starts every enabled server in the background. */
  static async create(options: HostOptions): Promise<Host> {
    // Servers named without a full path need the login shell's PATH: read it while the host loads.
    void loginShellPath();
    const host = new Host(options);
    const [, hadApprovals] = await Promise.all([
      host.config.load(),
      host.approvals.load(),
      host.permissions.load(),
      host.conversations.load(),
      host.chatDefaults.load(),
      host.roots.load(),
      host.appPermissions.load(),
      host.inputs.load(),
      host.instructions.load(),
      host.registry.load(),
    ]);
    await host.attachments.prune(new Set(host.conversations.list().map((chat) => chat.id)));
    // Permissions given in conversations deleted meanwhile have nothing left to cover.
    const conversations = new Set(host.conversations.list().map((summary) => summary.id));
    await host.permissions.forgetConversations((id) => conversations.has(id)).catch(() => {});
    // The person wrote the servers already there before approvals existed, and the ones of a file they named.
    if (!hadApprovals || options.configNamed) {
      host.approvals.approve(Object.entries(host.config.current.mcpServers), { record: true });
    }
    // From here on every change of the file the store notices is announced and applied.
    host.config.onDidChange((view) => host.configChanged(view));
    if (options.watchConfig !== false)
      host.stopWatching = watchConfigFile(host.config, {
        onProblem: (message) => process.stderr.write(`Switchboard: ${message}\n`),
      });
    host.starting = host.servers.apply(host.config.current.mcpServers);
    host.tasks.resumeSaved();
    return host;
  }

  /** Resolves once every enabled server has started or failed. */
  ready(): Promise<void> {
    return this.starting;
  }

  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (payload: never) => void);
    this.listeners.set(event, set);
    return () => set.delete(listener as (payload: never) => void);
  }

  /** Where app views are served (browser mode's sandbox server, Electron's view scheme); without it no view opens. */
  attachAppViews(hosting: AppViewHosting): void {
    this.appViews = hosting;
  }

  /** The identity of `server` as configured now, for checking grants; undefined when it left the config. */
  private identityOf(server: string): string | undefined {
    try {
      return serverIdentity(this.servers.get(server).entry);
    } catch {
      return undefined;
    }
  }

  /** Settles every request waiting for the person, e.g. when the window closes. */
  cancelPendingRequests(): void {
    this.apps.closeAll();
    this.chat.stopAll();
    this.broker.cancelWhere(() => true, 'cancelled');
    this.roots.cancelAll();
    this.sampling.cancelAll();
    this.elicitation.cancelAll();
    this.inputs.cancelAll();
  }

  /** Settles every request of a server that stopped, failed or left the config. */
  private serverGone(server: string): void {
    this.broker.cancelWhere((request) => request.server === server, 'server-gone');
    this.roots.cancelServer(server);
    this.sampling.cancelServer(server);
    this.elicitation.cancelServer(server);
  }

  /** Ends every running reply, every server and its process tree. */
  async shutdown(): Promise<void> {
    this.stopWatching();
    this.cancelPendingRequests();
    await Promise.all([this.servers.shutdown(), this.approvals.flush()]);
  }

  readonly commands: CommandHandlers;

  private buildCommands(): CommandHandlers {
    return {
      ...serverCommands(
        this.servers,
        new ManualCalls((progress) => this.emit('tool.progress', progress)),
        this.framePayloads,
      ),
      ...this.icons.commands(),
      ...this.registry.commands,
      ...taskCommands(this.tasks),
      ...instructionCommands(this.instructions, (view) => this.emit('instructions.changed', view)),
      ...configCommands(this.config, this.inputs),
      'app.openExternal': async ({ url }) =>
        this.options.openExternal ? this.options.openExternal(url) : false,
      ...modelCommands(this.models, () => this.modelsChanged()),
      ...chatCommands(this.chat, {
        deleted: (id) => {
          this.apps.endConversation(id);
          void this.permissions.forgetConversations((other) => other !== id).catch(() => {});
        },
        resolveContext: (context) =>
          resolveAttachments(context, {
            store: this.resourcePayloads,
            read: async (server, uri) => (await readResource(this.servers.get(server), uri)).contents,
          }),
        saveFile: this.options.saveFile,
      }),
      ...uploadCommands(this.uploads),
      ...appCommands(this.apps, this.appPermissions),
      ...consentCommands({
        broker: this.broker,
        permissions: this.permissions,
        audit: this.audit,
        servers: this.servers,
        foldersOf: (server) => this.roots.foldersOf(server),
      }),
      ...resourceCommands({
        servers: this.servers,
        payloads: this.resourcePayloads,
        saveFile: this.options.saveFile,
      }),
      ...payloadCommands([this.resourcePayloads, this.framePayloads]),
      ...rootsCommands(this.roots, this.options.pickFolder),
      ...requestCommands(this.sampling, this.elicitation),
      ...inputCommands(this.inputs),
      ...approvalCommands(this.config, this.approvals),
      ...importCommands(new ServerImport({ config: this.config, proposals: this.proposals })),
    };
  }

  /** The models section changed (config.changed and the servers follow from the config store). */
  private async modelsChanged() {
    const view = await this.models.view();
    this.emit('models.changed', view);
    return view;
  }

  /** Announces what config.json now holds and makes the running servers match it. */
  private configChanged(view: ConfigView): void {
    this.emit('config.changed', view);
    this.approvalsChanged();
    this.starting = this.servers.apply(this.config.current.mcpServers);
  }

  private approvalsChanged(): void {
    this.emit('approvals.changed', approvalRequests(this.config.current.mcpServers, this.approvals));
  }

  /** Hands `payload` to every listener; one that throws is reported and never reaches the caller (a timer, the SDK). */
  private emit<E extends EventName>(event: E, payload: Events[E]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        (listener as (payload: Events[E]) => void)(payload);
      } catch (error) {
        process.stderr.write(`Switchboard: a ${event} listener failed: ${messageOf(error)}\n`);
      }
    }
  }
}
