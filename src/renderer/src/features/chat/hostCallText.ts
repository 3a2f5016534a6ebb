// Words for a call of one of the host's own tools (`search_tools` …): what it did, in one line of its small card.
import type { ToolCallView } from '../../../../shared/chat';

/** What a host tool's card says: a short title, and what it did. */
export type HostCallLine = { title: string; detail: string };

const SHOWN = 4;

/** The line of a host call's card. */
export function hostCallLine(call: ToolCallView): HostCallLine {
  if (call.tool === 'search_tools') return searchLine(call);
  return { title: `Used ${call.tool}`, detail: outcome(call) ?? '' };
}

function searchLine(call: ToolCallView): HostCallLine {
  const args = call.args as { query?: unknown } | null;
  const query = typeof args?.query === 'string' ? `“${args.query}”` : 'with no words';
  const title = 'Looked for tools';
  const ended = outcome(call);
  if (ended) return { title, detail: `${query} (${ended})` };
  const names = foundNames(call);
  if (names.length === 0) return { title, detail: `${query} → nothing found` };
  const more = names.length > SHOWN ? `, and ${names.length - SHOWN} more` : '';
  return { title, detail: `${query} → ${names.slice(0, SHOWN).join(', ')}${more}` };
}

/** Why the call gave no answer, or nothing when it did. */
function outcome(call: ToolCallView): string | undefined {
  if (call.status === 'done') return call.result?.isError ? 'the model asked wrongly' : undefined;
  if (call.status === 'failed') return `failed: ${call.error ?? 'no reason given'}`;
  return call.status === 'cancelled' ? 'cancelled' : 'looking…';
}

function foundNames(call: ToolCallView): string[] {
  const tools = (call.result?.structuredContent as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool) =>
    typeof (tool as { name?: unknown })?.name === 'string' ? [(tool as { name: string }).name] : [],
  );
}
