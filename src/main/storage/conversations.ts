// Conversations on disk: one JSON-lines file each, replayed on load. Only whole messages are written (at each
// status change), never streamed text deltas.
import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChatMessage, Conversation, ConversationSummary, ToolSelection } from '../../shared/chat';
import { HostFault, messageOf } from '../errors';
import { appendRecords, readRecords, writeRecords } from './jsonl';

const DEFAULT_TITLE = 'New conversation';
const TITLE_LENGTH = 60;
/** A file with more records than this many per message is rewritten on load. */
const COMPACT_RATIO = 4;
const FILE_NAME = /^([A-Za-z0-9_-]+)\.jsonl$/;

export type ConversationStoreOptions = {
  /** Told about files that could not be read (they are skipped) or repaired. */
  onProblem?: (message: string) => void;
};

type MetaRecord = {
  t: 'meta';
  title: string;
  model?: string;
  tools: ToolSelection;
  createdAt: number;
  updatedAt: number;
};
type MessageRecord = { t: 'message'; at: number; message: ChatMessage };

type State = Omit<ConversationSummary, 'id'> & { tools: ToolSelection; messages: Map<string, ChatMessage> };

/** Every conversation in memory, each backed by `<dir>/<id>.jsonl`. Changes in memory first, then on disk in order. */
export class ConversationStore {
  private readonly conversations = new Map<string, State>();
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly dir: string,
    private readonly options: ConversationStoreOptions = {},
  ) {}

  /** Reads every conversation file; a missing folder means none yet. */
  async load(): Promise<void> {
    this.conversations.clear();
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return;
      throw new HostFault(
        'internal',
        `Could not read the conversations folder ${this.dir}: ${messageOf(error)}`,
      );
    }
    for (const name of names.sort()) {
      const id = FILE_NAME.exec(name)?.[1];
      if (!id) continue;
      try {
        const state = await this.read(id);
        if (state) this.conversations.set(id, state);
      } catch (error) {
        this.problem(`The conversation file ${name} could not be read and was skipped: ${messageOf(error)}`);
      }
    }
  }

  /** Summaries, most recently active first. */
  list(): ConversationSummary[] {
    return [...this.conversations.entries()]
      .map(([id, state]) => summaryOf(id, state))
      .sort((a, b) => b.updatedAt - a.updatedAt || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));
  }

  get(id: string): Conversation {
    const state = this.state(id);
    return {
      ...summaryOf(id, state),
      tools: structuredClone(state.tools),
      messages: [...state.messages.values()],
    };
  }

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
    };
    await this.persist(id, [metaOf(state)]);
    this.conversations.set(id, state);
    return this.get(id);
  }

  async rename(id: string, title: string): Promise<void> {
    const state = this.state(id);
    state.title = title;
    await this.persist(id, [metaOf(state)]);
  }

  async setModel(id: string, model: string): Promise<void> {
    const state = this.state(id);
    state.model = model;
    await this.persist(id, [metaOf(state)]);
  }

  async setTools(id: string, tools: ToolSelection): Promise<void> {
    const state = this.state(id);
    state.tools = structuredClone(tools);
    await this.persist(id, [metaOf(state)]);
  }

  /** Adds or replaces (by `message.id`) one whole message. The first user message names an untitled conversation. */
  async putMessage(id: string, message: ChatMessage): Promise<void> {
    const state = this.state(id);
    const copy = structuredClone(message);
    const title =
      copy.role === 'user' && state.title === DEFAULT_TITLE && !hasUserMessage(state)
        ? titleFrom(copy.text)
        : undefined;
    state.messages.set(copy.id, copy);
    state.updatedAt = Math.max(Date.now(), state.updatedAt);
    const records: (MetaRecord | MessageRecord)[] = [{ t: 'message', at: state.updatedAt, message: copy }];
    if (title) {
      state.title = title;
      records.push(metaOf(state));
    }
    await this.persist(id, records);
  }

  /** Forgets the conversation and removes its file. */
  async delete(id: string): Promise<void> {
    this.state(id);
    this.conversations.delete(id);
    await this.run(id, () => rm(this.file(id), { force: true })).catch((error: unknown) => {
      throw new HostFault('internal', `Could not remove the conversation's file: ${messageOf(error)}`);
    });
  }

  private state(id: string): State {
    const state = this.conversations.get(id);
    if (!state) throw new HostFault('not_found', 'That conversation does not exist any more.');
    return state;
  }

  private file(id: string): string {
    return join(this.dir, `${id}.jsonl`);
  }

  private async persist(id: string, records: (MetaRecord | MessageRecord)[]): Promise<void> {
    await this.run(id, () => appendRecords(this.file(id), records)).catch((error: unknown) => {
      throw new HostFault('internal', `Could not save the conversation: ${messageOf(error)}`);
    });
  }

  /** Runs file operations of one conversation one at a time, in call order. */
  private run(id: string, operation: () => Promise<void>): Promise<void> {
    const next = (this.queues.get(id) ?? Promise.resolve()).then(operation, operation);
    this.queues.set(id, next);
    const forget = () => {
      if (this.queues.get(id) === next) this.queues.delete(id);
    };
    next.then(forget, forget);
    return next;
  }

  /** Replays one file (the last record for a message wins) and compacts it when it has grown or was torn. */
  private async read(id: string): Promise<State | undefined> {
    const { records, tornTail, skipped } = await readRecords(this.file(id));
    let meta: MetaRecord | undefined;
    let lastAt = 0;
    const messages = new Map<string, ChatMessage>();
    for (const record of records) {
      if (isMeta(record)) meta = record;
      else if (isMessageRecord(record)) {
        messages.set(record.message.id, record.message);
        lastAt = Math.max(lastAt, record.at);
      }
    }
    if (!meta && messages.size === 0) {
      this.problem(`The conversation file ${id}.jsonl holds no conversation and was skipped.`);
      return undefined;
    }
    const first = messages.values().next().value;
    const base: Omit<MetaRecord, 't'> = meta ?? {
      title: DEFAULT_TITLE,
      tools: { disabledServers: [], disabledTools: [] },
      createdAt: first?.time ?? lastAt,
      updatedAt: lastAt,
    };
    const state: State = {
      title: base.title,
      model: base.model,
      tools: base.tools,
      createdAt: base.createdAt,
      updatedAt: Math.max(base.updatedAt, lastAt),
      messages,
    };
    const repair = tornTail || skipped > 0 || !meta;
    if (repair || records.length > COMPACT_RATIO * Math.max(1, messages.size)) {
      await writeRecords(this.file(id), snapshotOf(state)).catch((error: unknown) => {
        this.problem(`The conversation file ${id}.jsonl could not be tidied up: ${messageOf(error)}`);
      });
    }
    return state;
  }

  private problem(message: string): void {
    this.options.onProblem?.(message);
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

function metaOf(state: State): MetaRecord {
  const { title, model, tools, createdAt, updatedAt } = state;
  return { t: 'meta', title, ...(model === undefined ? {} : { model }), tools, createdAt, updatedAt };
}

function snapshotOf(state: State): (MetaRecord | MessageRecord)[] {
  const messages = [...state.messages.values()].map(
    (message): MessageRecord => ({ t: 'message', at: Math.min(message.time, state.updatedAt), message }),
  );
  return [metaOf(state), ...messages];
}

function hasUserMessage(state: State): boolean {
  for (const message of state.messages.values()) if (message.role === 'user') return true;
  return false;
}

/** The first non-blank line, at most 60 characters. */
function titleFrom(text: string): string | undefined {
  const line = text
    .split('\n')
    .map((item) => item.trim().replace(/\s+/g, ' '))
    .find((item) => item !== '');
  if (!line) return undefined;
  const chars = [...line];
  return chars.length <= TITLE_LENGTH
    ? line
    : `${chars
        .slice(0, TITLE_LENGTH - 1)
        .join('')
        .trimEnd()}…`;
}

function newId(): string {
  return randomBytes(12).toString('base64url');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isMeta(value: unknown): value is MetaRecord {
  if (!isObject(value) || value.t !== 'meta') return false;
  const tools = value.tools;
  return (
    typeof value.title === 'string' &&
    (value.model === undefined || typeof value.model === 'string') &&
    typeof value.createdAt === 'number' &&
    typeof value.updatedAt === 'number' &&
    isObject(tools) &&
    Array.isArray(tools.disabledServers) &&
    Array.isArray(tools.disabledTools)
  );
}

function isMessageRecord(value: unknown): value is MessageRecord {
  if (!isObject(value) || value.t !== 'message' || typeof value.at !== 'number') return false;
  const message = value.message;
  return (
    isObject(message) &&
    typeof message.id === 'string' &&
    typeof message.time === 'number' &&
    (message.role === 'user' || message.role === 'assistant')
  );
}
