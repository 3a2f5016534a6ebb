// Short plain-text summaries of prompt messages and attached context, for compact views.
import type { CompletionResult, ContextItem, PromptMessageView } from '../../../../shared/resources';
import { translate } from '../../i18n';

export { contentSummary } from '../../../../shared/contentText';

/** `User` or `Assistant`. */
export function roleLabel(role: PromptMessageView['role']): string {
  return translate(role === 'user' ? 'prompts.role.user' : 'prompts.role.assistant');
}

/** `1 message`, `3 messages`. */
export function messageCount(count: number): string {
  return translate('prompts.messageCount', { count });
}

/** How an attached item is named on its chip or header. */
export function contextLabel(item: ContextItem): string {
  if (item.kind === 'prompt') return item.title?.trim() || item.name;
  if (item.kind === 'app') return translate('prompts.context.fromView', { tool: item.tool });
  if (item.kind === 'file') return item.name;
  if (item.kind === 'skill')
    return translate('prompts.context.skill', { label: item.label, server: item.server });
  return item.name?.trim() || item.uri;
}

/** "3 more (13 in all)" or a hint to keep typing, when the server holds back suggestions. */
export function moreText(result: CompletionResult): string | null {
  const shown = result.values.length;
  if (result.total !== undefined && result.total > shown)
    return translate('prompts.completion.more', { more: result.total - shown, total: result.total });
  if (result.hasMore) return translate('prompts.completion.keepTyping');
  return null;
}
