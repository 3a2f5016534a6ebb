// Words for a call of one of the host's own tools (`search_tools`, `read_result`, `load_skill` …): what it did, in one line of its small card.
import type { ToolCallView } from '../../../../shared/chat';
import { READ_RESULT_TOOL } from '../../../../shared/keptResults';
import { translate } from '../../i18n';
import type { Translate } from './toolCallText';

/** What a host tool's card says: a short title, and what it did. */
export type HostCallLine = { title: string; detail: string };

const SHOWN = 4;

/** The line of a host call's card. */
export function hostCallLine(call: ToolCallView, t: Translate = translate): HostCallLine {
  if (call.tool === 'search_tools') return searchLine(call, t);
  if (call.tool === READ_RESULT_TOOL) return readLine(call, t);
  if (call.tool === 'load_skill') return skillLine(call, t);
  if (call.tool === 'read_skill_file') return skillFileLine(call, t);
  return {
    title: t('chatTools.host.used', { tool: call.tool }),
    detail: outcome(call, t('chatTools.host.working'), t) ?? '',
  };
}

type SkillCallResult = {
  server?: unknown;
  uri?: unknown;
  label?: unknown;
  skill?: unknown;
  refused?: unknown;
};

/** `uri (server)`, and how the call ended when it did. */
function askedLine(asked: { server: string; uri: string }, ended: string | undefined, t: Translate): string {
  const line = t('chatTools.host.asked', { uri: asked.uri, server: asked.server });
  return ended ? t('chatTools.host.askedEnded', { asked: line, state: ended }) : line;
}

/** `Loaded skill: refunds (billing)`, or why it was not. */
function skillLine(call: ToolCallView, t: Translate): HostCallLine {
  const found = skillResult(call);
  const asked = argsOf(call);
  if (typeof found.refused === 'string')
    return { title: t('chatTools.host.skillRefused'), detail: found.refused };
  if (call.status === 'done' && typeof found.label === 'string')
    return {
      title: t('chatTools.host.skillLoaded'),
      detail: t('chatTools.host.skillOfServer', { skill: found.label, server: String(found.server) }),
    };
  const ended =
    call.status === 'running'
      ? t('chatTools.host.skillWaiting')
      : outcome(call, t('chatTools.host.loading'), t);
  return { title: t('chatTools.host.skillLoading'), detail: askedLine(asked, ended, t) };
}

/** `Read a skill file: …/email.md of refunds (billing)`, or why it was not. */
function skillFileLine(call: ToolCallView, t: Translate): HostCallLine {
  const found = skillResult(call);
  const asked = argsOf(call);
  if (typeof found.refused === 'string')
    return { title: t('chatTools.host.fileRefused'), detail: found.refused };
  if (call.status === 'done' && typeof found.skill === 'string')
    return {
      title: t('chatTools.host.fileRead'),
      detail: t('chatTools.host.fileOfSkill', { uri: asked.uri, skill: found.skill, server: asked.server }),
    };
  const ended = outcome(call, t('chatTools.host.reading'), t);
  return { title: t('chatTools.host.fileReading'), detail: askedLine(asked, ended, t) };
}

function skillResult(call: ToolCallView): SkillCallResult {
  const structured = call.status === 'done' ? call.result?.structuredContent : undefined;
  return structured && typeof structured === 'object' && !Array.isArray(structured) ? structured : {};
}

function argsOf(call: ToolCallView): { server: string; uri: string } {
  const args = call.args as { server?: unknown; uri?: unknown } | null;
  return { server: String(args?.server ?? '?'), uri: String(args?.uri ?? '?') };
}

function searchLine(call: ToolCallView, t: Translate): HostCallLine {
  const args = call.args as { query?: unknown } | null;
  const query =
    typeof args?.query === 'string'
      ? t('chatTools.host.searchQuery', { query: args.query })
      : t('chatTools.host.searchNoWords');
  const title = t('chatTools.host.searched');
  const ended = outcome(call, t('chatTools.host.looking'), t);
  if (ended) return { title, detail: t('chatTools.host.searchEnded', { query, state: ended }) };
  const names = foundNames(call);
  if (names.length === 0) return { title, detail: t('chatTools.host.searchNothing', { query }) };
  const shown = names.slice(0, SHOWN).join(', ');
  if (names.length <= SHOWN)
    return { title, detail: t('chatTools.host.searchFound', { query, names: shown }) };
  return {
    title,
    detail: t('chatTools.host.searchFoundMore', { query, names: shown, more: names.length - SHOWN }),
  };
}

/** Which characters the model read, as the answer's first line says ("r-…: characters 0 to 99 of 300,000; …"). */
function readLine(call: ToolCallView, t: Translate): HostCallLine {
  const title = t('chatTools.host.keptRead');
  const first = call.result?.content[0];
  const line = (first?.type === 'text' ? first.text : '').split('\n', 1)[0] ?? '';
  if (call.status === 'done' && call.result?.isError)
    return { title, detail: t('chatTools.host.couldNot', { reason: line }) };
  const ended = outcome(call, t('chatTools.host.reading'), t);
  if (ended) return { title, detail: ended };
  return { title, detail: line.replace(/^\[|\]$/g, '') };
}

/** Why the call gave no answer (or `busy` while it runs), or nothing when it did. */
function outcome(call: ToolCallView, busy: string, t: Translate): string | undefined {
  if (call.status === 'done') return call.result?.isError ? t('chatTools.host.askedWrongly') : undefined;
  if (call.status === 'failed')
    return call.error !== undefined
      ? t('chatTools.host.failed', { reason: call.error })
      : t('chatTools.host.failedNoReason');
  return call.status === 'cancelled' ? t('chatTools.host.cancelled') : busy;
}

function foundNames(call: ToolCallView): string[] {
  const tools = (call.result?.structuredContent as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool) =>
    typeof (tool as { name?: unknown })?.name === 'string' ? [(tool as { name: string }).name] : [],
  );
}
