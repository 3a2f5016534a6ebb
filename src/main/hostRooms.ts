// The host's rooms: every store and service, built once from the host's options and wired to each other.
import { join } from 'node:path';
import type { AuditEntry } from '../shared/consent';
import type { Events } from '../shared/contract';
import type { ServerView } from '../shared/types';
import { AppPermissionStore } from './apps/appPermissions';
import { AppSessions } from './apps/appSessions';
import type { AppViewHosting } from './apps/viewHosting';
import { ViewTools } from './apps/viewTools';
import { AttachmentFiles } from './attachments/attachmentFiles';
import { UploadStore } from './attachments/uploads';
import type { ServerProposals } from './bringIn/proposals';
import { ConfigProposals } from './bringIn/serverProposals';
import { ChatService } from './chat/chatService';
import { ConfigStore } from './config/configStore';
import { UnusableServers } from './config/unusableServers';
import { AuditLog } from './consent/audit';
import { ConsentRoom } from './consent/consentRoom';
import { PermissionStore } from './consent/policy';
import { SkillApprovals } from './consent/skillApprovals';
import { SkillConsent } from './consent/skillConsent';
import { messageOf } from './errors';
import { FlowRoom } from './flow/flowRoom';
import { FlowSettings } from './flow/flowSettings';
import type { Emit } from './hostEvents';
import type { HostOptions } from './hostOptions';
import { serverOptions } from './hostServers';
import { ServerIcons } from './icons/iconCommands';
import { IconResolver } from './icons/iconResolver';
import { InstructionSettings } from './instructions/instructionSettings';
import { KeptResults } from './payloads/keptResults';
import type { PayloadStore } from './payloads/payloadStore';
import { RegistryRoom } from './registry/registryRoom';
import { ElicitationService } from './requests/elicitation';
import { InputService } from './requests/inputs';
import { SamplingService } from './requests/sampling';
import { RootsService } from './roots/service';
import { RootsStore } from './roots/store';
import { sweepPrivateDirs } from './sandbox/privateDirs';
import { SandboxRuntime } from './sandbox/runtime';
import { Sandboxes } from './sandbox/sandboxes';
import { CredentialStore } from './servers/auth/credentials';
import { ServerManager } from './servers/manager';
import { firstRunConfig } from './servers/transport/builtin';
import { ChatDefaultsStore } from './settings/chatDefaults';
import { FileSecretStore } from './settings/fileSecrets';
import { ModelOptionsStore } from './settings/modelOptions';
import { ModelSettings } from './settings/models';
import { ToolSetSettings } from './settings/toolSets';
import { SkillFiles } from './skills/skillFiles';
import { SkillRoom } from './skills/skillRoom';
import { ConversationStore } from './storage/conversations';
import { TaskTracker } from './tasks/taskTracker';
import { readResultTool } from './tools/readResult';
import { searchTools } from './tools/searchTools';
import { skillTools } from './tools/skillTools';
import { ServerApprovals } from './trust/serverApprovals';
import { ServerForgetting } from './trust/serverForgetting';

/** What the rooms need from the host itself. */
export type RoomLinks = {
  emit: Emit;
  /** Whole copies of large protocol frames, for the Protocol tab. */
  frames: PayloadStore;
  /** Where app views are served, once an entry has said so. */
  appViews: () => AppViewHosting | undefined;
};

export class HostRooms {
  readonly config: ConfigStore;
  readonly servers: ServerManager;
  /** The rows of config.json entries with an error, listed beside the servers. */
  readonly unusable = new UnusableServers();
  readonly models: ModelSettings;
  /** What the person set per model: context windows and thinking. */
  readonly modelOptions: ModelOptionsStore;
  readonly permissions: PermissionStore;
  /** Decides every tool call: covered by a grant, or asked of the person. */
  readonly consent: ConsentRoom;
  readonly audit: AuditLog;
  /** Tool labels, what each conversation took in, results reviewed first, and the organisation's policy. */
  readonly flow: FlowRoom;
  readonly flowSettings: FlowSettings;
  readonly conversations: ConversationStore;
  readonly chat: ChatService;
  readonly uploads = new UploadStore();
  readonly attachments: AttachmentFiles;
  /** Tool results too long for the model at once, kept whole with their conversation. */
  readonly results: KeptResults;
  readonly chatDefaults: ChatDefaultsStore;
  /** Named choices of servers and tools; the default one is what new conversations start with. */
  readonly toolSets: ToolSetSettings;
  readonly roots: RootsService;
  readonly sampling: SamplingService;
  readonly elicitation: ElicitationService;
  readonly appPermissions: AppPermissionStore;
  readonly apps: AppSessions;
  /** The tools open views offer the model. */
  readonly viewTools: ViewTools;
  readonly inputs: InputService;
  readonly icons: ServerIcons;
  readonly instructions: InstructionSettings;
  readonly tasks: TaskTracker;
  /** Browse servers, bundles and install links. */
  readonly registry: RegistryRoom;
  readonly approvals: ServerApprovals;
  /** Forgets what a server that left the config leaves behind. */
  readonly forgetting: ServerForgetting;
  /** Where every route that brings a server in from elsewhere adds it: it waits for the person's approval. */
  readonly proposals: ServerProposals;
  /** The skills the person approved, each bound to its files, and the skills waiting for their approval. */
  readonly skillApprovals: SkillApprovals;
  readonly skillConsent: SkillConsent;
  /** Skills served over MCP: the registry, verified loads, what each conversation acts on. */
  readonly skills: SkillRoom;
  /** Runs local servers in the sandbox, each seeing only its shared folders. */
  readonly sandboxes: Sandboxes | undefined;

  /** The folders of the data folder whose files are written whole, where a killed write leaves a temporary file. */
  readonly writtenFolders: string[];

  private readonly dataDir: string;
  private readonly configNamed: boolean;

  constructor(options: HostOptions, links: RoomLinks) {
    this.dataDir = options.dataDir;
    this.configNamed = options.configNamed === true;
    const data = (name: string) => join(options.dataDir, name);
    this.writtenFolders = [options.dataDir, data('catalogues'), data('conversations'), data('icons')];
    const { emit } = links;
    this.config = new ConfigStore(
      options.configPath ?? data('config.json'),
      options.builtinScripts ? firstRunConfig : undefined,
    );
    this.toolSets = new ToolSetSettings(this.config);
    const onProblem = (message: string) => process.stderr.write(`Switchboard: ${message}\n`);
    this.modelOptions = new ModelOptionsStore(data('model-options.json'), onProblem);
    this.models = new ModelSettings(this.config, options.secrets, process.env, this.modelOptions);
    this.approvals = new ServerApprovals(data('server-approvals.json'), onProblem);
    this.permissions = new PermissionStore(data('permissions.json'), { onProblem });
    this.instructions = new InstructionSettings(data('instructions.json'), onProblem);
    this.audit = new AuditLog(data('audit.jsonl'));
    this.conversations = new ConversationStore(data('conversations'), { onProblem });
    const credentials = options.secrets ?? new FileSecretStore(data('credentials.json'));
    this.inputs = new InputService({
      secrets: credentials,
      emit: (event, payload) => emit(event, payload),
      declared: () => this.config.current.inputs ?? [],
      onProblem,
    });
    this.proposals = new ConfigProposals(this.config, this.approvals, this.inputs);
    const credentialStore = new CredentialStore(credentials);
    this.skillApprovals = new SkillApprovals(data('skill-approvals.json'), onProblem);
    const skillFiles = new SkillFiles(data('skills'));
    this.forgetting = new ServerForgetting({
      approvals: this.approvals,
      inputs: this.inputs,
      credentials: credentialStore,
      skills: [this.skillApprovals, skillFiles],
      onProblem,
    });
    this.attachments = new AttachmentFiles(data('attachments'), this.uploads);
    this.results = new KeptResults(data('results'));
    this.chatDefaults = new ChatDefaultsStore(data('chat-defaults.json'), onProblem);
    // A server may have left the config by the time its sandbox reports.
    const server = (name: string) => (this.servers.has(name) ? this.servers.get(name) : undefined);
    this.sandboxes =
      options.sandbox === false
        ? undefined
        : new Sandboxes({
            runtime: new SandboxRuntime(),
            dataDir: options.dataDir,
            folders: (name) => this.roots.sandboxFolders(name),
            builtinScripts: options.builtinScripts,
            changed: (name) => server(name)?.refreshView(),
            foldersChanged: (name, text) => server(name)?.foldersChanged(text),
            minimumSandbox: () => this.flow.minimumSandbox(),
          });
    this.servers = new ServerManager(
      serverOptions(options, this, {
        data,
        frames: links.frames,
        credentials: credentialStore,
        onProblem,
        sandbox: this.sandboxes,
      }),
      {
        changed: (view) => {
          const { state } = view;
          if (state.kind !== 'running' && state.kind !== 'starting') {
            // A restart that follows no failure (new shared folders, the person's Restart) keeps the questions about
            // calls not yet sent: each goes to the new session once answered. What the old session asked ends with it.
            const restarting = state.kind === 'restarting' && state.lastFailure === undefined;
            this.serverGone(view.name, { keepCalls: restarting });
          }
          // A restart may wait for a value; only a stop ends the question.
          if (view.state.kind === 'stopped') this.inputs.cancelServer(view.name);
          this.tasks?.serverChanged(view);
          this.icons?.serverChanged(view);
          this.skills?.refresh();
          emit('server.changed', view);
        },
        removed: (name) => {
          this.serverGone(name);
          this.skills?.refresh();
          this.inputs.cancelServer(name);
          // A server whose entry now has an error stays in the list, with its reason.
          const row = this.unusable.get(name);
          if (row) emit('server.changed', row);
          else emit('server.removed', { name });
        },
        log: (server, entries) => emit('server.log', { server, entries }),
        wire: (server, entries) => emit('server.wire', { server, entries }),
        resourceUpdated: (server, uri) => emit('resource.updated', { server, uri }),
      },
    );
    this.flowSettings = new FlowSettings(data('flow-settings.json'), onProblem);
    this.flow = new FlowRoom({
      servers: this.servers,
      settings: this.flowSettings,
      conversations: this.conversations,
      foldersOf: (server) => this.roots.sharedWith(server),
      // A local server's network choice counts only while its sandbox really runs it.
      sandboxActive: (server) => this.sandboxes?.active(server, this.servers.get(server).entry) ?? false,
      originOf: (server, entry) => this.approvals.originOf(server, entry),
      changedSinceGrant: (server, identity, tool) => this.permissions.changedSince(server, identity, tool),
      audit: (entry) => void this.audit.append(entry).catch(() => {}),
      emit: (event, payload) => emit(event, payload),
    });
    this.consent = new ConsentRoom({
      permissions: this.permissions,
      servers: this.servers,
      flow: this.flow,
      sandboxedWithoutNetwork: (name, entry) => this.sandboxes?.activeWithoutNetwork(name, entry) ?? false,
    });
    this.skillConsent = new SkillConsent(this.skillApprovals, {
      requested: (request) => emit('skills.requested', request),
      settled: (settled) => emit('skills.settled', settled),
    });
    this.skills = new SkillRoom({
      servers: this.servers,
      approvals: this.skillApprovals,
      consent: this.skillConsent,
      files: skillFiles,
      flow: this.flow,
      changed: (views) => emit('skills.changed', views),
    });
    const iconResolver = new IconResolver({ cacheDir: data('icons') });
    this.icons = new ServerIcons(this.servers, iconResolver);
    this.registry = new RegistryRoom({
      dataDir: options.dataDir,
      proposals: this.proposals,
      icons: iconResolver,
      onProblem,
      pickBundle: options.pickBundle,
      bundleLimits: options.bundleLimits,
    });
    const serverView = (name: string) => this.servers.list().find((view) => view.name === name);
    const audit = (entry: AuditEntry) =>
      void this.audit
        .append(entry)
        .catch((error: unknown) =>
          onProblem(`Could not record a request of "${entry.server}" in the audit log: ${messageOf(error)}`),
        );
    this.sampling = new SamplingService({ emit, models: this.models, serverView, audit });
    this.elicitation = new ElicitationService({
      emit,
      serverView,
      audit,
      // Without a way to open links (browser mode) the renderer opens the page itself once the person agrees.
      onOpenUrl: async (url) => (options.openExternal ? options.openExternal(url) : true),
    });
    this.roots = new RootsService({
      store: new RootsStore(data('roots.json'), {
        serverNames: () => this.servers.list().map((view) => view.name),
        onProblem,
      }),
      servers: this.servers,
      emit: (event, payload) => emit(event, payload as Events[typeof event]),
      onProblem,
    });
    this.roots.onDidChange(() => this.sandboxes?.foldersMayHaveChanged());
    this.tasks = new TaskTracker({
      servers: this.servers,
      conversations: this.conversations,
      flow: this.flow,
      emit: (event, payload) => emit(event, payload),
      onProblem,
    });
    this.viewTools = new ViewTools((call) => emit('apps.toolCall', call));
    this.chat = new ChatService({
      viewTools: this.viewTools,
      tasks: this.tasks,
      servers: this.servers,
      elicitation: this.elicitation,
      consent: this.consent,
      flow: this.flow,
      audit: this.audit,
      onProblem,
      conversations: this.conversations,
      models: this.models,
      instructions: this.instructions,
      emit: (event, payload) => emit(event, payload),
      attachments: this.attachments,
      results: this.results,
      defaults: this.chatDefaults,
      hostTools: [
        searchTools,
        readResultTool({ results: this.results, conversations: this.conversations, flow: this.flow }),
        ...skillTools({ skills: this.skills, servers: () => this.servers.list() }),
      ],
      skills: this.skills,
      toolSets: this.toolSets,
    });
    this.appPermissions = new AppPermissionStore(data('app-permissions.json'), onProblem);
    this.apps = new AppSessions({
      calls: {
        servers: this.servers,
        elicitation: this.elicitation,
        consent: this.consent,
        flow: this.flow,
        audit: this.audit,
        onProblem,
      },
      grants: this.consent,
      permissions: this.appPermissions,
      hosting: links.appViews,
      saveFile: options.saveFile,
      viewTools: this.viewTools,
    });
  }

  /**
   * Removes the private folders of sandboxed servers no longer configured (or now running something else). Not
   * for a named config file (the person's usual file may hold others), nor while config.json or an entry of it
   * has an error (the entry's folder may be the one it had before).
   */
  async sweepSandboxes(): Promise<void> {
    if (this.configNamed || this.config.unusable.length > 0 || this.config.view().problem) return;
    await sweepPrivateDirs(this.dataDir, Object.values(this.config.current.mcpServers));
  }

  /** Every server as listed: those configured, then the entries of config.json with an error. */
  serverViews(): ServerView[] {
    return [...this.servers.list(), ...this.unusable.list()];
  }

  /** Settles every request waiting for the person, e.g. when the window closes. */
  cancelPendingRequests(): void {
    this.apps.closeAll();
    this.chat.stopAll();
    this.consent.cancelAll();
    this.skillConsent.cancelAll();
    this.flow.cancelReviews();
    this.roots.cancelAll();
    this.sampling.cancelAll();
    this.elicitation.cancelAll();
    this.inputs.cancelAll();
  }

  /** Settles every request of a server that stopped, failed or left the config (`keepCalls`: but its waiting calls). */
  private serverGone(server: string, { keepCalls = false } = {}): void {
    if (!keepCalls) this.consent.cancelServer(server);
    this.skillConsent.cancelServer(server);
    this.roots.cancelServer(server);
    this.sampling.cancelServer(server);
    this.elicitation.cancelServer(server);
  }
}
