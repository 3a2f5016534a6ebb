// Cards of tool calls the model is still writing: shown only for a tool with a view that a grant covers now, fed the arguments so far.
import { showsView, visibleToModel } from '../../shared/apps';
import type { ToolCallView } from '../../shared/chat';
import type { Json, ToolView } from '../../shared/types';
import type { ConsentRoom } from '../consent/consentRoom';
import { bounded } from '../json/bounded';
import { PartialInput } from '../llm/partialInput';
import type { ServerLookup } from '../servers/runningServers';
import type { ReplyContext } from './replyContext';
import { findCall, replaceCall, toolCard } from './replyParts';
import type { ReplyState } from './replyTools';

/** Least time between two updates of an early card's arguments. */
export const PARTIAL_INPUT_INTERVAL_MS = 100;

export type EarlyCardDeps = {
  servers: ServerLookup;
  consent: Pick<ConsentRoom, 'covers'>;
};

/** One turn's early cards: `start` and `delta` as the model writes, `take` when its step's calls are complete, `end` when the turn ends. */
export class EarlyCards {
  private readonly writing = new Map<string, PartialInput>();
  private readonly names = new Map<string, string>();

  constructor(
    private readonly deps: EarlyCardDeps,
    private readonly context: Pick<ReplyContext, 'names' | 'offer'>,
    private readonly conversationId: string,
    private readonly reply: ReplyState,
  ) {}

  /** The model starts writing call `id` of `name`: its card shows now if the tool has a view and a grant covers it with no hold. */
  start(id: string, name: string): void {
    if (this.names.has(id) || !this.coveredViewTool(name)) return;
    const card: ToolCallView = { ...toolCard({ id, name, args: {} }, this.context.names), early: true };
    const message = this.reply.current();
    this.reply.publish({ ...message, parts: [...message.parts, { type: 'tool', call: card }] });
    this.names.set(id, name);
    const input = new PartialInput({
      intervalMs: PARTIAL_INPUT_INTERVAL_MS,
      onArgs: (args) => {
        const now = findCall(this.reply.current(), id);
        if (now?.status !== 'waiting' || now.decision) return;
        // Model output is untrusted: arguments nested too deep to store or show are cut.
        this.reply.publish(replaceCall(this.reply.current(), { ...now, args: bounded(args) as Json }));
      },
    });
    this.writing.set(id, input);
  }

  delta(id: string, text: string): void {
    this.writing.get(id)?.append(text);
  }

  /**
   * The step's calls are complete: the ids of those whose early card stays (its tool still covered);
   * every other early card is cancelled.
   */
  take(calls: readonly { id: string; name: string }[]): Set<string> {
    const kept = new Set<string>();
    for (const call of calls) {
      if (this.names.get(call.id) === call.name && this.coveredViewTool(call.name)) kept.add(call.id);
    }
    // A call's card is replaced by its complete one; only early cards of calls that never came are cancelled.
    this.settle(new Set(calls.map((call) => call.id)));
    return kept;
  }

  /** The turn ended (done, stopped or failed): every early card still open is cancelled. */
  end(): void {
    this.settle(new Set());
  }

  /** Stops every parse; cancels the early cards still open except those of `spared`. */
  private settle(spared: ReadonlySet<string>): void {
    for (const input of this.writing.values()) input.close();
    this.writing.clear();
    for (const id of this.names.keys()) {
      const card = findCall(this.reply.current(), id);
      if (spared.has(id) || !card || card.status !== 'waiting' || card.decision) continue;
      const { early: _early, ...rest } = card;
      this.reply.publish(replaceCall(this.reply.current(), { ...rest, status: 'cancelled' }));
    }
    this.names.clear();
  }

  /** The tool `name` routes to, when it has a view and a grant covers a call of it now with no hold. */
  private coveredViewTool(name: string): ToolView | undefined {
    try {
      return this.coveredNow(name);
    } catch {
      // A server that stops or leaves the config meanwhile shows no early card; its call is decided as usual.
      return undefined;
    }
  }

  private coveredNow(name: string): ToolView | undefined {
    const route = this.context.offer.route(name);
    if (!route || !('tool' in route)) return undefined;
    const { server, tool: toolName } = route.tool.ref;
    if (!this.deps.servers.has(server)) return undefined;
    const connection = this.deps.servers.get(server);
    if (!connection.isRunning) return undefined;
    const tool = connection.liveTool(toolName);
    if (!tool || !visibleToModel(tool) || !showsView(connection.view(), tool)) return undefined;
    const covered = this.deps.consent.covers({ server, tool, conversationId: this.conversationId });
    return covered ? tool : undefined;
  }
}
