// Tools in a sampling request (the server's own, which only the server runs): checks, limits and the model's tool set.
import type { SamplingMessageView, SamplingToolUse, SamplingToolView } from '../../shared/requests';
import type { Json } from '../../shared/types';

/** Rounds of tool use one chain of sampling requests may have before the model must answer without tools. */
export const MAX_TOOL_ROUNDS = 8;
const MAX_TOOLS = 64;

/** The server's tools as the person sees them; anything without a name or an object schema is dropped. */
export function toolViews(tools: unknown): SamplingToolView[] | undefined {
  if (!Array.isArray(tools)) return undefined;
  const views = tools.slice(0, MAX_TOOLS).flatMap((item: unknown) => {
    const { name, title, description, inputSchema } = (item ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !inputSchema || typeof inputSchema !== 'object') return [];
    return [
      {
        name,
        ...(typeof title === 'string' ? { title } : {}),
        ...(typeof description === 'string' ? { description } : {}),
        inputSchema: JSON.parse(JSON.stringify(inputSchema)) as { [key: string]: Json },
      },
    ];
  });
  return views.length > 0 ? views : undefined;
}

/**
 * Why the messages break the rules for tools in sampling, or `undefined`: a message with tool
 * results holds nothing else, and every tool use is answered by a result in the very next message.
 */
export function toolMessagesProblem(messages: readonly SamplingMessageView[]): string | undefined {
  for (const [index, message] of messages.entries()) {
    const results = message.content.filter((block) => block.type === 'tool_result');
    if (results.length > 0 && results.length !== message.content.length) {
      return 'Tool results are mixed with other content in one message.';
    }
    if (results.length > 0 && message.role !== 'user') return 'Tool results must come in a user message.';
    const before = messages[index - 1];
    const asked = new Set(
      before?.role === 'assistant'
        ? before.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []))
        : [],
    );
    if (results.some((block) => block.type === 'tool_result' && !asked.has(block.toolUseId))) {
      return 'A tool result answers no tool use of the message before it.';
    }
    const uses = message.content.filter((block) => block.type === 'tool_use');
    if (uses.length === 0) continue;
    const next = messages[index + 1];
    const answered = new Set(
      next?.role === 'user'
        ? next.content.flatMap((block) => (block.type === 'tool_result' ? [block.toolUseId] : []))
        : [],
    );
    if (uses.some((use) => !answered.has(use.id)) || answered.size !== uses.length) {
      return 'Tool result missing in request: every tool use needs exactly one result in the next message.';
    }
  }
  return undefined;
}

/** How many rounds of tool use the messages already hold. */
export function toolRounds(messages: readonly SamplingMessageView[]): number {
  return messages.filter(
    (message) => message.role === 'assistant' && message.content.some((block) => block.type === 'tool_use'),
  ).length;
}

/** The model's tool call as MCP `tool_use` content, kept only when it names one of the offered tools. */
export function toolUse(
  call: { toolCallId: string; toolName: string; input: unknown },
  offered: readonly SamplingToolView[],
): SamplingToolUse | undefined {
  if (!offered.some((item) => item.name === call.toolName)) return undefined;
  const input =
    call.input !== null && typeof call.input === 'object' && !Array.isArray(call.input)
      ? (JSON.parse(JSON.stringify(call.input)) as { [key: string]: Json })
      : {};
  return { type: 'tool_use', id: call.toolCallId, name: call.toolName, input };
}
