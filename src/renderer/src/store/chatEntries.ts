// One loaded conversation in the page: its messages by id, merged from snapshots, whole messages and streamed text.
import type { ChatMessage, Compaction, Conversation, ToolSelection } from '../../../shared/chat';
import type { Exposure } from '../../../shared/flow';
import { appendReasoning, appendText } from '../../../shared/replyText';

/** A conversation's own system prompt and temperature (absent: the defaults apply). */
export type ChatOptions = Pick<Conversation, 'systemPrompt' | 'temperature'>;

/** One loaded conversation: ordered ids and messages by id, so a delta touches one message only. */
export type ChatEntry = {
  ids: string[];
  byId: Record<string, ChatMessage>;
  tools: ToolSelection;
  options: ChatOptions;
  /** Summaries of older messages for the model, the last one in force. */
  compactions: Compaction[];
  loaded: boolean;
  /** What the conversation took in: private data, outside content. */
  exposure?: Exposure;
};

/** Text streamed into one assistant message: its answer, or with `reasoning` its thinking. */
export type ChatDelta = { conversationId: string; messageId: string; text: string; reasoning?: true };

export const NO_TOOLS_OFF: ToolSelection = { disabledServers: [], disabledTools: [] };

/** An entry waiting for its snapshot. */
export function emptyEntry(): ChatEntry {
  return { ids: [], byId: {}, tools: NO_TOOLS_OFF, options: {}, compactions: [], loaded: false };
}

/**
 * Appends streamed text to the last text part, or starts one after a tool call or thinking (as the host does);
 * `reasoning` text goes to the last reasoning part the same way.
 */
export function appendDelta(message: ChatMessage, text: string, reasoning = false): ChatMessage {
  if (message.role !== 'assistant' || text === '') return message;
  return {
    ...message,
    parts: reasoning ? appendReasoning(message.parts, text) : appendText(message.parts, text),
  };
}

/** How far a message has come, compared element by element: settled, parts, settled calls, text length. */
export function messageProgress(message: ChatMessage): number[] {
  if (message.role === 'user') return [1, 0, 0, message.text.length];
  let settledCalls = 0;
  let textLength = 0;
  for (const part of message.parts) {
    if (part.type === 'text' || part.type === 'reasoning') textLength += part.text.length;
    else if (part.call.status !== 'waiting') settledCalls += part.call.status === 'running' ? 1 : 2;
  }
  return [message.status === 'streaming' ? 0 : 1, message.parts.length, settledCalls, textLength];
}

/** The further-along of two versions of one message; ties go to `incoming`. */
export function furtherAlong(current: ChatMessage, incoming: ChatMessage): ChatMessage {
  const a = messageProgress(current);
  const b = messageProgress(incoming);
  for (let i = 0; i < a.length; i += 1) {
    const diff = (b[i] ?? 0) - (a[i] ?? 0);
    if (diff !== 0) return diff > 0 ? incoming : current;
  }
  return incoming;
}

/** Merges a `chat.get` snapshot with what events already brought, keeping the further-along version of each message. */
export function mergeSnapshot(entry: ChatEntry | undefined, conversation: Conversation): ChatEntry {
  const byId: Record<string, ChatMessage> = {};
  const ids: string[] = [];
  for (const message of conversation.messages) {
    const live = entry?.byId[message.id];
    byId[message.id] = live ? furtherAlong(message, live) : message;
    ids.push(message.id);
  }
  for (const id of entry?.ids ?? []) {
    const live = entry?.byId[id];
    if (live && !(id in byId)) {
      byId[id] = live;
      ids.push(id);
    }
  }
  const { systemPrompt, temperature } = conversation;
  const options: ChatOptions = {
    ...(systemPrompt === undefined ? {} : { systemPrompt }),
    ...(temperature === undefined ? {} : { temperature }),
  };
  const exposure = conversation.exposure ?? entry?.exposure;
  return {
    ids,
    byId,
    tools: conversation.tools,
    options,
    compactions: conversation.compactions ?? [],
    loaded: true,
    ...(exposure ? { exposure } : {}),
  };
}

/** Takes messages out (a reply regenerated, a message edited and what followed it). */
export function removeMessages(entry: ChatEntry, messageIds: readonly string[]): ChatEntry {
  const gone = new Set(messageIds);
  if (!entry.ids.some((id) => gone.has(id))) return entry;
  const byId = { ...entry.byId };
  for (const id of gone) delete byId[id];
  return { ...entry, ids: entry.ids.filter((id) => !gone.has(id)), byId };
}

/** Adds or replaces one whole message. */
export function upsertMessage(entry: ChatEntry, message: ChatMessage): ChatEntry {
  const known = message.id in entry.byId;
  return {
    ...entry,
    ids: known ? entry.ids : [...entry.ids, message.id],
    byId: { ...entry.byId, [message.id]: message },
  };
}

/** Applies a frame's deltas; unknown conversations and messages are skipped (their snapshot will carry the text). */
export function applyDeltas(
  conversations: Record<string, ChatEntry>,
  deltas: readonly ChatDelta[],
): Record<string, ChatEntry> {
  let next = conversations;
  for (const { conversationId, messageId, text, reasoning } of deltas) {
    const entry = next[conversationId];
    const message = entry?.byId[messageId];
    if (!entry || !message) continue;
    if (next === conversations) next = { ...conversations };
    next[conversationId] = {
      ...entry,
      byId: { ...entry.byId, [messageId]: appendDelta(message, text, reasoning === true) },
    };
  }
  return next;
}

/** True while the reply is streaming or one of its tool calls waits or runs. */
export function isTurnRunning(entry: ChatEntry | undefined): boolean {
  const lastId = entry?.ids.at(-1);
  const last = lastId === undefined ? undefined : entry?.byId[lastId];
  if (last?.role !== 'assistant') return false;
  if (last.status === 'streaming') return true;
  return last.parts.some(
    (part) => part.type === 'tool' && (part.call.status === 'waiting' || part.call.status === 'running'),
  );
}

/** Keeps the loaded conversations that still exist and are open or still running; the rest reload when opened. */
export function pruneConversations(
  conversations: Record<string, ChatEntry>,
  open: string | null,
  exists: (id: string) => boolean = () => true,
): Record<string, ChatEntry> {
  const entries = Object.entries(conversations);
  const kept = entries.filter(([id, entry]) => exists(id) && (id === open || isTurnRunning(entry)));
  return kept.length === entries.length ? conversations : Object.fromEntries(kept);
}
