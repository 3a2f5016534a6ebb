// Short plain-text summaries of prompt messages and attached context, for compact views.
import type { CompletionResult, ContextItem, PromptMessageView } from '../../../../shared/resources';

export { contentSummary } from '../../../../shared/contentText';

/** `User` or `Assistant`. */
export function roleLabel(role: PromptMessageView['role']): string {
  return role === 'user' ? 'User' : 'Assistant';
}

/** `1 message`, `3 messages`. */
export function messageCount(count: number): string {
  return `${count} message${count === 1 ? '' : 's'}`;
}

/** How an attached item is named on its chip or header. */
export function contextLabel(item: ContextItem): string {
  if (item.kind === 'prompt') return item.title?.trim() || item.name;
  if (item.kind === 'app') return `Context from the view of ${item.tool}`;
  if (item.kind === 'file') return item.name;
  if (item.kind === 'skill') return `Skill ${item.label} (${item.server})`;
  return item.name?.trim() || item.uri;
}

/** "3 more (13 in all)" or a hint to keep typing, when the server holds back suggestions. */
export function moreText(result: CompletionResult): string | null {
  const shown = result.values.length;
  if (result.total !== undefined && result.total > shown)
    return `${result.total - shown} more (${result.total} in all)`;
  if (result.hasMore) return 'More suggestions: keep typing to narrow them down';
  return null;
}
