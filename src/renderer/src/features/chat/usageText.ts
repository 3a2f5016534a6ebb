// Plain words for what a reply used (tokens in and out, time) and how full the conversation's context is.
import type { AssistantMessage, ReplyUsage } from '../../../../shared/chat';
import { contextWindow } from '../../../../shared/contextWindow';

/** "950", "12.4k", "1.2M". */
export function tokenCount(tokens: number): string {
  if (tokens >= 1_000_000) return `${trimZero((tokens / 1_000_000).toFixed(1))}M`;
  if (tokens >= 10_000) return `${Math.round(tokens / 1000)}k`;
  if (tokens >= 1000) return `${trimZero((tokens / 1000).toFixed(1))}k`;
  return String(tokens);
}

function trimZero(text: string): string {
  return text.replace(/\.0$/, '');
}

/** "0.8 s", "12 s", "2 min 5 s". */
export function duration(ms: number): string {
  if (ms < 10_000) return `${trimZero((ms / 1000).toFixed(1))} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** "1.2k in · 85 out · 3.4 s" for a finished reply; estimates start with "≈". */
export function replyStats(message: Pick<AssistantMessage, 'usage' | 'durationMs'>): string | null {
  const parts: string[] = [];
  const { usage } = message;
  if (usage) {
    const about = usage.estimated ? '≈' : '';
    parts.push(
      `${about}${tokenCount(usage.inputTokens)} in`,
      `${about}${tokenCount(usage.outputTokens)} out`,
    );
  }
  if (message.durationMs !== undefined) parts.push(duration(message.durationMs));
  return parts.length > 0 ? parts.join(' · ') : null;
}

export type ContextFill = {
  tokens: number;
  estimated: boolean;
  /** The model's published context window, when known. */
  limit?: number;
  /** 0–100, when the limit is known. */
  percent?: number;
  label: string;
  /** A longer explanation, for a tooltip. */
  detail: string;
};

/** How full the model's context was after the latest reply with usage, against `model`'s window (`set` by the person). */
export function contextFill(
  usage: ReplyUsage | undefined,
  model: string | undefined,
  set?: number,
): ContextFill | null {
  if (!usage) return null;
  const tokens = usage.contextTokens;
  const limit = contextWindow(model, set);
  const about = usage.estimated ? '≈' : '';
  const source = usage.estimated
    ? 'Estimated from the length of the text: the provider did not report token counts.'
    : 'As reported by the provider for the latest reply.';
  if (limit === undefined) {
    return {
      tokens,
      estimated: usage.estimated,
      label: `${about}${tokenCount(tokens)} tokens`,
      detail: `${source} The size of this model's context window is not known here.`,
    };
  }
  const percent = Math.min(100, Math.round((tokens / limit) * 100));
  return {
    tokens,
    estimated: usage.estimated,
    limit,
    percent,
    label: `${about}${tokenCount(tokens)} of ${tokenCount(limit)} (${percent}%)`,
    detail:
      set === undefined
        ? `${source} ${tokenCount(limit)} is the model's published context window; a local server may be set to use less.`
        : `${source} ${tokenCount(limit)} is the context window set for this model in Settings → Models.`,
  };
}
