// The host tool `search_tools`: offered when a conversation has more tools than the model is sent, it finds the ones a task needs.
import type { ToolCallView } from '../../shared/chat';
import { SEARCH_RESULTS } from '../../shared/toolBudget';
import type { Json, ToolCallResult } from '../../shared/types';
import type { FoundTool, HostTool } from './hostTools';

const MAX_QUERY = 500;

export const searchTools: HostTool = {
  name: 'search_tools',
  description: `Finds tools for a task among the many this conversation can use; only a few are sent with each request. Give a few words of what you want to do (for example "create issue" or "github pull request"). It returns up to ${SEARCH_RESULTS} matching tools with their server and a line about each; call any of them by its name from your next step on.`,
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string', description: 'Words for the task or tool you are looking for.' } },
    required: ['query'],
    additionalProperties: false,
  },
  offered: (step) => step.mode === 'search',
  answer(args, context) {
    const query = queryOf(args);
    if (query === undefined) return failure('search_tools needs a "query": a few words for the task.');
    const tools = context.searchTools(query, SEARCH_RESULTS);
    const note =
      tools.length === 0
        ? `No tool matches "${query}". Try other or fewer words.`
        : 'Call any of these by its name from your next step on.';
    const found = {
      tools: tools.map(({ name, server, tool, description }) => ({
        name,
        server,
        tool,
        ...(description ? { description } : {}),
      })),
      note,
    };
    return { content: [{ type: 'text', text: JSON.stringify(found) }], structuredContent: found };
  },
  madeCallable: (call) => foundIn(call).map(({ server, tool }) => ({ server, tool })),
};

/** The tools a finished `search_tools` call found, as its result lists them. */
export function foundIn(call: Pick<ToolCallView, 'status' | 'result'>): FoundTool[] {
  const list = (call.status === 'done' ? call.result?.structuredContent : undefined) as
    | { tools?: unknown }
    | undefined;
  if (!Array.isArray(list?.tools)) return [];
  return list.tools.filter(isFound);
}

function isFound(value: unknown): value is FoundTool {
  const item = value as Partial<FoundTool> | null;
  return typeof item?.name === 'string' && typeof item.server === 'string' && typeof item.tool === 'string';
}

function queryOf(args: Json): string | undefined {
  const query = args && typeof args === 'object' && !Array.isArray(args) ? args.query : undefined;
  if (typeof query !== 'string' || !query.trim()) return undefined;
  return query.trim().slice(0, MAX_QUERY);
}

function failure(text: string): ToolCallResult {
  return { content: [{ type: 'text', text }], isError: true };
}
