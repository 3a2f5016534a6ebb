// Whether and how much a model thinks, in each provider's own options; and which providers need its thinking back.
import type { ProviderType, ThinkingOptions } from '../../shared/chat';
import type { ProviderOptions } from './agentLoop';

/** Anthropic's budget when the person turned thinking on without one (its minimum is 1,024). */
const DEFAULT_BUDGET = 4_096;

/**
 * The provider options that turn thinking on for a model of `provider` (`providerId` names an OpenAI-compatible
 * provider's options), or undefined to leave the provider's own default: Anthropic's extended thinking budget,
 * OpenAI's reasoning effort with its summaries, Gemini's thinking budget with its thoughts, and an OpenAI-compatible
 * server's reasoning effort. Servers that think anyway stream their thinking without being asked.
 */
export function thinkingOptions(
  provider: { id: string; type: ProviderType },
  thinking: ThinkingOptions | undefined,
): ProviderOptions | undefined {
  if (!thinking?.on) return undefined;
  switch (provider.type) {
    case 'anthropic':
      return {
        anthropic: { thinking: { type: 'enabled', budgetTokens: thinking.budgetTokens ?? DEFAULT_BUDGET } },
      };
    case 'openai':
      return { openai: { reasoningEffort: thinking.effort ?? 'medium', reasoningSummary: 'auto' } };
    case 'google':
      return {
        google: {
          thinkingConfig: {
            includeThoughts: true,
            ...(thinking.budgetTokens === undefined ? {} : { thinkingBudget: thinking.budgetTokens }),
          },
        },
      };
    case 'openai-compatible':
      return thinking.effort ? { [provider.id]: { reasoningEffort: thinking.effort } } : undefined;
  }
}

/** Whether the provider's API needs the model's thinking sent back with its tool calls (Anthropic's signed blocks). */
export function sendsReasoningBack(type: ProviderType): boolean {
  return type === 'anthropic';
}
