// Pure helpers of the conversation list: search by title and short relative dates.
import type { ConversationSummary } from '../../../../shared/chat';
import { format } from '../../i18n';
import type { Formatters } from '../../i18n/formatting';

/** Conversations whose title holds every word of `query`, ignoring case, in the host's order. */
export function filterChats(chats: readonly ConversationSummary[], query: string): ConversationSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...chats];
  return chats.filter((chat) => {
    const title = chat.title.toLowerCase();
    return words.every((word) => title.includes(word));
  });
}

const DAY = 24 * 60 * 60 * 1000;

/** `14:03` today, `Mon` this week, else `12 Mar` (or `12 Mar 2024` in another year), in the page's language. */
export function shortDate(time: number, now: number = Date.now(), f: Formatters = format()): string {
  const date = new Date(time);
  const today = new Date(now);
  if (date.toDateString() === today.toDateString()) return f.shortClock(time);
  if (now - time < 6 * DAY && time < now) return f.date(time, { weekday: 'short' });
  const sameYear = date.getFullYear() === today.getFullYear();
  return f.date(time, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}
