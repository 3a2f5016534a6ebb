// The lines of a conversation file: its settings (meta), whole messages, and drops of messages that were replaced.
import type { ChatMessage, Compaction, ToolSelection } from '../../shared/chat';
import type { Exposure } from '../../shared/flow';

export type MetaRecord = {
  t: 'meta';
  title: string;
  model?: string;
  tools: ToolSelection;
  systemPrompt?: string;
  temperature?: number;
  /** Summaries of older messages for the model (the messages themselves stay). */
  compactions?: Compaction[];
  /** What the conversation took in (private data, outside content); read with `readExposure`. */
  exposure?: Exposure;
  createdAt: number;
  updatedAt: number;
};
export type MessageRecord = { t: 'message'; at: number; message: ChatMessage };
/** Messages taken out of the conversation (a reply regenerated, a message edited and everything after it). */
export type DropRecord = { t: 'drop'; at: number; ids: string[] };
export type ConversationRecord = MetaRecord | MessageRecord | DropRecord;

/** The settings part of a conversation, as `metaOf` writes it. */
export type MetaFields = Omit<MetaRecord, 't'>;

export function metaOf(state: MetaFields): MetaRecord {
  const { title, model, tools, systemPrompt, temperature, compactions, exposure, createdAt, updatedAt } =
    state;
  return {
    t: 'meta',
    title,
    ...(model === undefined ? {} : { model }),
    tools,
    ...(systemPrompt === undefined ? {} : { systemPrompt }),
    ...(temperature === undefined ? {} : { temperature }),
    ...(compactions?.length ? { compactions } : {}),
    ...(exposure === undefined ? {} : { exposure }),
    createdAt,
    updatedAt,
  };
}

/** The whole conversation as few lines: its meta, then each message once. */
export function snapshotOf(state: MetaFields & { messages: Map<string, ChatMessage> }): ConversationRecord[] {
  const messages = [...state.messages.values()].map(
    (message): MessageRecord => ({ t: 'message', at: Math.min(message.time, state.updatedAt), message }),
  );
  return [metaOf(state), ...messages];
}

/** What a file's records come to: the last settings, the messages (the last record of each wins, drops remove), and when it last changed. */
export function replay(records: readonly unknown[]): {
  meta?: MetaRecord;
  messages: Map<string, ChatMessage>;
  lastAt: number;
} {
  let meta: MetaRecord | undefined;
  let lastAt = 0;
  const messages = new Map<string, ChatMessage>();
  for (const record of records) {
    if (isMeta(record)) meta = record;
    else if (isMessageRecord(record)) {
      messages.set(record.message.id, record.message);
      lastAt = Math.max(lastAt, record.at);
    } else if (isDropRecord(record)) {
      for (const messageId of record.ids) messages.delete(messageId);
      lastAt = Math.max(lastAt, record.at);
    }
  }
  return { meta, messages, lastAt };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function isMeta(value: unknown): value is MetaRecord {
  if (!isObject(value) || value.t !== 'meta') return false;
  const tools = value.tools;
  return (
    typeof value.title === 'string' &&
    (value.model === undefined || typeof value.model === 'string') &&
    (value.systemPrompt === undefined || typeof value.systemPrompt === 'string') &&
    (value.temperature === undefined || typeof value.temperature === 'number') &&
    (value.compactions === undefined ||
      (Array.isArray(value.compactions) && value.compactions.every(isCompaction))) &&
    typeof value.createdAt === 'number' &&
    typeof value.updatedAt === 'number' &&
    isObject(tools) &&
    Array.isArray(tools.disabledServers) &&
    Array.isArray(tools.disabledTools)
  );
}

function isCompaction(value: unknown): value is Compaction {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.through === 'string' &&
    typeof value.count === 'number' &&
    typeof value.summary === 'string' &&
    Array.isArray(value.results) &&
    typeof value.time === 'number'
  );
}

export function isMessageRecord(value: unknown): value is MessageRecord {
  if (!isObject(value) || value.t !== 'message' || typeof value.at !== 'number') return false;
  const message = value.message;
  return (
    isObject(message) &&
    typeof message.id === 'string' &&
    typeof message.time === 'number' &&
    (message.role === 'user' || message.role === 'assistant')
  );
}

export function isDropRecord(value: unknown): value is DropRecord {
  return (
    isObject(value) &&
    value.t === 'drop' &&
    typeof value.at === 'number' &&
    Array.isArray(value.ids) &&
    value.ids.every((id) => typeof id === 'string')
  );
}
