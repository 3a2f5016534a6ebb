// Words for a tool call card: status, decision, progress and arguments.
import type { GrantScope, ToolCallStatus, ToolCallView, ToolDecision } from '../../../../shared/chat';
import type { Json } from '../../../../shared/types';

const STATUS_TEXT: Record<ToolCallStatus, string> = {
  waiting: 'waiting for you',
  running: 'running',
  done: 'done',
  failed: 'failed',
  denied: 'denied',
  cancelled: 'cancelled',
};

const DECISION_TEXT: Record<ToolDecision, string> = {
  once: 'allowed once',
  conversation: 'allowed for this conversation',
  'server-conversation': 'allowed, with all of this server’s tools, for this conversation',
  always: 'always allowed',
  view: 'allowed for this view',
  granted: 'allowed by a saved permission',
  denied: 'denied',
};

const GRANT_TEXT: Record<GrantScope, string> = {
  always: 'allowed by a saved permission',
  conversation: 'allowed by your permission for this conversation',
  'server-conversation': 'allowed by your permission for this server’s tools in this conversation',
  'read-only': 'allowed without asking: the server marks it read-only, and you chose to trust that claim',
  'app-only': 'allowed without asking: only the server’s views may call it, and you let them',
  view: 'allowed by your permission for this view',
  sandboxed: 'allowed without asking: the server runs sandboxed with no network, and you chose to let it',
};

/** Exactly one of `waiting for you`, `running`, `done`, `failed`, `denied`, `cancelled`. */
export function statusText(status: ToolCallStatus): string {
  return STATUS_TEXT[status];
}

/** How the call came to run; for a remembered permission, which one. */
export function decisionText(decision: ToolDecision, grant?: GrantScope): string {
  if (decision === 'granted' && grant) return GRANT_TEXT[grant];
  return DECISION_TEXT[decision];
}

/** The status a card shows: a finished call whose result is marked `isError` failed. */
export function shownStatus(call: Pick<ToolCallView, 'status' | 'result'>): ToolCallStatus {
  return call.status === 'done' && call.result?.isError ? 'failed' : call.status;
}

/** What a progress bar shows: a value and max when the total is known, else an indeterminate bar. */
export type ProgressView = { value?: number; max?: number; label: string };

export function progressView(progress: NonNullable<ToolCallView['progress']>): ProgressView {
  const { total, message } = progress;
  const value = Math.max(0, progress.progress);
  if (total !== undefined && Number.isFinite(total) && total > 0) {
    const clamped = Math.min(value, total);
    const percent = Math.round((clamped / total) * 100);
    return { value: clamped, max: total, label: message ? `${message} (${percent}%)` : `${percent}%` };
  }
  return { label: message ?? `${value} so far` };
}

/** Arguments as pretty JSON; an empty object reads as “No arguments”. */
export function argumentsText(args: Json): string {
  if (args !== null && typeof args === 'object' && !Array.isArray(args) && Object.keys(args).length === 0) {
    return 'No arguments';
  }
  return JSON.stringify(args, null, 2);
}

/** A one-line summary of the arguments for the collapsed view, cut to `max` characters. */
export function argumentsPreview(args: Json, max = 80): string {
  const text = JSON.stringify(args) ?? '';
  if (text === '{}') return '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
