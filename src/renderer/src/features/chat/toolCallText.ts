// Words for a tool call card: status, decision, progress and arguments.
import type { GrantScope, ToolCallStatus, ToolCallView, ToolDecision } from '../../../../shared/chat';
import type { Json } from '../../../../shared/types';
import { translate } from '../../i18n';

/** `t` of a component (so it re-renders on a language switch), or `translate` outside React. */
export type Translate = typeof translate;

const STATUS_TEXT: Record<ToolCallStatus, string> = {
  waiting: 'chatTools.status.waiting',
  running: 'chatTools.status.running',
  done: 'chatTools.status.done',
  failed: 'chatTools.status.failed',
  denied: 'chatTools.status.denied',
  cancelled: 'chatTools.status.cancelled',
};

const DECISION_TEXT: Record<ToolDecision, string> = {
  once: 'chatTools.decision.once',
  conversation: 'chatTools.decision.conversation',
  'server-conversation': 'chatTools.decision.serverConversation',
  always: 'chatTools.decision.always',
  view: 'chatTools.decision.view',
  granted: 'chatTools.decision.granted',
  denied: 'chatTools.decision.denied',
};

const GRANT_TEXT: Record<GrantScope, string> = {
  always: 'chatTools.grant.always',
  conversation: 'chatTools.grant.conversation',
  'server-conversation': 'chatTools.grant.serverConversation',
  'read-only': 'chatTools.grant.readOnly',
  'app-only': 'chatTools.grant.appOnly',
  view: 'chatTools.grant.view',
  sandboxed: 'chatTools.grant.sandboxed',
};

/** Exactly one of `waiting for you`, `running`, `done`, `failed`, `denied`, `cancelled`. */
export function statusText(status: ToolCallStatus, t: Translate = translate): string {
  return t(STATUS_TEXT[status]);
}

/** How the call came to run; for a remembered permission, which one. */
export function decisionText(decision: ToolDecision, grant?: GrantScope, t: Translate = translate): string {
  if (decision === 'granted' && grant) return t(GRANT_TEXT[grant]);
  return t(DECISION_TEXT[decision]);
}

/** The status a card shows: a finished call whose result is marked `isError` failed. */
export function shownStatus(call: Pick<ToolCallView, 'status' | 'result'>): ToolCallStatus {
  return call.status === 'done' && call.result?.isError ? 'failed' : call.status;
}

/** What a progress bar shows: a value and max when the total is known, else an indeterminate bar. */
export type ProgressView = { value?: number; max?: number; label: string };

export function progressView(
  progress: NonNullable<ToolCallView['progress']>,
  t: Translate = translate,
): ProgressView {
  const { total, message } = progress;
  const value = Math.max(0, progress.progress);
  if (total !== undefined && Number.isFinite(total) && total > 0) {
    const clamped = Math.min(value, total);
    const percent = Math.round((clamped / total) * 100);
    return {
      value: clamped,
      max: total,
      label: message
        ? t('chatTools.progress.messagePercent', { message, percent })
        : t('chatTools.progress.percent', { percent }),
    };
  }
  return { label: message ?? t('chatTools.progress.soFar', { value }) };
}

/** Arguments as pretty JSON; an empty object reads as “No arguments”. */
export function argumentsText(args: Json, t: Translate = translate): string {
  if (args !== null && typeof args === 'object' && !Array.isArray(args) && Object.keys(args).length === 0) {
    return t('chatTools.args.none');
  }
  return JSON.stringify(args, null, 2);
}

/** A one-line summary of the arguments for the collapsed view, cut to `max` characters. */
export function argumentsPreview(args: Json, max = 80): string {
  const text = JSON.stringify(args) ?? '';
  if (text === '{}') return '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
