// When a conversation has too many tools to send them all with every request: the budget, and the rule over it.
import type { ProviderType } from './chat';
import { estimateTokens } from './tokens';

/** More tools than this, and the model searches for them instead of getting them all. */
export const MAX_OFFERED_TOOLS = 40;
/** Tool definitions may fill at most this share of the model's context window. */
export const MAX_DEFINITION_SHARE = 0.1;
/** The most tools one search returns, and the fewest recent tools an offer keeps room for. */
export const SEARCH_RESULTS = 10;
/** Providers that refuse a request with more tools than this. */
export const PROVIDER_TOOL_LIMITS: Partial<Record<ProviderType, number>> = {
  openai: 128,
  'openai-compatible': 128,
};

/** How many tools a request may carry: `maxTools` by choice, `maxTokens` of definitions, `hardLimit` by the provider. */
export type ToolBudget = { maxTools: number; maxTokens?: number; hardLimit?: number };

/** A definition as it is sent: what its size is counted from. */
export type ToolDefinition = { name: string; description?: string; inputSchema: unknown };

/** The budget for a provider of `type` and a model with a context window of `window` tokens (when known). */
export function toolBudget(type: ProviderType | undefined, window: number | undefined): ToolBudget {
  const hardLimit = type ? PROVIDER_TOOL_LIMITS[type] : undefined;
  return {
    maxTools: Math.min(MAX_OFFERED_TOOLS, hardLimit ?? MAX_OFFERED_TOOLS),
    ...(window ? { maxTokens: Math.floor(window * MAX_DEFINITION_SHARE) } : {}),
    ...(hardLimit ? { hardLimit } : {}),
  };
}

/**
 * How many pinned tools a request may carry besides `hostTools` host tools: all of them, except where
 * the provider has a hard limit, which keeps room for the tools search finds.
 */
export function pinRoom(budget: ToolBudget, hostTools: number): number {
  if (budget.hardLimit === undefined) return Number.POSITIVE_INFINITY;
  return Math.max(0, budget.hardLimit - hostTools - SEARCH_RESULTS);
}

/** About how many tokens a definition takes, counted from its JSON. */
export function definitionTokens(tool: ToolDefinition): number {
  const { name, description, inputSchema } = tool;
  return estimateTokens(JSON.stringify({ name, description, parameters: inputSchema }).length);
}

/** Whether `tools` are over `budget`, so the model is offered a few and searches for the rest. */
export function searchesTools(tools: readonly ToolDefinition[], budget: ToolBudget): boolean {
  if (tools.length > budget.maxTools) return true;
  if (budget.maxTokens === undefined) return false;
  let tokens = 0;
  for (const tool of tools) {
    tokens += definitionTokens(tool);
    if (tokens > budget.maxTokens) return true;
  }
  return false;
}
