// Pure helpers of the conversation list: search by title and short relative dates.
import type { ConversationSummary } from '../../../../shared/chat';

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

/** `14:03` today, `Mon` this week, else `12 Mar` (or `12 Mar 2024` in another year). */
export function shortDate(time: number, now: number = Date.now()): string {
  const date = new Date(time);
  const today = new Date(now);
  if (date.toDateString() === today.toDateString()) {
    return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', hour12: false });
  }
  if (now - time < 6 * DAY && time < now) return date.toLocaleDateString(undefined, { weekday: 'short' });
  const sameYear = date.getFullYear() === today.getFullYear();
  return date.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}
