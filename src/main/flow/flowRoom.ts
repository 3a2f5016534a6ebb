// Flow-aware consent in the host: each tool's labels, what each conversation took in, results reviewed first, and the organisation's policy.
import type { AuditEntry } from '../../shared/consent';
import type { Events } from '../../shared/contract';
import {
  type DescriptionFlag,
  descriptionFlags,
  type Exposure,
  type FlowLabel,
  type FlowMark,
  type FlowServerView,
  type FlowView,
  type ReviewSource,
  type ReviewState,
  type ToolLabels,
} from '../../shared/flow';
import type { ContextItem } from '../../shared/resources';
import type { ServerOriginView } from '../../shared/serverApprovals';
import type { LogLevel, ServerEntry, ServerView, ToolCallResult, ToolView } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';
import type { ConversationStore } from '../storage/conversations';
import { serverIdentity } from '../trust/identity';
import { exposureAfter, marksOfContext, marksOfResult } from './exposure';
import type { FlowSettings } from './flowSettings';
import { knownServerOf } from './knownServers';
import { labelsOf } from './labels';
import { networkReach } from './networkReach';
import { OrgPolicies } from './orgPolicies';
import {
  blockReason,
  forcesReview,
  holdsTool,
  type MinimumSandbox,
  type OrgPolicy,
  sandboxShortfall,
} from './orgPolicy';
import { ResultReviews } from './resultReviews';
import { stripResultTags } from './toolText';

/** The servers as flow needs them; `ServerManager` fits. */
export type FlowServers = {
  get(name: string): {
    readonly entry: ServerEntry;
    view(): Pick<ServerView, 'tools'>;
    note(level: LogLevel, text: string): void;
  };
  list(): ServerView[];
};

export type FlowRoomDeps = {
  servers: FlowServers;
  settings: FlowSettings;
  /** The organisation's policies, shared with the sandbox (a room of its own when absent). */
  policies?: OrgPolicies;
  conversations: Pick<ConversationStore, 'get' | 'setExposure'>;
  /** The folders the person shared with a server (after they said yes). */
  foldersOf(server: string): readonly unknown[];
  /** Whether the server's sandbox really runs now (only then does its network choice count). */
  sandboxActive(server: string): boolean;
  /** Where a server came from (the registry, a link …). */
  originOf(server: string, entry: ServerEntry): ServerOriginView;
  /** Whether a grant covered `tool` as it was defined before it changed. */
  changedSinceGrant(server: string, identity: string, tool: ToolView): boolean;
  audit(entry: AuditEntry): void;
  emit(event: 'chat.exposure', payload: Events['chat.exposure']): void;
};

/** Routes whose remote servers have their results reviewed until the person turns it off. */
const REVIEWED_ROUTES: ReadonlySet<ServerOriginView['route']> = new Set(['registry', 'link']);

export class FlowRoom {
  private readonly org: OrgPolicies;
  private readonly pendingReviews = new ResultReviews();
  /** Descriptions already reported as stripped, so the log says it once per definition. */
  private readonly noted = new Set<string>();

  constructor(private readonly deps: FlowRoomDeps) {
    this.org = deps.policies ?? new OrgPolicies();
  }

  /** The organisation's policy, read once at start (see `loadPolicies`). */
  setPolicies(policies: readonly OrgPolicy[]): void {
    this.org.set(policies);
  }

  /** Undefined until read: until then, every server is blocked. */
  private get policies(): readonly OrgPolicy[] | undefined {
    return this.org.list;
  }

  /** The labels of `tool` of `server` as they hold now. */
  labels(server: string, tool: ToolView): ToolLabels {
    const { entry } = this.deps.servers.get(server);
    const flowServer = {
      entry,
      hasRoots: this.deps.foldersOf(server).length > 0,
      reach: networkReach(entry, this.deps.sandboxActive(server)),
      known: knownServerOf(entry),
    };
    return labelsOf(flowServer, tool, this.deps.settings.overrides(server, serverIdentity(entry), tool.name));
  }

  /** What `conversationId` took in so far ('' is no conversation: nothing). */
  exposure(conversationId: string): Exposure | undefined {
    return conversationId ? this.conversation(conversationId)?.exposure : undefined;
  }

  /** Whether the policy holds every call of `tool` for the person. */
  alwaysHeld(server: string, tool: string): boolean {
    return holdsTool(this.policies ?? [], server, this.deps.servers.get(server).entry, tool);
  }

  /**
   * Why the policy keeps `entry` from running, in plain words; undefined when it may run. A local server whose
   * entry falls short of the least sandbox the policy requires is kept from running too.
   */
  blocked(server: string, entry: ServerEntry): string | undefined {
    if (!this.policies) return 'the organisation’s policy has not been read yet';
    return blockReason(this.policies, server, entry) ?? sandboxShortfall(entry, this.minimumSandbox());
  }

  /** The least sandbox the policy requires of local servers, for the launch gate. */
  minimumSandbox(): MinimumSandbox {
    return this.org.minimumSandbox();
  }

  /** Records what entered a conversation: its exposure grows, is saved with it, announced and audited. */
  async record(conversationId: string, marks: readonly FlowMark[]): Promise<void> {
    const conversation = conversationId ? this.conversation(conversationId) : undefined;
    if (!conversation || marks.length === 0) return;
    let exposure = conversation.exposure;
    for (const mark of marks) {
      exposure = exposureAfter(exposure, mark);
      this.deps.audit({
        kind: 'exposure',
        time: mark.time,
        conversationId,
        server: mark.server,
        what: mark.what,
        via: mark.via,
        decision: mark.kind,
        outcome: 'recorded',
      });
    }
    if (!exposure) return;
    const saved = this.deps.conversations.setExposure(conversationId, exposure);
    this.deps.emit('chat.exposure', { conversationId, exposure });
    await saved;
  }

  /** Records what the person attached to a message (resources, skills, what an app view gave the model), or a skill the model loaded. */
  recordContext(
    conversationId: string,
    messageId: string | undefined,
    items: readonly ContextItem[],
  ): Promise<void> {
    const marks = marksOfContext(items, (server) => this.bringsOutside(server), {
      time: Date.now(),
      messageId,
    });
    return this.record(conversationId, marks);
  }

  /** Whether a finished result of `tool` waits for the person before the model sees it. */
  reviewsFirst(server: string, tool: ToolView, labels: ToolLabels): boolean {
    if (!labels.outsideContent.on) return false;
    const review = this.serverReview(server);
    if (review.source === 'policy') return true;
    return this.deps.settings.toolReview(server, tool.name) ?? review.on;
  }

  /** Waits for the person's choice on a finished result; a stopped reply withholds it. */
  review(
    call: { server: string; conversationId: string; callId: string },
    signal: AbortSignal,
  ): Promise<ReviewState> {
    return this.pendingReviews.review(call, signal);
  }

  answerReview(conversationId: string, callId: string, give: boolean): void {
    this.pendingReviews.answer(conversationId, callId, give);
  }

  cancelReviews(): void {
    this.pendingReviews.cancelAll();
  }

  /**
   * A result of a task followed again after a restart, as it enters its conversation: without hidden tags, and
   * marking the conversation. One that should be reviewed first is withheld: nobody is asked after a restart.
   */
  async resumedResult(
    call: { server: string; tool: string; conversationId: string; messageId: string },
    answered: ToolCallResult,
  ): Promise<{ result: ToolCallResult; review?: ReviewState }> {
    const { result, stripped } = stripResultTags(answered);
    if (stripped) this.noteStripped(call.server, call.tool, 'result');
    const tool = this.liveTool(call.server, call.tool);
    const labels = tool ? this.labels(call.server, tool) : undefined;
    if (!tool || !labels || this.reviewsFirst(call.server, tool, labels))
      return { result, review: 'withheld' };
    const at = { server: call.server, time: Date.now(), messageId: call.messageId };
    await this.record(call.conversationId, marksOfResult(call.tool, labels, at));
    return { result };
  }

  /** Records a read of a result the host kept (`read_result`) as that result entering again, by its tool's labels now. */
  recordKeptRead(conversationId: string, origin: { server: string; tool: string }, messageId: string) {
    const tool = this.liveTool(origin.server, origin.tool);
    const labels = tool ? this.labels(origin.server, tool) : undefined;
    const at = { server: origin.server, time: Date.now(), messageId };
    return this.record(conversationId, marksOfResult(origin.tool, labels, at));
  }

  /** Says in the server's log that hidden tag characters were taken out of what the model reads (a description, once). */
  noteStripped(server: string, tool: string, what: 'description' | 'result'): void {
    const id = `${server}\u0000${tool}`;
    if (what === 'description') {
      if (this.noted.has(id)) return;
      this.noted.add(id);
    }
    try {
      this.deps.servers
        .get(server)
        .note(
          'warning',
          `Hidden Unicode tag characters were removed from the ${what} of ${tool} before the model read it.`,
        );
    } catch {
      // The server left the config meanwhile: there is no log to write to.
    }
  }

  /** Every server's tools with their labels and review choices, and the policy as read. */
  view(): FlowView {
    const servers = this.deps.servers.list().map((server): FlowServerView => {
      const review = this.serverReview(server.name);
      const blocked = this.blocked(server.name, this.deps.servers.get(server.name).entry);
      return {
        server: server.name,
        review,
        tools: server.tools.map((tool) => {
          const labels = this.labels(server.name, tool);
          return {
            name: tool.name,
            ...(tool.title ? { title: tool.title } : {}),
            labels,
            review: this.reviewsFirst(server.name, tool, labels),
            flags: this.flags(server.name, tool),
          };
        }),
        ...(blocked ? { blocked } : {}),
      };
    });
    const files = (this.policies ?? []).map(({ source, problems }) => ({ path: source, problems }));
    return { servers, policy: { files, minimumSandbox: this.minimumSandbox() } };
  }

  async setLabel(server: string, tool: string, label: FlowLabel, value: boolean | null): Promise<FlowView> {
    const { entry } = this.deps.servers.get(server);
    await this.deps.settings.setLabel(server, serverIdentity(entry), tool, label, value);
    return this.view();
  }

  async setReview(server: string, tool: string | undefined, value: boolean | null): Promise<FlowView> {
    this.deps.servers.get(server);
    await this.deps.settings.setReview(server, tool, value);
    return this.view();
  }

  /** Whether `server`'s results are reviewed first, and why: forced by policy, chosen by the person, or the default. */
  private serverReview(server: string): { on: boolean; source: ReviewSource } {
    const { entry } = this.deps.servers.get(server);
    if (forcesReview(this.policies ?? [], server, entry)) return { on: true, source: 'policy' };
    const chosen = this.deps.settings.serverReview(server);
    if (chosen !== undefined) return { on: chosen, source: 'person' };
    const route = this.deps.originOf(server, entry).route;
    return { on: isRemoteEntry(entry) && REVIEWED_ROUTES.has(route), source: 'default' };
  }

  /** Why `tool`'s description deserves a second look: changed since a grant, or what it says. */
  private flags(server: string, tool: ToolView): DescriptionFlag[] {
    const identity = serverIdentity(this.deps.servers.get(server).entry);
    const changed = this.deps.changedSinceGrant(server, identity, tool);
    return [...(changed ? (['changed'] as const) : []), ...descriptionFlags(tool.description)];
  }

  /** `tool` of `server` as it is listed now, or undefined when either is gone. */
  private liveTool(server: string, tool: string): ToolView | undefined {
    try {
      return this.deps.servers
        .get(server)
        .view()
        .tools.find((item) => item.name === tool);
    } catch {
      // The server left the config: it has no tools now.
      return undefined;
    }
  }

  /** The conversation, or undefined when it is gone (deleted while a call ran). */
  private conversation(id: string): { exposure?: Exposure } | undefined {
    try {
      return this.deps.conversations.get(id);
    } catch {
      return undefined;
    }
  }

  /** A server whose content comes from elsewhere: remote, or with a tool that brings in outside content. */
  private bringsOutside(server: string): boolean {
    try {
      const connection = this.deps.servers.get(server);
      if (isRemoteEntry(connection.entry)) return true;
      return connection.view().tools.some((tool) => this.labels(server, tool).outsideContent.on);
    } catch {
      return true;
    }
  }
}
