// Token counts of a reply: the provider's numbers per model call where it reports them, else counted from characters.
import type { AssistantPart, ReplyUsage } from '../../shared/chat';
import { estimateTokens } from '../../shared/tokens';

/** What one model call used, as the provider reported it (either may be missing). */
export type StepUsage = { inputTokens?: number; outputTokens?: number };

/**
 * Adds one model call to a reply's usage. `sentChars` (asked for only when the provider reported no
 * input count) and `wroteChars` are the size of what the call was sent and wrote; a reply counted
 * from them is `estimated`.
 */
export function addStep(
  usage: ReplyUsage | undefined,
  step: StepUsage,
  sentChars: () => number,
  wroteChars: number,
): ReplyUsage {
  const reported = step.inputTokens !== undefined && step.outputTokens !== undefined;
  const input = step.inputTokens ?? estimateTokens(sentChars());
  const output = step.outputTokens ?? estimateTokens(wroteChars);
  return {
    inputTokens: (usage?.inputTokens ?? 0) + input,
    outputTokens: (usage?.outputTokens ?? 0) + output,
    contextTokens: input + output,
    estimated: (usage?.estimated ?? false) || !reported,
  };
}

/**
 * The length of `JSON.stringify(parts)` for a reply's parts, each part measured once: a reply
 * replaces a part that changes and keeps the others, so a step measures only what it added.
 */
export class PartsLength {
  private readonly lengths = new WeakMap<AssistantPart, number>();

  of(parts: readonly AssistantPart[]): number {
    // The brackets, and a comma between parts.
    let total = parts.length === 0 ? 2 : parts.length + 1;
    for (const part of parts) {
      let length = this.lengths.get(part);
      if (length === undefined) {
        length = JSON.stringify(part).length;
        this.lengths.set(part, length);
      }
      total += length;
    }
    return total;
  }
}
