// Compacting a conversation: its older messages summarised by the model into one "Earlier in this conversation" message,
// their tool results kept whole for read_result rather than repeated; the messages themselves stay for the person.
import { randomUUID } from 'node:crypto';
import type { LanguageModel } from 'ai';
import type { ChatMessage, Compaction, ToolCallView } from '../../shared/chat';
import type { EventName, Events } from '../../shared/contract';
import { reachesModel, WITHHELD_NOTE } from '../../shared/flow';
import { READ_RESULT_TOOL } from '../../shared/keptResults';
import { summarise } from '../llm/summarise';
import { resultText } from '../llm/toolResults';
import type { KeptResults } from '../payloads/keptResults';
import type { ConversationStore } from '../storage/conversations';
import {
  afterCompaction,
  type CompactionPlan,
  compactionInForce,
  KEPT_SHARE,
  planCompaction,
} from './compaction';
import { type ReplyContext, tokensOf } from './replyContext';

/** The window assumed for a model whose window is not known, when the person asks to compact it. */
const DEFAULT_WINDOW = 32_000;

/** Characters of a message, or of a tool result, the summary is made from. */
const MESSAGE_CHARS = 4_000;
const RESULT_CHARS = 1_000;

export type CompactorDeps = {
  conversations: ConversationStore;
  results?: KeptResults;
  emit: <E extends EventName>(event: E, payload: Events[E]) => void;
};

export type CompactionRun = {
  conversationId: string;
  history: readonly ChatMessage[];
  plan: CompactionPlan;
  /** The summary in force before, which the new one goes on from. */
  previous?: Compaction;
  model: LanguageModel;
  windowTokens: number;
  reason: Compaction['reason'];
  signal?: AbortSignal;
};

/** Summarises the planned messages, saves the summary with the conversation and announces it. */
export async function compact(deps: CompactorDeps, run: CompactionRun): Promise<Compaction> {
  const { conversationId: id, plan, previous } = run;
  const results = await keepResults(deps, id, plan.compacted, previous);
  const fresh = afterCompaction(plan.compacted, previous);
  const summary = await summarise(run.model, transcriptOf(fresh, results), previous?.summary, {
    windowTokens: run.windowTokens,
    signal: run.signal,
  });
  const compaction: Compaction = {
    id: randomUUID(),
    through: plan.through,
    count: plan.compacted.length,
    summary: summaryMessage(plan.compacted.length, summary, plan.compacted, results),
    results,
    time: Date.now(),
    reason: run.reason,
  };
  const compactions = [...(deps.conversations.get(id).compactions ?? []), compaction];
  await deps.conversations.setCompactions(id, compactions);
  deps.emit('chat.compacted', { conversationId: id, compactions });
  return compaction;
}

/**
 * Compacts `history` so that the messages kept as they are come to at most `KEPT_SHARE` of the window (`keepTokens`
 * instead, when given); undefined when there is nothing older to summarise.
 */
export async function compactToFit(
  deps: CompactorDeps,
  context: ReplyContext,
  conversationId: string,
  history: readonly ChatMessage[],
  reason: Compaction['reason'],
  signal?: AbortSignal,
  keepTokens?: number,
): Promise<Compaction | undefined> {
  const previous = compactionInForce(history, deps.conversations.get(conversationId).compactions);
  const windowTokens = context.window ?? DEFAULT_WINDOW;
  const plan = planCompaction(history, tokensOf(context), keepTokens ?? windowTokens * KEPT_SHARE, previous);
  if (!plan) return undefined;
  return compact(deps, {
    conversationId,
    history,
    plan,
    previous,
    model: context.model,
    windowTokens,
    reason,
    signal,
  });
}

/** Takes back the summary in force: the model reads those messages again (or the summary before it). */
export async function undoCompaction(deps: CompactorDeps, conversationId: string): Promise<Compaction[]> {
  const compactions = (deps.conversations.get(conversationId).compactions ?? []).slice(0, -1);
  await deps.conversations.setCompactions(conversationId, compactions);
  deps.emit('chat.compacted', { conversationId, compactions });
  return compactions;
}

/** The id each finished tool call of `messages` is read by: kept before, named by the last summary, or kept now. */
async function keepResults(
  deps: CompactorDeps,
  conversationId: string,
  messages: readonly ChatMessage[],
  previous: Compaction | undefined,
): Promise<Compaction['results']> {
  const known = new Map(previous?.results.map((item) => [item.callId, item.id]));
  const out: Compaction['results'] = [];
  for (const call of calls(messages)) {
    // A result the person withheld is neither kept for the model nor summarised.
    if (call.status !== 'done' || !call.result || isHostRead(call) || !reachesModel(call)) continue;
    let id = call.kept?.id ?? known.get(call.id);
    if (!id && deps.results) {
      id = deps.results.newId();
      await deps.results.put(conversationId, id, resultText(call.result));
    }
    if (id) out.push({ callId: call.id, id });
  }
  return out;
}

/** The messages as plain text for the summary: long texts and results cut to their start, results named by id. */
function transcriptOf(messages: readonly ChatMessage[], results: Compaction['results']): string {
  const ids = new Map(results.map((item) => [item.callId, item.id]));
  const lines: string[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      const attached = (message.context ?? []).map((item) =>
        item.kind === 'file'
          ? item.name
          : item.kind === 'resource'
            ? item.uri
            : `${item.kind} ${item.server}`,
      );
      const also = attached.length ? ` [attached: ${attached.join(', ')}]` : '';
      lines.push(`Person: ${cut(message.text, MESSAGE_CHARS)}${also}`);
      continue;
    }
    for (const part of message.parts) {
      if (part.type === 'text' && part.text.trim()) lines.push(`Model: ${cut(part.text, MESSAGE_CHARS)}`);
      else if (part.type === 'tool') lines.push(callLine(part.call, ids.get(part.call.id)));
    }
  }
  return lines.join('\n\n');
}

function callLine(call: ToolCallView, id: string | undefined): string {
  const asked = `Model called ${call.name} with ${cut(JSON.stringify(call.args), 500)}`;
  if (isHostRead(call)) return `${asked} (it read part of a kept result).`;
  if (!reachesModel(call)) return `${asked}: ${WITHHELD_NOTE}`;
  if (call.status !== 'done' || !call.result)
    return `${asked}: ${call.status}${call.error ? ` (${call.error})` : ''}.`;
  const text = call.kept?.start ?? resultText(call.result);
  const size = call.kept?.chars ?? text.length;
  const name = id ? `result ${id}, ` : '';
  return `${asked}; ${name}${size.toLocaleString('en')} characters: ${cut(text, RESULT_CHARS)}`;
}

/** What the model reads in place of the summarised messages. */
function summaryMessage(
  count: number,
  summary: string,
  messages: readonly ChatMessage[],
  results: Compaction['results'],
): string {
  const byCall = new Map([...calls(messages)].map((call) => [call.id, call]));
  const listed = results.map(({ callId, id }) => `${id} (${byCall.get(callId)?.name ?? 'a tool'})`);
  const tail = listed.length
    ? `\n\nTool results of that part, which ${READ_RESULT_TOOL} reads whole: ${listed.join(', ')}.`
    : '';
  return `Earlier in this conversation (${count} messages, summarised so that the conversation fits the context window; the person still sees them all):\n\n${summary}${tail}`;
}

function* calls(messages: readonly ChatMessage[]): Generator<ToolCallView> {
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.parts) if (part.type === 'tool') yield part.call;
  }
}

function isHostRead(call: ToolCallView): boolean {
  return call.host === true && call.tool === READ_RESULT_TOOL;
}

function cut(text: string, max: number): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}… (${(text.length - max).toLocaleString('en')} more characters)`;
}
