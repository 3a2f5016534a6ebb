// Pure helpers for the tools list: filtering by text and the annotation claims to show.
import { isAppOnly, viewResourceOf, visibleToApp, visibleToModel } from '../../../../shared/apps';
import type { ToolView } from '../../../../shared/types';

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

/** The hints a server set explicitly; unset hints are not shown because they prove nothing. */
export function toolClaims(tool: ToolView): ToolClaim[] {
  const a = tool.annotations ?? {};
  const claims: ToolClaim[] = [];
  if (a.readOnlyHint === true)
    claims.push({
      key: 'read-only',
      label: 'read-only',
      meaning: 'only reads, changes nothing',
      tone: 'neutral',
    });
  if (a.destructiveHint === true && a.readOnlyHint !== true)
    claims.push({
      key: 'destructive',
      label: 'destructive',
      meaning: 'may delete or overwrite things',
      tone: 'danger',
    });
  if (a.destructiveHint === false && a.readOnlyHint !== true)
    claims.push({
      key: 'additive',
      label: 'not destructive',
      meaning: 'only adds, never deletes',
      tone: 'neutral',
    });
  if (a.idempotentHint === true && a.readOnlyHint !== true)
    claims.push({
      key: 'idempotent',
      label: 'idempotent',
      meaning: 'repeating a call has no further effect',
      tone: 'neutral',
    });
  if (a.openWorldHint === true)
    claims.push({
      key: 'open-world',
      label: 'open world',
      meaning: 'reaches outside systems such as the web',
      tone: 'neutral',
    });
  if (a.openWorldHint === false)
    claims.push({
      key: 'closed-world',
      label: 'closed world',
      meaning: 'stays within its own data',
      tone: 'neutral',
    });
  return claims;
}

/** What the Tools tab says about a tool and app views: whether it has one, and who may call it. */
export function toolAppNotes(tool: ToolView): string[] {
  const notes: string[] = [];
  const view = viewResourceOf(tool);
  if (view) notes.push(`has a view (${view})`);
  if (isAppOnly(tool)) notes.push('only its app views may call it');
  else if (!visibleToApp(tool) && visibleToModel(tool)) notes.push('app views may not call it');
  else if (!visibleToApp(tool) && !visibleToModel(tool))
    notes.push('neither the model nor app views may call it');
  return notes;
}
