// Conversations in memory, each backed by its file, and a search index over them. Only whole messages are written
// (at each status change), never streamed text deltas; a conversation without messages is kept in memory only.
import { randomBytes } from 'node:crypto';
import type {
  ChatMessage,
  Compaction,
  Conversation,
  ConversationHit,
  ConversationSummary,
  ToolSelection,
} from '../../shared/chat';
import type { Exposure } from '../../shared/flow';
import { HostFault, messageOf } from '../errors';
import { ConversationFiles, type StoredConversation } from './conversationFiles';
import { type ConversationRecord, metaOf } from './conversationRecords';
import { mapAtMost } from './mapAtMost';
import { SearchIndex, searchableText, snippetOf } from './searchIndex';
import { DEFAULT_TITLE, titleFor } from './titles';

const SEARCH_LIMIT = 200;
/** How many conversation files are read at once while loading. */
const READ_AT_ONCE = 16;
/** How long one slice of background indexing may hold the process. */
const INDEX_SLICE_MS = 8;

export type ConversationStoreOptions = {
  /** Told about files that could not be read (they are skipped) or repaired. */
  onProblem?: (message: string) => void;
};

/** What a conversation may set for itself; null clears a setting (the default applies again). */
export type ConversationOptions = { systemPrompt?: string | null; temperature?: number | null };

type State = StoredConversation & {
  /** False until the first message: until then nothing of it is on disk. */
  saved: boolean;
};

/** Every conversation in memory, each backed by `<dir>/<id>.jsonl`. Changes in memory first, then on disk in order. */
export class ConversationStore {
  private readonly conversations = new Map<string, State>();
  private readonly files: ConversationFiles;
  private readonly index = new SearchIndex();
  /** Conversations loaded but not yet in the index. */
  private readonly unindexed = new Set<string>();
  /** Conversations whose file is there but could not be read at load: what belongs to them is kept. */
  private readonly unread = new Set<string>();

  constructor(
    dir: string,
    private readonly options: ConversationStoreOptions = {},
  ) {
    this.files = new ConversationFiles(dir, (message) => this.problem(message));
  }

  /**
   * Reads every conversation file; a missing folder means none yet. Files are read a few at a time; search
   * covers them once `indexInBackground` has run, or at the first search, whichever comes first.
   */
  async load(): Promise<void> {
    this.conversations.clear();
    this.unindexed.clear();
    this.unread.clear();
    const ids = await this.files.ids();
    const stored = await mapAtMost(ids, READ_AT_ONCE, (id) =>
      this.files.read(id).catch((error: unknown) => {
        this.problem(
          `The conversation file ${id}.jsonl could not be read and was skipped: ${messageOf(error)}`,
        );
        return undefined;
      }),
    );
    ids.forEach((id, at) => {
      const conversation = stored[at];
      if (!conversation) {
        this.unread.add(id);
        return;
      }
      this.conversations.set(id, { ...conversation, saved: true });
      this.unindexed.add(id);
    });
  }

  /**
   * Whether `id` names a conversation with a file, including one that could not be read at load (it may be
   * readable next time): its attached files and permissions must not be taken for leftovers.
   */
  has(id: string): boolean {
    return this.conversations.has(id) || this.unread.has(id);
  }

  /** Puts the loaded conversations into the search index a slice at a time, yielding between slices. */
  async indexInBackground(): Promise<void> {
    while (this.unindexed.size > 0) {
      const until = performance.now() + INDEX_SLICE_MS;
      while (this.unindexed.size > 0 && performance.now() < until) this.indexOne();
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Summaries, most recently active first. */
  list(): ConversationSummary[] {
    return [...this.conversations.entries()].map(([id, state]) => summaryOf(id, state)).sort(byActivity);
  }

  get(id: string): Conversation {
    const state = this.state(id);
    const { systemPrompt, temperature, compactions, exposure } = state;
    return {
      ...summaryOf(id, state),
      tools: structuredClone(state.tools),
      messages: [...state.messages.values()],
      ...(systemPrompt === undefined ? {} : { systemPrompt }),
      ...(temperature === undefined ? {} : { temperature }),
      ...(compactions?.length ? { compactions: [...compactions] } : {}),
      ...(exposure === undefined ? {} : { exposure: structuredClone(exposure) }),
    };
  }

  /** Every message of every conversation as stored, without copies: for reading through all of them at once. */
  *allMessages(): Generator<{ conversationId: string; message: Readonly<ChatMessage> }> {
    for (const [conversationId, state] of this.conversations)
      for (const message of state.messages.values()) yield { conversationId, message };
  }

  /** A new conversation, in memory only until its first message. */
  async create(init: { model?: string; tools?: ToolSelection; title?: string } = {}): Promise<Conversation> {
    let id = newId();
    while (this.conversations.has(id)) id = newId();
    const now = Date.now();
    const state: State = {
      title: init.title ?? DEFAULT_TITLE,
      model: init.model,
      createdAt: now,
      updatedAt: now,
      tools: structuredClone(init.tools ?? { disabledServers: [], disabledTools: [] }),
      messages: new Map(),
      saved: false,
    };
    this.conversations.set(id, state);
    this.index.put(id, null, state.title);
    return this.get(id);
  }

  /** A conversation that was never given a message, if there is one (to open instead of making another). */
  unsavedEmpty(): string | undefined {
    for (const [id, state] of this.conversations) if (!state.saved && state.messages.size === 0) return id;
    return undefined;
  }

  async rename(id: string, title: string): Promise<void> {
    const state = this.state(id);
    state.title = title;
    this.index.put(id, null, title);
    await this.saveMeta(id, state);
  }

  async setModel(id: string, model: string): Promise<void> {
    const state = this.state(id);
    state.model = model;
    await this.saveMeta(id, state);
  }

  async setTools(id: string, tools: ToolSelection): Promise<void> {
    const state = this.state(id);
    state.tools = structuredClone(tools);
    await this.saveMeta(id, state);
  }

  async setOptions(id: string, options: ConversationOptions): Promise<void> {
    const state = this.state(id);
    if (options.systemPrompt !== undefined) state.systemPrompt = options.systemPrompt ?? undefined;
    if (options.temperature !== undefined) state.temperature = options.temperature ?? undefined;
    await this.saveMeta(id, state);
  }

  /** Replaces the summaries of older messages (the last one in force). */
  async setCompactions(id: string, compactions: readonly Compaction[]): Promise<void> {
    const state = this.state(id);
    state.compactions = compactions.length ? structuredClone([...compactions]) : undefined;
    await this.saveMeta(id, state);
  }

  /** Keeps what the conversation took in; it is written with its settings, so it outlives a restart. */
  async setExposure(id: string, exposure: Exposure): Promise<void> {
    const state = this.state(id);
    state.exposure = structuredClone(exposure);
    await this.saveMeta(id, state);
  }

  /** Adds or replaces (by `message.id`) one whole message. The first user message names an untitled conversation. */
  async putMessage(id: string, message: ChatMessage): Promise<void> {
    const state = this.state(id);
    const copy = structuredClone(message);
    const title =
      copy.role === 'user' && state.title === DEFAULT_TITLE && !hasUserMessage(state)
        ? titleFor(copy)
        : undefined;
    state.messages.set(copy.id, copy);
    state.updatedAt = Math.max(Date.now(), state.updatedAt);
    this.index.put(id, copy.id, searchableText(copy));
    if (title) {
      state.title = title;
      this.index.put(id, null, title);
    }
    const records: ConversationRecord[] = [{ t: 'message', at: state.updatedAt, message: copy }];
    if (!state.saved) records.unshift(metaOf(state));
    else if (title) records.push(metaOf(state));
    state.saved = true;
    await this.persist(id, records);
  }

  /** Takes messages out of the conversation (they stay out after a reload). */
  async removeMessages(id: string, ids: readonly string[]): Promise<void> {
    const state = this.state(id);
    const gone = ids.filter((messageId) => state.messages.delete(messageId));
    if (gone.length === 0) return;
    // A summary of messages that are gone stands for nothing any more.
    const standing = state.compactions?.filter((compaction) => state.messages.has(compaction.through));
    const dropped = standing?.length !== state.compactions?.length;
    if (dropped) state.compactions = standing?.length ? standing : undefined;
    for (const messageId of gone) this.index.remove(id, messageId);
    state.updatedAt = Math.max(Date.now(), state.updatedAt);
    const records: ConversationRecord[] = [{ t: 'drop', at: state.updatedAt, ids: gone }];
    if (dropped) records.push(metaOf(state));
    if (state.saved) await this.persist(id, records);
  }

  /** Conversations holding every word of `query` in a message or the title, most recently active first. */
  search(query: string, limit = SEARCH_LIMIT): ConversationHit[] {
    while (this.unindexed.size > 0) this.indexOne();
    const hits: ConversationHit[] = [];
    for (const { conversationId, messageId } of this.index.search(query)) {
      const state = this.conversations.get(conversationId);
      if (!state) continue;
      const hit: ConversationHit = summaryOf(conversationId, state);
      const message = messageId === undefined ? undefined : state.messages.get(messageId);
      if (message) {
        hit.snippet = {
          messageId: message.id,
          role: message.role,
          ...snippetOf(searchableText(message), query),
        };
      }
      hits.push(hit);
    }
    return hits.sort(byActivity).slice(0, limit);
  }

  /** Forgets the conversation and removes its file. */
  async delete(id: string): Promise<void> {
    this.state(id);
    this.conversations.delete(id);
    this.unindexed.delete(id);
    this.index.removeConversation(id);
    await this.files.remove(id);
  }

  private state(id: string): State {
    const state = this.conversations.get(id);
    if (!state) throw new HostFault('not_found', { id: 'host.storage.conversationGone' });
    return state;
  }

  /** Writes the conversation's settings, once it is on disk at all. */
  private async saveMeta(id: string, state: State): Promise<void> {
    if (state.saved) await this.persist(id, [metaOf(state)]);
  }

  private async persist(id: string, records: ConversationRecord[]): Promise<void> {
    await this.files.append(id, records);
  }

  private problem(message: string): void {
    this.options.onProblem?.(message);
  }

  /** Indexes the title and every message of one loaded conversation not yet in the index. */
  private indexOne(): void {
    const id = this.unindexed.values().next().value as string;
    this.unindexed.delete(id);
    const state = this.conversations.get(id);
    if (!state) return;
    this.index.put(id, null, state.title);
    for (const message of state.messages.values()) this.index.put(id, message.id, searchableText(message));
  }
}

function summaryOf(id: string, state: State): ConversationSummary {
  const summary: ConversationSummary = {
    id,
    title: state.title,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
  };
  if (state.model !== undefined) summary.model = state.model;
  return summary;
}

function byActivity(a: ConversationSummary, b: ConversationSummary): number {
  return b.updatedAt - a.updatedAt || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1);
}

function hasUserMessage(state: State): boolean {
  for (const message of state.messages.values()) if (message.role === 'user') return true;
  return false;
}

function newId(): string {
  return randomBytes(12).toString('base64url');
}
