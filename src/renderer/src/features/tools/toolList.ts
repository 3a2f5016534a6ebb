// Pure helpers for the tools list: filtering by text and the annotation claims to show.
import { isAppOnly, viewResourceOf, visibleToApp, visibleToModel } from '../../../../shared/apps';
import type { ToolView } from '../../../../shared/types';
import { translate } from '../../i18n';

/** Tools whose name, title or description contains every word of `query` (case-insensitive). */
export function filterTools(tools: readonly ToolView[], query: string): ToolView[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...tools];
  return tools.filter((tool) => {
    const haystack = [tool.name, tool.title, tool.annotations?.title, tool.description]
      .filter(Boolean)
      .join('\n')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** The name a person sees: `title`, then `annotations.title`, then `name`. */
export function toolDisplayName(tool: ToolView): string {
  return tool.title?.trim() || tool.annotations?.title?.trim() || tool.name;
}

/** One behaviour hint the server claims for a tool. */
export type ToolClaim = { key: string; label: string; meaning: string; tone: 'neutral' | 'danger' };

type ClaimKey = 'read-only' | 'destructive' | 'additive' | 'idempotent' | 'open-world' | 'closed-world';

function claim(key: ClaimKey, tone: ToolClaim['tone']): ToolClaim {
  const which = key.replaceAll('-', '_');
  return {
    key,
    label: translate('tools.claim.label', { key: which }),
    meaning: translate('tools.claim.meaning', { key: which }),
    tone,
  };
}

/** The hints a server set explicitly; unset hints are not shown because they prove nothing. */
export function toolClaims(tool: ToolView): ToolClaim[] {
  const a = tool.annotations ?? {};
  const claims: ToolClaim[] = [];
  if (a.readOnlyHint === true) claims.push(claim('read-only', 'neutral'));
  if (a.destructiveHint === true && a.readOnlyHint !== true) claims.push(claim('destructive', 'danger'));
  if (a.destructiveHint === false && a.readOnlyHint !== true) claims.push(claim('additive', 'neutral'));
  if (a.idempotentHint === true && a.readOnlyHint !== true) claims.push(claim('idempotent', 'neutral'));
  if (a.openWorldHint === true) claims.push(claim('open-world', 'neutral'));
  if (a.openWorldHint === false) claims.push(claim('closed-world', 'neutral'));
  return claims;
}

/** What the Tools tab says about a tool and app views: whether it has one, and who may call it. */
export function toolAppNotes(tool: ToolView): string[] {
  const notes: string[] = [];
  const view = viewResourceOf(tool);
  if (view) notes.push(translate('tools.appNote.hasView', { uri: view }));
  if (isAppOnly(tool)) notes.push(translate('tools.appNote.appOnly'));
  else if (!visibleToApp(tool) && visibleToModel(tool)) notes.push(translate('tools.appNote.notFromApps'));
  else if (!visibleToApp(tool) && !visibleToModel(tool)) notes.push(translate('tools.appNote.nobody'));
  return notes;
}
