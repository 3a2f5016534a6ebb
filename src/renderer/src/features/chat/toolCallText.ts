// Words for a tool call card: status, decision, progress and arguments.
import type { ToolCallStatus, ToolCallView, ToolDecision } from '../../../../shared/chat';
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
  always: 'always allowed',
  granted: 'allowed by a saved permission',
  denied: 'denied',
};

/** Exactly one of `waiting for you`, `running`, `done`, `failed`, `denied`, `cancelled`. */
export function statusText(status: ToolCallStatus): string {
  return STATUS_TEXT[status];
}

export function decisionText(decision: ToolDecision): string {
  return DECISION_TEXT[decision];
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
