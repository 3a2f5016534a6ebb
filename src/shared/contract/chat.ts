// The commands and events of conversations: messages and their context, replies, defaults, export and uploads.
import { z } from 'zod';
import { MAX_IMAGE_BYTES, UPLOAD_CHUNK_BYTES } from '../attachments';
import type {
  ChatDefaults,
  ChatMessage,
  Compaction,
  Conversation,
  ConversationExport,
  ConversationHit,
  ConversationSummary,
} from '../chat';
import { REPLY_LANGUAGES, TOOL_RESULT_TOKENS_RANGE } from '../chat';
import { serverNameSchema } from '../configSchema';
import type { Exposure } from '../flow';
import type { FileAttachment } from '../resources';
import { idArg, modelRef } from './args';
import { command, event } from './spec';

const resourceContentsSchema = z.strictObject({
  uri: z.string(),
  mimeType: z.string().optional(),
  text: z.string().optional(),
  blob: z.string().optional(),
  /** A large part sent by reference: the host fetches the whole by id (or reads the resource again). */
  truncated: z
    .strictObject({ id: z.string().min(1).max(64).optional(), length: z.number().int().min(0) })
    .optional(),
});
const contentBlockSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text'), text: z.string() }),
  z.looseObject({ type: z.literal('image'), data: z.string(), mimeType: z.string() }),
  z.looseObject({ type: z.literal('audio'), data: z.string(), mimeType: z.string() }),
  z.looseObject({ type: z.literal('resource'), resource: resourceContentsSchema }),
  z.looseObject({
    type: z.literal('resource_link'),
    uri: z.string(),
    name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    mimeType: z.string().optional(),
  }),
]);

/** Prompt results and resources the person attached to a message, as they previewed them. */
export const contextItemSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('prompt'),
    server: serverNameSchema,
    name: z.string().min(1),
    title: z.string().optional(),
    messages: z
      .array(z.strictObject({ role: z.enum(['user', 'assistant']), content: contentBlockSchema }))
      .max(100),
  }),
  z.strictObject({
    kind: z.literal('resource'),
    server: serverNameSchema,
    uri: z.string().min(1),
    name: z.string().optional(),
    contents: z.array(resourceContentsSchema).max(100),
  }),
  z.strictObject({
    kind: z.literal('app'),
    server: serverNameSchema,
    tool: z.string().min(1),
    /** The tool call whose view sent it. */
    callId: z.string().min(1),
    text: z.string().max(100_000),
  }),
  z.strictObject({
    kind: z.literal('skill'),
    server: serverNameSchema,
    uri: z.string().min(1).max(2048),
    label: z.string().min(1).max(500),
  }),
  z.strictObject({
    kind: z.literal('file'),
    /** An upload finished with `uploads.finish`, or a file this conversation already holds. */
    id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    name: z.string().min(1).max(255),
    mimeType: z.string().max(200),
    size: z.number().int().min(0),
    as: z.enum(['text', 'image']),
  }),
]);

const toolKeys = z.array(z.strictObject({ server: z.string(), tool: z.string() })).max(5_000);

export const toolSelectionSchema = z.strictObject({
  disabledServers: z.array(z.string()),
  disabledTools: toolKeys,
  set: z.string().max(100).optional(),
  servers: z.array(z.string()).max(1_000).optional(),
  tools: toolKeys.optional(),
  pinned: toolKeys.optional(),
});

export const commands = {
  'chat.list': command(z.strictObject({})).returns<ConversationSummary[]>(),
  'chat.get': command(idArg).returns<Conversation>(),
  'chat.create': command(z.strictObject({ model: modelRef.optional() })).returns<Conversation>(),
  'chat.rename': command(
    z.strictObject({ id: z.string().min(1), title: z.string().trim().min(1).max(200) }),
  ).returns<ConversationSummary>(),
  'chat.delete': command(idArg).returns<null>(),
  'chat.setModel': command(
    z.strictObject({ id: z.string().min(1), model: modelRef }),
  ).returns<ConversationSummary>(),
  'chat.setTools': command(
    z.strictObject({ id: z.string().min(1), tools: toolSelectionSchema }),
  ).returns<Conversation>(),
  /** Adds the person's message and runs the model; progress arrives as events. */
  'chat.send': command(
    z
      .strictObject({
        id: z.string().min(1),
        text: z.string().trim().max(200_000),
        context: z.array(contextItemSchema).max(20).optional(),
      })
      .refine(
        (input) => input.text.length > 0 || (input.context?.length ?? 0) > 0,
        'A message needs text or context',
      ),
  ).returns<null>(),
  /** Aborts the running turn and cancels its tool calls. */
  'chat.stop': command(idArg).returns<null>(),
  /** Conversations with every word of the query in a message or the title (words match by prefix). */
  'chat.search': command(z.strictObject({ query: z.string().max(200) })).returns<ConversationHit[]>(),
  /** Retry (after an error) or Regenerate: the last reply is replaced by a new one. */
  'chat.regenerate': command(idArg).returns<null>(),
  /** Replaces a message of the person's with new text and asks again; every later message is removed. */
  'chat.edit': command(
    z.strictObject({
      id: z.string().min(1),
      messageId: z.string().min(1),
      text: z.string().trim().max(200_000),
    }),
  ).returns<null>(),
  /** Goes on with the last reply where it stopped. */
  'chat.continue': command(idArg).returns<null>(),
  /** Compact now: older messages summarised for the model (all but the last exchange); they stay for the person. */
  'chat.compact': command(idArg).returns<Compaction[]>(),
  /** Takes back the summary in force: the model reads those messages again. */
  'chat.undoCompaction': command(idArg).returns<Compaction[]>(),
  /** This conversation's own system prompt and temperature; null goes back to the default. */
  'chat.setOptions': command(
    z.strictObject({
      id: z.string().min(1),
      systemPrompt: z.string().max(20_000).nullable().optional(),
      temperature: z.number().min(0).max(2).nullable().optional(),
    }),
  ).returns<Conversation>(),
  'chat.defaults': command(z.strictObject({})).returns<ChatDefaults>(),
  /** The defaults of Settings → Chat, as a whole. */
  'chat.setDefaults': command(
    z.strictObject({
      systemPrompt: z.string().max(20_000).optional(),
      temperature: z.number().min(0).max(2).optional(),
      toolResultTokens: z
        .number()
        .int()
        .min(TOOL_RESULT_TOKENS_RANGE.min)
        .max(TOOL_RESULT_TOKENS_RANGE.max)
        .optional(),
      replyLanguage: z.enum(REPLY_LANGUAGES).optional(),
    }),
  ).returns<ChatDefaults>(),
  /** Saves the conversation where the person chooses (Electron), or returns its text to download. */
  'chat.export': command(
    z.strictObject({ id: z.string().min(1), format: z.enum(['markdown', 'json']) }),
  ).returns<ConversationExport>(),

  /** Announces a file to attach; refused at once when it cannot be attached. */
  'uploads.begin': command(
    z.strictObject({
      name: z.string().min(1).max(255),
      mimeType: z.string().max(200),
      size: z.number().int().min(0).max(MAX_IMAGE_BYTES),
    }),
  ).returns<{ id: string; chunkBytes: number }>(),
  /** One part of the file, in order, at most `UPLOAD_CHUNK_BYTES` bytes (base64). */
  'uploads.chunk': command(
    z.strictObject({
      id: z.string().min(1).max(100),
      offset: z.number().int().min(0),
      data: z.base64().max(Math.ceil(UPLOAD_CHUNK_BYTES / 3) * 4),
    }),
  ).returns<{ received: number }>(),
  /** Checks the whole file; the answer goes into the next message's context. */
  'uploads.finish': command(z.strictObject({ id: z.string().min(1).max(100) })).returns<FileAttachment>(),
  'uploads.cancel': command(z.strictObject({ id: z.string().min(1).max(100) })).returns<null>(),
};

export const events = {
  /** The conversation list changed (created, renamed, deleted, reordered). */
  'chats.changed': event<ConversationSummary[]>(),
  /** One message was added or changed as a whole (status, tool calls, final text). */
  'chat.message': event<{ conversationId: string; message: ChatMessage }>(),
  /** Streamed text appended to the last text part of an assistant message (to its last reasoning part with `reasoning`). */
  'chat.delta': event<{ conversationId: string; messageId: string; text: string; reasoning?: true }>(),
  /** The summaries of older messages changed (a conversation compacted, or a compaction undone); the last is in force. */
  'chat.compacted': event<{ conversationId: string; compactions: Compaction[] }>(),
  /** Messages taken out of a conversation (a reply regenerated, a message edited and what followed it). */
  'chat.removed': event<{ conversationId: string; messageIds: string[] }>(),
  /** What a conversation took in grew: private data read, or content someone else wrote. */
  'chat.exposure': event<{ conversationId: string; exposure: Exposure }>(),
};
