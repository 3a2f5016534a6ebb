// Plain words for what a reply used (tokens in and out, time) and how full the conversation's context is.
import type { AssistantMessage, ReplyUsage } from '../../../../shared/chat';
import { contextWindow } from '../../../../shared/contextWindow';
import { translate } from '../../i18n';
import type { Translate } from './toolCallText';

/** "950", "12.4k", "1.2M". */
export function tokenCount(tokens: number, t: Translate = translate): string {
  if (tokens >= 1_000_000) return t('chat.usage.millions', { value: tokens / 1_000_000 });
  if (tokens >= 10_000) return t('chat.usage.thousands', { value: Math.round(tokens / 1000) });
  if (tokens >= 1000) return t('chat.usage.thousands', { value: tokens / 1000 });
  return String(tokens);
}

/** "0.8 s", "12 s", "2 min 5 s". */
export function duration(ms: number, t: Translate = translate): string {
  if (ms < 10_000) return t('chat.usage.seconds', { value: ms / 1000 });
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return t('chat.usage.seconds', { value: seconds });
  return t('chat.usage.minutes', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
}

/** "1.2k in · 85 out · 3.4 s" for a finished reply; estimates start with "≈". */
export function replyStats(
  message: Pick<AssistantMessage, 'usage' | 'durationMs'>,
  t: Translate = translate,
): string | null {
  const parts: string[] = [];
  const { usage } = message;
  if (usage) {
    const about = usage.estimated ? '≈' : '';
    parts.push(
      t('chat.usage.input', { tokens: `${about}${tokenCount(usage.inputTokens, t)}` }),
      t('chat.usage.output', { tokens: `${about}${tokenCount(usage.outputTokens, t)}` }),
    );
  }
  if (message.durationMs !== undefined) parts.push(duration(message.durationMs, t));
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
  t: Translate = translate,
): ContextFill | null {
  if (!usage) return null;
  const tokens = usage.contextTokens;
  const limit = contextWindow(model, set);
  const about = usage.estimated ? '≈' : '';
  const held = `${about}${tokenCount(tokens, t)}`;
  const source = usage.estimated ? t('chat.usage.sourceEstimated') : t('chat.usage.sourceReported');
  if (limit === undefined) {
    return {
      tokens,
      estimated: usage.estimated,
      label: t('chat.usage.contextTokens', { tokens: held }),
      detail: t('chat.usage.windowUnknown', { source }),
    };
  }
  const percent = Math.min(100, Math.round((tokens / limit) * 100));
  const window = tokenCount(limit, t);
  return {
    tokens,
    estimated: usage.estimated,
    limit,
    percent,
    label: t('chat.usage.contextOf', { tokens: held, limit: window, percent }),
    detail:
      set === undefined
        ? t('chat.usage.windowPublished', { source, limit: window })
        : t('chat.usage.windowSet', { source, limit: window }),
  };
}
