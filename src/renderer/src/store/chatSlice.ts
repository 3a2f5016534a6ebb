// Chat slice: the conversation list, loaded conversations (see chatEntries), models and the chat layout.
import type {
  ChatMessage,
  Compaction,
  Conversation,
  ConversationSummary,
  ModelsView,
  ToolSelection,
} from '../../../shared/chat';
import type { Exposure } from '../../../shared/flow';
import {
  applyDeltas,
  type ChatDelta,
  type ChatEntry,
  emptyEntry,
  mergeSnapshot,
  pruneConversations,
  removeMessages,
  upsertMessage,
} from './chatEntries';
import { createTextDeltaQueue, paced } from './textDeltaQueue';

export type Section = 'chat' | 'servers' | 'resources' | 'roots' | 'tasks';
export type SettingsTab =
  | 'models'
  | 'chat'
  | 'toolSets'
  | 'permissions'
  | 'sampling'
  | 'shortcuts'
  | 'language'
  | 'registry';

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

/** Adds a placeholder for the open conversation, to catch events that arrive before its snapshot. */
function withEntry(conversations: Record<string, ChatEntry>, id: string | null): Record<string, ChatEntry> {
  return id === null || id in conversations ? conversations : { ...conversations, [id]: emptyEntry() };
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
