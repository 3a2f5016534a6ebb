// The host's own tools for the model (`switchboard__search_tools` …): answered in the host, without a server and without asking anyone.
import type { ChatMessage, ToolCallView, ToolKey } from '../../shared/chat';
import { hostToolName } from '../../shared/hostToolNames';
import type { Json, ToolCallResult } from '../../shared/types';
import { messageOf } from '../errors';

/** What a step looks like to a host tool deciding whether it is offered. */
export type OfferStep = {
  conversationId: string;
  /** `search` when the conversation has more tools than the budget and the model searches for them. */
  mode: 'all' | 'search';
  /** The conversation so far, the reply being written included. */
  messages: readonly ChatMessage[];
  /** The servers this conversation offers (every server when absent). */
  servers?: readonly string[];
};

/** One tool of the conversation's catalogue, as search finds it. */
export type FoundTool = { name: string; server: string; tool: string; description?: string };

/** What a host tool is given to answer a call. */
export type HostToolContext = {
  conversationId: string;
  /** The reply the call is part of. */
  messageId: string;
  signal: AbortSignal;
  /** Characters of one tool result the model reads at once (Settings → Chat). */
  resultChars: number;
  /** The best matches for `query` among the conversation's tools. */
  searchTools(query: string, limit: number): FoundTool[];
  /** The servers this conversation offers (every server when absent). */
  servers?: readonly string[];
};

/**
 * A tool of the host's. Register one by adding it to the `hostTools` list the chat is built with
 * (`compose.ts`); the model sees it as `switchboard__<name>`, which no server's tool can be named.
 */
export type HostTool = {
  /** Its name without the namespace, e.g. `search_tools`. */
  name: string;
  description: string;
  inputSchema: { [key: string]: Json };
  /** Whether the model is offered it at this step. */
  offered(step: OfferStep): boolean;
  /** The result the model reads. Bad arguments are answered with `isError` and plain words, not thrown. */
  answer(args: Json, context: HostToolContext): Promise<ToolCallResult> | ToolCallResult;
  /** The server tools a finished call of it makes callable from the next step on (search finds them). */
  madeCallable?(call: ToolCallView): ToolKey[];
};

/** The definition the model is sent for `tool`. */
export function hostDefinition(tool: HostTool): {
  name: string;
  description: string;
  inputSchema: { [key: string]: Json };
} {
  return { name: hostToolName(tool.name), description: tool.description, inputSchema: tool.inputSchema };
}

/** The host tool the model's `name` stands for, if any. */
export function findHostTool(tools: readonly HostTool[], name: string): HostTool | undefined {
  return tools.find((tool) => hostToolName(tool.name) === name);
}

/** The card of a call of `tool`: no server, the host's own. */
export function hostCard(card: ToolCallView, tool: HostTool): ToolCallView {
  return { ...card, server: '', tool: tool.name, host: true };
}

/** Answers one call of a host tool and resolves with its finished card; `update` hears every change. */
export async function runHostCall(
  tool: HostTool,
  card: ToolCallView,
  context: HostToolContext & { update(view: ToolCallView): void },
): Promise<ToolCallView> {
  const base = hostCard(card, tool);
  let view: ToolCallView = { ...base, status: 'running' };
  context.update(view);
  try {
    const result = await tool.answer(card.args, context);
    view = context.signal.aborted ? { ...base, status: 'cancelled' } : { ...base, status: 'done', result };
  } catch (error) {
    view = { ...base, status: 'failed', error: messageOf(error) };
  }
  context.update(view);
  return view;
}
