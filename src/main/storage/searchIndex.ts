// Full-text search over conversations: an inverted index from words to messages (and titles), kept up to date message by message.
import type { ChatMessage } from '../../shared/chat';

/** Longer words are indexed by their first 32 characters (and searched the same way). */
const MAX_WORD = 32;
/** Above this many words added since the last sort, the vocabulary is sorted again as a whole. */
const RESORT_AFTER = 2000;

/** One conversation that holds every word of a query, and the message that holds the most of them. */
export type SearchMatch = { conversationId: string; messageId?: string };

type Doc = { conversationId: string; messageId: string | null; words: string[] };

/** The words of `text` for indexing and querying: lower case, accents dropped, letters and digits only. */
export function wordsOf(text: string): string[] {
  const found = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu);
  return found ? found.map((word) => word.slice(0, MAX_WORD)) : [];
}

/** What of a message is searchable: the person's text and the names of what they attached, the reply's text. */
export function searchableText(message: ChatMessage): string {
  if (message.role === 'assistant') {
    return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  }
  const names = (message.context ?? []).map((item) => {
    if (item.kind === 'prompt') return item.title ?? item.name;
    if (item.kind === 'resource') return `${item.name ?? ''} ${item.uri}`;
    if (item.kind === 'file') return item.name;
    if (item.kind === 'skill') return item.label;
    return '';
  });
  return [message.text, ...names].join('\n');
}

/**
 * An inverted index: every word points at the messages holding it. `put` replaces what one message
 * (or a title, with `messageId` null) contributed, so appends and edits cost only that message.
 * Queries match words by prefix, so a word being typed already finds its conversations.
 */
export class SearchIndex {
  private readonly docs = new Map<number, Doc>();
  private readonly keys = new Map<string, number>();
  private readonly byConversation = new Map<string, Set<number>>();
  private readonly postings = new Map<string, Set<number>>();
  /** Every word with postings, sorted, for prefix lookups; words added since are in `unsorted`. */
  private vocabulary: string[] = [];
  private unsorted: string[] = [];
  private nextDoc = 1;

  /** Indexes `text` as the message `messageId` (or the title, for null) of a conversation, replacing what it held. */
  put(conversationId: string, messageId: string | null, text: string): void {
    const key = keyOf(conversationId, messageId);
    const words = [...new Set(wordsOf(text))];
    let doc = this.keys.get(key);
    if (doc === undefined) {
      doc = this.nextDoc++;
      this.keys.set(key, doc);
      let docs = this.byConversation.get(conversationId);
      if (!docs) {
        docs = new Set();
        this.byConversation.set(conversationId, docs);
      }
      docs.add(doc);
      this.docs.set(doc, { conversationId, messageId, words: [] });
    }
    const entry = this.docs.get(doc) as Doc;
    const next = new Set(words);
    for (const word of entry.words) if (!next.has(word)) this.unpost(word, doc);
    const before = new Set(entry.words);
    for (const word of words) if (!before.has(word)) this.post(word, doc);
    entry.words = words;
  }

  /** Forgets one message of a conversation. */
  remove(conversationId: string, messageId: string | null): void {
    const key = keyOf(conversationId, messageId);
    const doc = this.keys.get(key);
    if (doc === undefined) return;
    this.forget(doc);
    this.keys.delete(key);
    this.byConversation.get(conversationId)?.delete(doc);
  }

  /** Forgets a whole conversation. */
  removeConversation(conversationId: string): void {
    for (const doc of this.byConversation.get(conversationId) ?? []) {
      const entry = this.docs.get(doc);
      if (entry) this.keys.delete(keyOf(entry.conversationId, entry.messageId));
      this.forget(doc);
    }
    this.byConversation.delete(conversationId);
  }

  /**
   * Conversations holding every word of `query` (each as a prefix of a word), in no particular
   * order, each with the message that matched the most words (none when only the title did).
   */
  search(query: string): SearchMatch[] {
    const words = [...new Set(wordsOf(query))];
    if (words.length === 0) return [];
    const perWord = words.map((word) => this.matching(word)).sort((a, b) => a.size - b.size);
    let conversations: Set<string> | undefined;
    for (const docs of perWord) {
      const found = new Set<string>();
      for (const doc of docs) {
        const id = this.docs.get(doc)?.conversationId;
        if (id !== undefined && (!conversations || conversations.has(id))) found.add(id);
      }
      conversations = found;
      if (found.size === 0) return [];
    }
    const best = new Map<string, { doc: number; count: number }>();
    const counts = new Map<number, number>();
    for (const docs of perWord) for (const doc of docs) counts.set(doc, (counts.get(doc) ?? 0) + 1);
    for (const [doc, count] of counts) {
      const entry = this.docs.get(doc);
      if (!entry || entry.messageId === null || !conversations?.has(entry.conversationId)) continue;
      const current = best.get(entry.conversationId);
      if (!current || count > current.count || (count === current.count && doc > current.doc)) {
        best.set(entry.conversationId, { doc, count });
      }
    }
    return [...(conversations ?? [])].map((conversationId) => {
      const doc = best.get(conversationId)?.doc;
      const messageId = doc === undefined ? undefined : (this.docs.get(doc)?.messageId ?? undefined);
      return messageId === undefined ? { conversationId } : { conversationId, messageId };
    });
  }

  /** How many words the index knows (for benchmarks and tests). */
  get size(): number {
    return this.postings.size;
  }

  private forget(doc: number): void {
    const entry = this.docs.get(doc);
    if (!entry) return;
    for (const word of entry.words) this.unpost(word, doc);
    this.docs.delete(doc);
  }

  private post(word: string, doc: number): void {
    let docs = this.postings.get(word);
    if (!docs) {
      docs = new Set();
      this.postings.set(word, docs);
      this.unsorted.push(word);
    }
    docs.add(doc);
  }

  private unpost(word: string, doc: number): void {
    const docs = this.postings.get(word);
    if (!docs) return;
    docs.delete(doc);
    // Empty words stay in the vocabulary until the next full sort; lookups skip them.
    if (docs.size === 0) this.postings.delete(word);
  }

  /** Every document holding a word that starts with `prefix`. */
  private matching(prefix: string): Set<number> {
    const vocabulary = this.sortedVocabulary();
    const docs = new Set<number>();
    for (let at = lowerBound(vocabulary, prefix); at < vocabulary.length; at++) {
      const word = vocabulary[at] as string;
      if (!word.startsWith(prefix)) break;
      for (const doc of this.postings.get(word) ?? []) docs.add(doc);
    }
    return docs;
  }

  private sortedVocabulary(): string[] {
    if (this.unsorted.length > RESORT_AFTER) {
      this.vocabulary = [...this.postings.keys()].sort();
    } else {
      for (const word of this.unsorted) {
        const at = lowerBound(this.vocabulary, word);
        if (this.vocabulary[at] !== word) this.vocabulary.splice(at, 0, word);
      }
    }
    this.unsorted = [];
    return this.vocabulary;
  }
}

function keyOf(conversationId: string, messageId: string | null): string {
  return `${conversationId}\u0000${messageId ?? ''}`;
}

/** The first index whose word is not less than `word`. */
function lowerBound(sorted: readonly string[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as string) < word) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Characters shown before the match: few, so the match stays on the snippet's first line in a narrow list. */
const BEFORE = 24;
const AFTER = 140;
/** Characters shown from the start when no word matched as typed. */
const NO_MATCH = 180;

/** A passage of `text` around the first word that starts with a word of `query` (marked), whitespace collapsed. */
export function snippetOf(text: string, query: string): { text: string; match?: [number, number] } {
  const flat = text.replace(/\s+/g, ' ').trim();
  const words = [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const found =
    escaped.length > 0
      ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})[\\p{L}\\p{N}]*`, 'iu').exec(flat)
      : null;
  if (!found) return { text: flat.length > NO_MATCH ? `${flat.slice(0, NO_MATCH)}…` : flat };
  let start = Math.max(0, found.index - BEFORE);
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space >= 0 && space < found.index) start = space + 1;
  }
  let end = Math.min(flat.length, found.index + AFTER);
  if (end < flat.length) {
    // Cut between words, never inside the match.
    const space = flat.lastIndexOf(' ', end);
    if (space > found.index + found[0].length) end = space;
  }
  const head = start > 0 ? '…' : '';
  const tail = end < flat.length ? '…' : '';
  const at = found.index - start + head.length;
  return { text: `${head}${flat.slice(start, end)}${tail}`, match: [at, at + found[0].length] };
}
