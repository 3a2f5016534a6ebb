// Chat slice: the conversation list, loaded conversations (ids + messages by id), models and the chat layout.
import type {
  ChatMessage,
  Compaction,
  Conversation,
  ConversationSummary,
  ModelsView,
  ToolSelection,
} from '../../../shared/chat';
import type { Exposure } from '../../../shared/flow';
import { appendReasoning, appendText } from '../../../shared/replyText';
import { createTextDeltaQueue, paced } from './textDeltaQueue';

export type Section = 'chat' | 'servers' | 'resources' | 'roots' | 'tasks';
export type SettingsTab =
  | 'models'
  | 'chat'
  | 'toolSets'
  | 'permissions'
  | 'sampling'
  | 'shortcuts'
  | 'registry';

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

export type ChatState = {
  chats: ConversationSummary[];
  /** True once the first `chat.list` answered. */
  chatsLoaded: boolean;
  /** Why the conversation list could not be loaded, in plain words. */
  chatsError: string | null;
  openChat: string | null;
  /** A new conversation is being made: until it opens, the box of the one being left takes nothing. */
  chatStarting: boolean;
  conversations: Record<string, ChatEntry>;
  models: ModelsView | null;
  section: Section;
  /** The open Settings tab, or null when Settings is closed. */
  settings: SettingsTab | null;
  /** Counts requests to put the focus in the conversation search box (a shortcut or the palette). */
  searchRequests: number;
  /** The message the person asked to see (from the exposure line); `n` counts the requests. */
  revealRequest: { conversationId: string; messageId: string; n: number } | null;
};

/** Text streamed into one assistant message: its answer, or with `reasoning` its thinking. */
export type ChatDelta = { conversationId: string; messageId: string; text: string; reasoning?: true };

export const NO_TOOLS_OFF: ToolSelection = { disabledServers: [], disabledTools: [] };

export const chatInitial: ChatState = {
  chats: [],
  chatsLoaded: false,
  chatsError: null,
  openChat: null,
  chatStarting: false,
  conversations: {},
  models: null,
  section: 'chat',
  settings: null,
  searchRequests: 0,
  revealRequest: null,
};

/** An entry waiting for its snapshot. */
export function emptyEntry(): ChatEntry {
  return { ids: [], byId: {}, tools: NO_TOOLS_OFF, options: {}, compactions: [], loaded: false };
}

/** Adds a placeholder for the open conversation, to catch events that arrive before its snapshot. */
function withEntry(conversations: Record<string, ChatEntry>, id: string | null): Record<string, ChatEntry> {
  return id === null || id in conversations ? conversations : { ...conversations, [id]: emptyEntry() };
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

/** Which conversation stays open after the list changed: the same one, else its neighbour. */
export function reopen(
  open: string | null,
  before: readonly ConversationSummary[],
  after: readonly ConversationSummary[],
  firstLoad: boolean,
): string | null {
  if (after.length === 0) return null;
  if (open === null) return firstLoad ? (after[0]?.id ?? null) : null;
  if (after.some((chat) => chat.id === open)) return open;
  const index = Math.max(
    0,
    before.findIndex((chat) => chat.id === open),
  );
  return after[Math.min(index, after.length - 1)]?.id ?? null;
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

export type ChatActions = {
  chatsListed(list: ConversationSummary[]): void;
  chatsFailed(message: string): void;
  chatOpened(id: string): void;
  /** The person asked for a new conversation; it opens with `chatOpened`. */
  chatStartRequested(): void;
  chatStartFailed(): void;
  conversationLoaded(conversation: Conversation): void;
  messageArrived(conversationId: string, message: ChatMessage): void;
  messagesRemoved(conversationId: string, messageIds: readonly string[]): void;
  exposureChanged(conversationId: string, exposure: Exposure): void;
  /** Scrolls the open conversation to one of its messages. */
  messageRevealRequested(conversationId: string, messageId: string): void;
  deltasArrived(deltas: readonly ChatDelta[]): void;
  chatToolsChanged(id: string, tools: ToolSelection): void;
  compactionsChanged(id: string, compactions: Compaction[]): void;
  modelsChanged(models: ModelsView): void;
  sectionSelected(section: Section): void;
  settingsOpened(tab: SettingsTab | null): void;
  /** Shows the conversation list and puts the focus in its search box. */
  searchRequested(): void;
};

type SetChat = (update: (s: ChatState) => Partial<ChatState>) => void;

/** The chat actions over the store's `set`. */
export function createChatActions(set: SetChat): ChatActions {
  return {
    chatsListed: (list) =>
      set((s) => {
        const ids = new Set(list.map((chat) => chat.id));
        const openChat = reopen(s.openChat, s.chats, list, !s.chatsLoaded);
        const conversations = pruneConversations(s.conversations, openChat, (id) => ids.has(id));
        return {
          chats: list,
          chatsLoaded: true,
          chatsError: null,
          openChat,
          conversations: withEntry(conversations, openChat),
        };
      }),
    chatsFailed: (chatsError) => set(() => ({ chatsError })),
    chatOpened: (id) =>
      set((s) => {
        const conversations = pruneConversations(s.conversations, id);
        return {
          openChat: id,
          chatStarting: false,
          section: 'chat',
          settings: null,
          conversations: withEntry(conversations, id),
        };
      }),
    chatStartRequested: () => set(() => ({ chatStarting: true })),
    chatStartFailed: () => set(() => ({ chatStarting: false })),
    conversationLoaded: (conversation) =>
      set((s) => ({
        conversations: {
          ...s.conversations,
          [conversation.id]: mergeSnapshot(s.conversations[conversation.id], conversation),
        },
      })),
    messageArrived: (conversationId, message) =>
      set((s) => {
        const entry = s.conversations[conversationId];
        if (!entry) return {};
        return { conversations: { ...s.conversations, [conversationId]: upsertMessage(entry, message) } };
      }),
    messagesRemoved: (conversationId, messageIds) =>
      set((s) => {
        const entry = s.conversations[conversationId];
        if (!entry) return {};
        return { conversations: { ...s.conversations, [conversationId]: removeMessages(entry, messageIds) } };
      }),
    exposureChanged: (conversationId, exposure) =>
      set((s) => {
        const entry = s.conversations[conversationId];
        if (!entry) return {};
        return { conversations: { ...s.conversations, [conversationId]: { ...entry, exposure } } };
      }),
    messageRevealRequested: (conversationId, messageId) =>
      set((s) => ({ revealRequest: { conversationId, messageId, n: (s.revealRequest?.n ?? 0) + 1 } })),
    deltasArrived: (deltas) => set((s) => ({ conversations: applyDeltas(s.conversations, deltas) })),
    chatToolsChanged: (id, tools) =>
      set((s) => {
        const entry = s.conversations[id];
        if (!entry) return {};
        return { conversations: { ...s.conversations, [id]: { ...entry, tools } } };
      }),
    compactionsChanged: (id, compactions) =>
      set((s) => {
        const entry = s.conversations[id];
        if (!entry) return {};
        return { conversations: { ...s.conversations, [id]: { ...entry, compactions } } };
      }),
    modelsChanged: (models) => set(() => ({ models })),
    sectionSelected: (section) => set(() => ({ section, settings: null })),
    settingsOpened: (settings) => set(() => ({ settings })),
    searchRequested: () =>
      set((s) => ({ section: 'chat', settings: null, searchRequests: s.searchRequests + 1 })),
  };
}

/** Queues streamed text and hands it over once per animation frame. */
export type DeltaQueue = {
  push(delta: ChatDelta): void;
  /** Forgets queued text of a message whose whole version just arrived (it already holds that text). */
  drop(conversationId: string, messageId: string): void;
};

/** Streamed text reaches the page at most this often (milliseconds). */
const STREAM_PAINT_MS = 50;

export function createDeltaQueue(
  flush: (deltas: ChatDelta[]) => void,
  schedule: (run: () => void) => void = paced(STREAM_PAINT_MS),
): DeltaQueue {
  const queue = createTextDeltaQueue<ChatDelta>(
    (a, b) =>
      a.conversationId === b.conversationId && a.messageId === b.messageId && a.reasoning === b.reasoning,
    flush,
    schedule,
  );
  return {
    push: queue.push,
    drop: (conversationId, messageId) =>
      queue.drop((delta) => delta.conversationId === conversationId && delta.messageId === messageId),
  };
}
