// Words for a call of one of the host's own tools (`search_tools`, `read_result`, `load_skill` …): what it did, in one line of its small card.
import type { ToolCallView } from '../../../../shared/chat';
import { READ_RESULT_TOOL } from '../../../../shared/keptResults';

/** What a host tool's card says: a short title, and what it did. */
export type HostCallLine = { title: string; detail: string };

const SHOWN = 4;

/** The line of a host call's card. */
export function hostCallLine(call: ToolCallView): HostCallLine {
  if (call.tool === 'search_tools') return searchLine(call);
  if (call.tool === READ_RESULT_TOOL) return readLine(call);
  if (call.tool === 'load_skill') return skillLine(call);
  if (call.tool === 'read_skill_file') return skillFileLine(call);
  return { title: `Used ${call.tool}`, detail: outcome(call, 'working…') ?? '' };
}

type SkillCallResult = {
  server?: unknown;
  uri?: unknown;
  label?: unknown;
  skill?: unknown;
  refused?: unknown;
};

/** `Loaded skill: refunds (billing)`, or why it was not. */
function skillLine(call: ToolCallView): HostCallLine {
  const found = skillResult(call);
  const asked = argsOf(call);
  if (typeof found.refused === 'string') return { title: 'Skill not loaded', detail: found.refused };
  if (call.status === 'done' && typeof found.label === 'string')
    return { title: 'Loaded skill', detail: `${found.label} (${String(found.server)})` };
  const ended = call.status === 'running' ? 'waiting for the check, or for you' : outcome(call, 'loading…');
  return { title: 'Loading skill', detail: `${asked.uri} (${asked.server})${ended ? `: ${ended}` : ''}` };
}

/** `Read a skill file: …/email.md of refunds (billing)`, or why it was not. */
function skillFileLine(call: ToolCallView): HostCallLine {
  const found = skillResult(call);
  const asked = argsOf(call);
  if (typeof found.refused === 'string') return { title: 'Skill file not read', detail: found.refused };
  if (call.status === 'done' && typeof found.skill === 'string')
    return { title: 'Read a skill file', detail: `${asked.uri} of ${found.skill} (${asked.server})` };
  const ended = outcome(call, 'reading…');
  return {
    title: 'Reading a skill file',
    detail: `${asked.uri} (${asked.server})${ended ? `: ${ended}` : ''}`,
  };
}

function skillResult(call: ToolCallView): SkillCallResult {
  const structured = call.status === 'done' ? call.result?.structuredContent : undefined;
  return structured && typeof structured === 'object' && !Array.isArray(structured) ? structured : {};
}

function argsOf(call: ToolCallView): { server: string; uri: string } {
  const args = call.args as { server?: unknown; uri?: unknown } | null;
  return { server: String(args?.server ?? '?'), uri: String(args?.uri ?? '?') };
}

function searchLine(call: ToolCallView): HostCallLine {
  const args = call.args as { query?: unknown } | null;
  const query = typeof args?.query === 'string' ? `“${args.query}”` : 'with no words';
  const title = 'Looked for tools';
  const ended = outcome(call, 'looking…');
  if (ended) return { title, detail: `${query} (${ended})` };
  const names = foundNames(call);
  if (names.length === 0) return { title, detail: `${query} → nothing found` };
  const more = names.length > SHOWN ? `, and ${names.length - SHOWN} more` : '';
  return { title, detail: `${query} → ${names.slice(0, SHOWN).join(', ')}${more}` };
}

/** Which characters the model read, as the answer's first line says ("r-…: characters 0 to 99 of 300,000; …"). */
function readLine(call: ToolCallView): HostCallLine {
  const title = 'Read a kept result';
  const first = call.result?.content[0];
  const line = (first?.type === 'text' ? first.text : '').split('\n', 1)[0] ?? '';
  if (call.status === 'done' && call.result?.isError) return { title, detail: `could not: ${line}` };
  const ended = outcome(call, 'reading…');
  if (ended) return { title, detail: ended };
  return { title, detail: line.replace(/^\[|\]$/g, '') };
}

/** Why the call gave no answer (or `busy` while it runs), or nothing when it did. */
function outcome(call: ToolCallView, busy: string): string | undefined {
  if (call.status === 'done') return call.result?.isError ? 'the model asked wrongly' : undefined;
  if (call.status === 'failed') return `failed: ${call.error ?? 'no reason given'}`;
  return call.status === 'cancelled' ? 'cancelled' : busy;
}

function foundNames(call: ToolCallView): string[] {
  const tools = (call.result?.structuredContent as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool) =>
    typeof (tool as { name?: unknown })?.name === 'string' ? [(tool as { name: string }).name] : [],
  );
}
