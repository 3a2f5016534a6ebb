// When a conversation no longer fits the model's context window, and which older messages a summary takes the place of.
import type { ChatMessage, Compaction } from '../../shared/chat';

/** A request is compacted before it would fill more than this share of the window (the rest is for the answer). */
export const FULL_SHARE = 0.8;
/** The most recent messages are kept as they are up to this share of the window; older ones are summarised. */
export const KEPT_SHARE = 0.35;

/** Which messages a new summary stands for: the first ones, through `through`. */
export type CompactionPlan = { through: string; compacted: ChatMessage[] };

/** The summary in force for `history`: the last one whose message is still there. */
export function compactionInForce(
  history: readonly ChatMessage[],
  compactions: readonly Compaction[] | undefined,
): Compaction | undefined {
  for (let at = (compactions?.length ?? 0) - 1; at >= 0; at--) {
    const compaction = compactions?.[at];
    if (compaction && history.some((message) => message.id === compaction.through)) return compaction;
  }
  return undefined;
}

/** The messages the model reads after `compaction`'s summary (all of them without one). */
export function afterCompaction(
  history: readonly ChatMessage[],
  compaction: Compaction | undefined,
): ChatMessage[] {
  if (!compaction) return [...history];
  const at = history.findIndex((message) => message.id === compaction.through);
  return history.slice(at + 1);
}

/** Whether a request of `tokens` is too full for a window of `window` tokens. */
export function tooFull(tokens: number, window: number | undefined): boolean {
  return window !== undefined && tokens > window * FULL_SHARE;
}

/**
 * The older messages to summarise so that what stays fits in `keepTokens`: everything before one of the person's
 * messages, the last of them always kept (with what followed it). Undefined when fewer than two messages would go,
 * or none beyond what `current` already stands for.
 */
export function planCompaction(
  history: readonly ChatMessage[],
  tokensOf: (message: ChatMessage) => number,
  keepTokens: number,
  current?: Compaction,
): CompactionPlan | undefined {
  const lastAsk = findLastIndex(history, (message) => message.role === 'user');
  if (lastAsk <= 0) return undefined;
  let keptFrom = lastAsk;
  let kept = 0;
  for (let at = history.length - 1; at >= lastAsk; at--) kept += tokensOf(history[at] as ChatMessage);
  for (let at = lastAsk - 1; at >= 0; at--) {
    kept += tokensOf(history[at] as ChatMessage);
    if (kept > keepTokens) break;
    if (history[at]?.role === 'user') keptFrom = at;
  }
  const compacted = history.slice(0, keptFrom);
  const already = current ? history.findIndex((message) => message.id === current.through) + 1 : 0;
  if (compacted.length < 2 || compacted.length <= already) return undefined;
  return { through: compacted.at(-1)?.id ?? '', compacted };
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let at = items.length - 1; at >= 0; at--) if (test(items[at] as T)) return at;
  return -1;
}
