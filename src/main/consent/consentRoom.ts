// The one place a tool call's consent is decided: a held call always asks; else a grant covers it or the person is asked, and their answer is remembered and lets go the waiting calls it covers.
import { randomUUID } from 'node:crypto';
import type { ConsentRequest } from '../../shared/chat';
import type { ConsentDecision, GrantScope, ToolDecision } from '../../shared/consent';
import { descriptionFlags, type Exposure, type FlowHold, type ToolLabels } from '../../shared/flow';
import type { Json, ServerEntry, ServerView, ToolView } from '../../shared/types';
import { mustHold } from '../flow/holdRule';
import { serverIdentity } from '../trust/identity';
import { ConsentBroker, type Settled } from './broker';
import { definitionHash } from './definitions';
import { checkAnswer, scopeOf } from './grantDecisions';
import type { GrantCheck, PermissionStore } from './policy';

/** The servers as consent needs them; `ServerManager` fits. */
export type ConsentServers = {
  get(name: string): { readonly entry: ServerEntry; view(): Pick<ServerView, 'info' | 'tools'> };
};

/** What the flow rules need to know of a call: its tool's labels, its conversation's exposure, the policy; `FlowRoom` fits. */
export type FlowGate = {
  labels(server: string, tool: ToolView): ToolLabels;
  exposure(conversationId: string): Exposure | undefined;
  alwaysHeld(server: string, tool: string): boolean;
};

export type ConsentRoomDeps = {
  permissions: PermissionStore;
  servers: ConsentServers;
  flow: FlowGate;
  /** True while `server` runs in the sandbox with no network (absent: never). */
  sandboxedWithoutNetwork?: (server: string, entry: ServerEntry) => boolean;
};

/** A tool call that needs consent: its server, the tool as defined now, and where it comes from. */
export type ToolCallQuestion = {
  server: string;
  tool: ToolView;
  /** The conversation the call belongs to ('' for a view opened from the Tools tab). */
  conversationId: string;
  callId: string;
  args: Json;
  /** Set when an app view asks for the call: the tool whose view it is. */
  viaView?: string;
  /** Set when an app view asks for the call: the id of that open view. */
  viewId?: string;
  /** Set when the tool is one an open view offers, not its server's: the tool whose view it is. No grant covers it. */
  ofView?: string;
};

/** What a grant is checked against: the call's server, tool, conversation and the view asking, if any. */
type Coverable = Pick<ToolCallQuestion, 'server' | 'tool' | 'conversationId' | 'viewId' | 'ofView'>;

/** How the call may go: the decision, the arguments it runs with, the grant that covers it, and why it was held. */
export type Consent = { decision: ToolDecision; args: Json; grant?: GrantScope; hold?: FlowHold };

/** What covers a call now: the grants, its labels, and the hold that no grant lifts. */
type Cover = { check: GrantCheck; labels: ToolLabels; hold?: FlowHold };

/** The person's answer to a waiting call, as the `consent.answer` command carries it. */
export type ConsentReply = {
  id: string;
  decision: ConsentDecision;
  args?: Json;
  editing?: readonly string[];
};

/** What the room keeps beside a waiting call: its server's identity when it asked, the view asking, and the save its answer started. */
type Asked = { identity: string; viewId?: string; saved?: Promise<void> };

/** Decides tool calls: covered by a grant, or asked of the person, whose answer may give a grant for more calls. */
export class ConsentRoom {
  private readonly broker = new ConsentBroker();
  private readonly asked = new Map<string, Asked>();
  /** Per open view, the tools its calls may run while it is open, each pinned to its definition hash. */
  private readonly viewGrants = new Map<string, Map<string, string>>();

  constructor(private readonly deps: ConsentRoomDeps) {
    // A permission given anywhere (an answer, read-only trust) lets go the waiting calls it covers.
    deps.permissions.onDidChange(() => this.releaseCovered());
  }

  /**
   * Whether `call` may run: at once when a grant covers it, else once the person answers (a grant
   * their answer gives is saved first). Rejects with `HostFault('cancelled')` when `signal` aborts
   * or the question is cancelled.
   */
  async decide(call: ToolCallQuestion, signal: AbortSignal): Promise<Consent> {
    const server = this.deps.servers.get(call.server);
    const identity = serverIdentity(server.entry);
    const { check, labels, hold } = this.cover(call, identity);
    if (check.kind === 'granted' && !hold)
      return { decision: 'granted', args: call.args, grant: check.scope };
    const held = hold ? { hold } : {};
    const flags = descriptionFlags(call.tool.description);
    const info = server.view().info;
    const id = randomUUID();
    const asked: Asked = { identity, ...(call.viewId ? { viewId: call.viewId } : {}) };
    this.asked.set(id, asked);
    try {
      const answer = await this.broker.ask(
        {
          kind: 'tool',
          server: call.server,
          serverTitle: info?.title,
          serverIcon: info?.icons?.find((icon) => icon.src.startsWith('data:')),
          conversationId: call.conversationId,
          callId: call.callId,
          tool: call.tool,
          args: call.args,
          ...(call.viaView ? { viaView: call.viaView } : {}),
          ...(call.ofView ? { ofView: call.ofView } : {}),
          changed: check.kind === 'changed' ? check.change : undefined,
          labels,
          ...held,
          ...(flags.length > 0 ? { flags } : {}),
        },
        signal,
        id,
      );
      if (answer.decision === 'deny') return { decision: 'denied', args: call.args, ...held };
      if (answer.decision === 'granted') {
        // A permission given meanwhile (for another waiting call) covers this one.
        const now = this.cover(call, identity).check;
        return {
          decision: 'granted',
          args: call.args,
          ...(now.kind === 'granted' ? { grant: now.scope } : {}),
        };
      }
      await asked.saved;
      return { decision: answer.decision, args: answer.args, ...held };
    } finally {
      this.asked.delete(id);
    }
  }

  /**
   * The person's answer: checked against the call, the calls they are still editing held, the call let
   * go, and the grant the answer gives remembered, which lets go the other waiting calls it covers.
   */
  answer({ id, decision, args, editing }: ConsentReply): void {
    const request = this.broker.get(id);
    checkAnswer(request, decision, this.heldNow(request));
    this.broker.hold(editing ?? []);
    this.broker.answer(id, decision, args);
    const asked = this.asked.get(id);
    if (decision === 'view' && asked?.viewId) {
      this.allowInView(asked.viewId, request.tool);
      return;
    }
    const scope = scopeOf(decision);
    if (asked && scope) asked.saved = this.remember(request, asked.identity, scope);
  }

  /** Whether a grant covers a call of `call`'s tool now, with no hold: asks, records and changes nothing. */
  covers(call: Pick<ToolCallQuestion, 'server' | 'tool' | 'conversationId'>): boolean {
    const identity = this.identityNow(call.server);
    if (!identity) return false;
    const { check, hold } = this.cover(call, identity);
    return check.kind === 'granted' && !hold;
  }

  /** The view `viewId` closed: what its calls were allowed ends with it. */
  endView(viewId: string): void {
    this.viewGrants.delete(viewId);
  }

  /** Calls waiting for the person, oldest first. */
  pending(): ConsentRequest[] {
    return this.broker.pending();
  }

  /** The waiting call `id`, or a plain-words fault when it is no longer waiting. */
  waiting(id: string): ConsentRequest {
    return this.broker.get(id);
  }

  /** Settles the calls of a server that stopped, failed or left the config. */
  cancelServer(server: string): void {
    this.broker.cancelWhere((request) => request.server === server, 'server-gone');
  }

  /** Settles the calls of a conversation whose reply stopped. */
  cancelConversation(conversationId: string): void {
    this.broker.cancelWhere((request) => request.conversationId === conversationId, 'cancelled');
  }

  /** Settles every waiting call, e.g. when the window closes. */
  cancelAll(): void {
    this.broker.cancelWhere(() => true, 'cancelled');
  }

  onDidRequest(listener: (request: ConsentRequest) => void): () => void {
    return this.broker.onDidRequest(listener);
  }

  onDidSettle(listener: (settled: Settled) => void): () => void {
    return this.broker.onDidSettle(listener);
  }

  /**
   * Whether a grant covers the call, or the person must be asked (and what changed): the calls of one open
   * view to a tool it was allowed, else the sandbox's permission, else a remembered permission (those for
   * views only from a view); and, before any grant counts, whether the flow rules hold the call for the
   * person whatever covers it.
   */
  private cover(call: Coverable, identity: string): Cover {
    const check = this.grantFor(call, identity);
    const { server, tool, conversationId } = call;
    const { flow } = this.deps;
    const labels = flow.labels(server, tool);
    const hold = mustHold(
      labels,
      flow.exposure(conversationId),
      check.kind === 'granted' ? check.scope : undefined,
      { alwaysHeld: flow.alwaysHeld(server, tool.name) },
    );
    return { check, labels, ...(hold ? { hold } : {}) };
  }

  /**
   * The grant that covers the call, if any: the view's own while it is open, else the sandbox's permission
   * (only while the server runs sandboxed with no network: its identity pins the network choice and the sandbox
   * setting, and the sandbox must be running), else a remembered permission.
   */
  private grantFor(call: Coverable, identity: string): GrantCheck {
    const { server, tool, conversationId, viewId } = call;
    // A view's own tool: its name and definition are the view's word, so no grant of its server's tools may cover it.
    if (call.ofView !== undefined) return { kind: 'ask' };
    if (viewId !== undefined && this.viewGrants.get(viewId)?.get(tool.name) === definitionHash(tool)) {
      return { kind: 'granted', scope: 'view' };
    }
    const { permissions, servers, sandboxedWithoutNetwork } = this.deps;
    if (
      permissions.trustsSandboxed(server, identity) &&
      sandboxedWithoutNetwork?.(server, servers.get(server).entry)
    ) {
      return { kind: 'granted', scope: 'sandboxed' };
    }
    const caller = viewId === undefined ? 'model' : 'view';
    return this.deps.permissions.check(server, identity, tool, conversationId || undefined, caller);
  }

  /** Lets the open view `viewId` call `tool`, as it is defined now, without asking; lets go its waiting calls. */
  private allowInView(viewId: string, tool: ToolView): void {
    const tools = this.viewGrants.get(viewId) ?? new Map<string, string>();
    tools.set(tool.name, definitionHash(tool));
    this.viewGrants.set(viewId, tools);
    this.releaseCovered();
  }

  /** Whether `request` is held now: as it was asked, or because its conversation took in more since. */
  private heldNow(request: ConsentRequest): boolean {
    if (request.hold) return true;
    const identity = this.identityNow(request.server);
    return identity !== undefined && this.cover(this.coverable(request), identity).hold !== undefined;
  }

  /** Remembers a grant of `scope`: for `request`'s tool alone, or for every tool of its server. */
  private async remember(request: ConsentRequest, identity: string, scope: GrantScope): Promise<void> {
    const tools = this.deps.servers.get(request.server).view().tools;
    await this.deps.permissions.give({
      scope,
      server: request.server,
      identity,
      tools: scope === 'server-conversation' ? tools : [request.tool],
      ...(scope === 'always' ? {} : { conversationId: request.conversationId }),
    });
  }

  /** Answers `granted` for every waiting call a grant now covers, except those the person is editing. */
  private releaseCovered(): void {
    for (const request of this.broker.pending()) {
      if (this.broker.isHeld(request.id)) continue;
      const identity = this.identityNow(request.server);
      if (!identity) continue;
      const { check, hold } = this.cover(this.coverable(request), identity);
      if (check.kind === 'granted' && !hold) this.broker.answer(request.id, 'granted');
    }
  }

  /** A waiting call as a grant is checked against, with the view that asked it, if one did. */
  private coverable(request: ConsentRequest): Coverable {
    const viewId = this.asked.get(request.id)?.viewId;
    return { ...request, ...(viewId ? { viewId } : {}) };
  }

  /** The identity of `server` as configured now; undefined when it left the config. */
  private identityNow(server: string): string | undefined {
    try {
      return serverIdentity(this.deps.servers.get(server).entry);
    } catch {
      // The server left the config: no grant of it covers anything now.
      return undefined;
    }
  }
}
