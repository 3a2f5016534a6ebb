// The composition root: builds the host's stores and rooms once, in dependency order, each given only what it uses.
import type { AuditEntry } from '../shared/consent';
import type { Events } from '../shared/contract';
import type { ServerView } from '../shared/types';
import { AppSessions } from './apps/appSessions';
import type { AppViewHosting } from './apps/viewHosting';
import { ViewTools } from './apps/viewTools';
import { ChatService } from './chat/chatService';
import { ConsentRoom } from './consent/consentRoom';
import { SkillConsent } from './consent/skillConsent';
import { messageOf } from './errors';
import { FlowRoom } from './flow/flowRoom';
import { OrgPolicies } from './flow/orgPolicies';
import type { Emit } from './hostEvents';
import type { HostOptions } from './hostOptions';
import { serverOptions } from './hostServers';
import { dataFile, type HostStores, openStores } from './hostStores';
import { ServerIcons } from './icons/iconCommands';
import { IconResolver } from './icons/iconResolver';
import type { PayloadStore } from './payloads/payloadStore';
import { RegistryRoom } from './registry/registryRoom';
import { ElicitationService } from './requests/elicitation';
import { SamplingService } from './requests/sampling';
import { RootsService } from './roots/service';
import { RootsStore } from './roots/store';
import { sweepPrivateDirs } from './sandbox/privateDirs';
import { SandboxRuntime } from './sandbox/runtime';
import { Sandboxes } from './sandbox/sandboxes';
import { ServerManager } from './servers/manager';
import { RunningServers } from './servers/runningServers';
import { SkillRoom } from './skills/skillRoom';
import { TaskTracker } from './tasks/taskTracker';
import { readResultTool } from './tools/readResult';
import { searchTools } from './tools/searchTools';
import { skillTools } from './tools/skillTools';

/** What the rooms need from the host itself. */
export type RoomLinks = {
  emit: Emit;
  /** Whole copies of large protocol frames, for the Protocol tab. */
  frames: PayloadStore;
  /** Where app views are served, once an entry has said so (the host is told after it starts). */
  appViews: () => AppViewHosting | undefined;
};

/** The stores and rooms the host loads and the commands answer from, and what the host does across them. */
export type HostRooms = HostStores & {
  /** Starts, stops and restarts the configured servers; the other rooms look them up in its running set. */
  servers: ServerManager;
  /** Decides every tool call: covered by a grant, or asked of the person. */
  consent: ConsentRoom;
  /** Tool labels, what each conversation took in, results reviewed first, and the organisation's policy. */
  flow: FlowRoom;
  /** Asks the person before a skill they have not approved loads. */
  skillConsent: SkillConsent;
  /** Skills served over MCP: the registry, verified loads, what each conversation acts on. */
  skills: SkillRoom;
  roots: RootsService;
  sampling: SamplingService;
  elicitation: ElicitationService;
  icons: ServerIcons;
  tasks: TaskTracker;
  chat: ChatService;
  apps: AppSessions;
  /** The tools open views offer the model. */
  viewTools: ViewTools;
  /** Browse servers, bundles and install links. */
  registry: RegistryRoom;
  /** Runs local servers in the sandbox, each seeing only its shared folders; absent when turned off. */
  sandboxes: Sandboxes | undefined;
  /** Every server as listed: those configured, then the entries of config.json with an error. */
  serverViews(): ServerView[];
  /** Settles every request waiting for the person, e.g. when the window closes. */
  cancelPendingRequests(): void;
  /**
   * Removes the private folders of sandboxed servers no longer configured (or now running something else). Not
   * for a named config file (the person's usual file may hold others), nor while config.json or an entry of it
   * has an error (the entry's folder may be the one it had before).
   */
  sweepSandboxes(): Promise<void>;
};

export function composeHost(options: HostOptions, links: RoomLinks): HostRooms {
  const { emit } = links;
  const onProblem = (message: string) => process.stderr.write(`Switchboard: ${message}\n`);
  const data = (name: string) => dataFile(options, name);
  const stores = openStores(options, { emit, onProblem });
  const { config, approvals, permissions, inputs, conversations } = stores;

  // The servers' connections, filled by the manager built last: every room before it looks servers up here.
  const running = new RunningServers();
  const roots = new RootsService({
    store: new RootsStore(data('roots.json'), {
      serverNames: () => running.list().map((view) => view.name),
      onProblem,
    }),
    servers: running,
    emit: (event, payload) => emit(event, payload as Events[typeof event]),
    onProblem,
  });
  const policies = new OrgPolicies();
  // A server may have left the config by the time its sandbox reports.
  const server = (name: string) => (running.has(name) ? running.get(name) : undefined);
  const sandboxes =
    options.sandbox === false
      ? undefined
      : new Sandboxes({
          runtime: new SandboxRuntime(),
          dataDir: options.dataDir,
          folders: (name) => roots.sandboxFolders(name),
          builtinScripts: options.builtinScripts,
          changed: (name) => server(name)?.refreshView(),
          foldersChanged: (name, text) => server(name)?.foldersChanged(text),
          minimumSandbox: () => policies.minimumSandbox(),
        });
  roots.onDidChange(() => sandboxes?.foldersMayHaveChanged());
  const flow = new FlowRoom({
    servers: running,
    settings: stores.flowSettings,
    policies,
    conversations,
    foldersOf: (name) => roots.sharedWith(name),
    // A local server's network choice counts only while its sandbox really runs it.
    sandboxActive: (name) => sandboxes?.active(name, running.get(name).entry) ?? false,
    originOf: (name, entry) => approvals.originOf(name, entry),
    changedSinceGrant: (name, identity, tool) => permissions.changedSince(name, identity, tool),
    audit: (entry) => void stores.audit.append(entry).catch(() => {}),
    emit: (event, payload) => emit(event, payload),
  });
  const consent = new ConsentRoom({
    permissions,
    servers: running,
    flow,
    sandboxedWithoutNetwork: (name, entry) => sandboxes?.activeWithoutNetwork(name, entry) ?? false,
  });
  const skillConsent = new SkillConsent(stores.skillApprovals, {
    requested: (request) => emit('skills.requested', request),
    settled: (settled) => emit('skills.settled', settled),
  });
  const skills = new SkillRoom({
    servers: running,
    approvals: stores.skillApprovals,
    consent: skillConsent,
    files: stores.skillFiles,
    flow,
    changed: (views) => emit('skills.changed', views),
  });
  const serverView = (name: string) => running.list().find((view) => view.name === name);
  const audit = (entry: AuditEntry) =>
    void stores.audit
      .append(entry)
      .catch((error: unknown) =>
        onProblem(`Could not record a request of "${entry.server}" in the audit log: ${messageOf(error)}`),
      );
  const sampling = new SamplingService({ emit, models: stores.models, serverView, audit });
  const elicitation = new ElicitationService({
    emit,
    serverView,
    audit,
    // Without a way to open links (browser mode) the renderer opens the page itself once the person agrees.
    onOpenUrl: async (url) => (options.openExternal ? options.openExternal(url) : true),
  });
  const iconResolver = new IconResolver({ cacheDir: data('icons') });
  const icons = new ServerIcons(running, iconResolver);
  const tasks = new TaskTracker({
    servers: running,
    conversations,
    flow,
    emit: (event, payload) => emit(event, payload),
    onProblem,
  });

  /** Settles every request of a server that stopped, failed or left the config (`keepCalls`: but its waiting calls). */
  const serverGone = (name: string, { keepCalls = false } = {}) => {
    if (!keepCalls) consent.cancelServer(name);
    skillConsent.cancelServer(name);
    roots.cancelServer(name);
    sampling.cancelServer(name);
    elicitation.cancelServer(name);
  };
  const servers = new ServerManager(
    serverOptions(
      options,
      { elicitation, sampling, roots, inputs, approvals, flow },
      { data, frames: links.frames, credentials: stores.credentials, onProblem, sandbox: sandboxes },
    ),
    {
      changed: (view) => {
        const { state } = view;
        if (state.kind !== 'running' && state.kind !== 'starting') {
          // A restart that follows no failure (new shared folders, the person's Restart) keeps the questions about
          // calls not yet sent: each goes to the new session once answered. What the old session asked ends with it.
          const restarting = state.kind === 'restarting' && state.lastFailure === undefined;
          serverGone(view.name, { keepCalls: restarting });
        }
        // A restart may wait for a value; only a stop ends the question.
        if (view.state.kind === 'stopped') inputs.cancelServer(view.name);
        tasks.serverChanged(view);
        icons.serverChanged(view);
        skills.refresh();
        emit('server.changed', view);
      },
      removed: (name) => {
        serverGone(name);
        skills.refresh();
        inputs.cancelServer(name);
        // A server whose entry now has an error stays in the list, with its reason.
        const row = stores.unusable.get(name);
        if (row) emit('server.changed', row);
        else emit('server.removed', { name });
      },
      log: (name, entries) => emit('server.log', { server: name, entries }),
      wire: (name, entries) => emit('server.wire', { server: name, entries }),
      resourceUpdated: (name, uri) => emit('resource.updated', { server: name, uri }),
    },
    running,
  );

  const registry = new RegistryRoom({
    dataDir: options.dataDir,
    proposals: stores.proposals,
    icons: iconResolver,
    onProblem,
    pickBundle: options.pickBundle,
    bundleLimits: options.bundleLimits,
  });
  const viewTools = new ViewTools((call) => emit('apps.toolCall', call));
  const chat = new ChatService({
    viewTools,
    tasks,
    servers: running,
    elicitation,
    consent,
    flow,
    audit: stores.audit,
    onProblem,
    conversations,
    models: stores.models,
    instructions: stores.instructions,
    emit: (event, payload) => emit(event, payload),
    attachments: stores.attachments,
    results: stores.results,
    defaults: stores.chatDefaults,
    hostTools: [
      searchTools,
      readResultTool({ results: stores.results, conversations, flow }),
      ...skillTools({ skills, servers: () => running.list() }),
    ],
    skills,
    toolSets: stores.toolSets,
  });
  const apps = new AppSessions({
    calls: { servers: running, elicitation, consent, flow, audit: stores.audit, onProblem },
    grants: consent,
    permissions: stores.appPermissions,
    hosting: links.appViews,
    saveFile: options.saveFile,
    viewTools,
  });

  return {
    ...stores,
    servers,
    consent,
    flow,
    skillConsent,
    skills,
    roots,
    sampling,
    elicitation,
    icons,
    tasks,
    chat,
    apps,
    viewTools,
    registry,
    sandboxes,
    serverViews: () => [...servers.list(), ...stores.unusable.list()],
    cancelPendingRequests: () => {
      apps.closeAll();
      chat.stopAll();
      consent.cancelAll();
      skillConsent.cancelAll();
      flow.cancelReviews();
      roots.cancelAll();
      sampling.cancelAll();
      elicitation.cancelAll();
      inputs.cancelAll();
    },
    sweepSandboxes: async () => {
      if (options.configNamed || config.unusable.length > 0 || config.view().problem) return;
      await sweepPrivateDirs(options.dataDir, Object.values(config.current.mcpServers));
    },
  };
}
