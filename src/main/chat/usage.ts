// Token counts of a reply: the provider's numbers per model call where it reports them, else counted from characters.
import type { ReplyUsage } from '../../shared/chat';

/** What one model call used, as the provider reported it (either may be missing). */
export type StepUsage = { inputTokens?: number; outputTokens?: number };

/** About four characters per token: the usual rough rule for English text and code. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

/**
 * Adds one model call to a reply's usage. `sentChars` and `wroteChars` are the size of what the
 * call was sent and wrote, used when the provider reported no numbers; such a reply is `estimated`.
 */
export function addStep(
  usage: ReplyUsage | undefined,
  step: StepUsage,
  sentChars: number,
  wroteChars: number,
): ReplyUsage {
  const reported = step.inputTokens !== undefined && step.outputTokens !== undefined;
  const input = step.inputTokens ?? estimateTokens(sentChars);
  const output = step.outputTokens ?? estimateTokens(wroteChars);
  return {
    inputTokens: (usage?.inputTokens ?? 0) + input,
    outputTokens: (usage?.outputTokens ?? 0) + output,
    contextTokens: input + output,
    estimated: (usage?.estimated ?? false) || !reported,
  };
}
