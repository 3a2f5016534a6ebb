// The one contract between renderer and host: commands (validated inputs), results and events.
import { z } from 'zod';
import type {
  AuditEntry,
  ChatMessage,
  ConsentRequest,
  Conversation,
  ConversationSummary,
  Grant,
  ModelsView,
  ProviderTest,
} from './chat';
import { PROVIDER_TYPES } from './chat';
import { serverEntrySchema, serverNameSchema } from './configSchema';
import type { ConfigView, Json, LogEntry, ServerView, ToolCallResult, WireEntry } from './types';
import { LOG_LEVELS } from './types';

const serverArg = z.strictObject({ server: serverNameSchema });
const idArg = z.strictObject({ id: z.string().min(1).max(100) });
/** `providerId/modelId`. */
const modelRef = z.string().regex(/^[^/\s]+\/.+$/, 'A model is named provider/model');
const providerId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, dashes or underscores');

/** A provider as the renderer sends it; `apiKey` is a new key, absent to keep the stored one. */
export const providerInputSchema = z.strictObject({
  id: providerId,
  type: z.enum(PROVIDER_TYPES),
  baseURL: z.url({ protocol: /^https?$/ }).optional(),
  models: z.array(z.string().min(1)).max(500),
  apiKeyEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'An environment variable name')
    .optional(),
});

export const toolSelectionSchema = z.strictObject({
  disabledServers: z.array(z.string()),
  disabledTools: z.array(z.strictObject({ server: z.string(), tool: z.string() })),
});

/** Every command the renderer may send, with the schema its input must pass. */
export const commandInputs = {
  'servers.list': z.strictObject({}),
  'servers.start': serverArg,
  'servers.stop': serverArg,
  'servers.restart': serverArg,
  'servers.logs': serverArg,
  'servers.wire': serverArg,
  'servers.setLogLevel': z.strictObject({ server: serverNameSchema, level: z.enum(LOG_LEVELS) }),
  'tools.call': z.strictObject({
    server: serverNameSchema,
    tool: z.string().min(1),
    args: z.record(z.string(), z.json()),
  }),
  'config.get': z.strictObject({}),
  /** Replace the whole file with this text (it must be valid). */
  'config.save': z.strictObject({ text: z.string() }),
  /** Add or replace one server; `previousName` renames. */
  'config.putServer': z.strictObject({
    name: serverNameSchema,
    entry: serverEntrySchema,
    previousName: serverNameSchema.optional(),
  }),
  'config.removeServer': z.strictObject({ name: serverNameSchema }),
  'config.setDisabled': z.strictObject({ name: serverNameSchema, disabled: z.boolean() }),
  /** Open an https link in the person's browser after they confirm. */
  'app.openExternal': z.strictObject({ url: z.url({ protocol: /^https$/ }) }),

  'models.get': z.strictObject({}),
  'models.putProvider': z.strictObject({
    provider: providerInputSchema,
    apiKey: z.string().min(1).max(1000).optional(),
    previousId: providerId.optional(),
  }),
  'models.removeProvider': idArg,
  'models.setDefault': z.strictObject({ model: modelRef }),
  /** Reaches the provider with its stored settings and lists its models where it can. */
  'models.test': idArg,

  'chat.list': z.strictObject({}),
  'chat.get': idArg,
  'chat.create': z.strictObject({ model: modelRef.optional() }),
  'chat.rename': z.strictObject({ id: z.string().min(1), title: z.string().trim().min(1).max(200) }),
  'chat.delete': idArg,
  'chat.setModel': z.strictObject({ id: z.string().min(1), model: modelRef }),
  'chat.setTools': z.strictObject({ id: z.string().min(1), tools: toolSelectionSchema }),
  /** Adds the person's message and runs the model; progress arrives as events. */
  'chat.send': z.strictObject({ id: z.string().min(1), text: z.string().trim().min(1).max(200_000) }),
  /** Aborts the running turn and cancels its tool calls. */
  'chat.stop': idArg,

  'consent.pending': z.strictObject({}),
  'consent.answer': z.strictObject({
    id: z.string().min(1),
    decision: z.enum(['once', 'always', 'deny']),
    /** The arguments as the person edited them. */
    args: z.json().optional(),
  }),
  'permissions.list': z.strictObject({}),
  'permissions.revoke': z.strictObject({ server: z.string().min(1), tool: z.string().min(1) }),
  'audit.list': z.strictObject({ limit: z.number().int().min(1).max(5000).optional() }),
} as const;

/** What each command answers. */
export type CommandResults = {
  'servers.list': ServerView[];
  'servers.start': null;
  'servers.stop': null;
  'servers.restart': null;
  'servers.logs': LogEntry[];
  'servers.wire': WireEntry[];
  'servers.setLogLevel': null;
  'tools.call': ToolCallResult;
  'config.get': ConfigView;
  'config.save': ConfigView;
  'config.putServer': ConfigView;
  'config.removeServer': ConfigView;
  'config.setDisabled': ConfigView;
  'app.openExternal': boolean;
  'models.get': ModelsView;
  'models.putProvider': ModelsView;
  'models.removeProvider': ModelsView;
  'models.setDefault': ModelsView;
  'models.test': ProviderTest;
  'chat.list': ConversationSummary[];
  'chat.get': Conversation;
  'chat.create': Conversation;
  'chat.rename': ConversationSummary;
  'chat.delete': null;
  'chat.setModel': ConversationSummary;
  'chat.setTools': Conversation;
  'chat.send': null;
  'chat.stop': null;
  'consent.pending': ConsentRequest[];
  'consent.answer': null;
  'permissions.list': Grant[];
  'permissions.revoke': Grant[];
  'audit.list': AuditEntry[];
};

export type CommandName = keyof typeof commandInputs;
export type CommandArgs<N extends CommandName> = z.input<(typeof commandInputs)[N]>;
export type CommandResult<N extends CommandName> = CommandResults[N];

/** Events the host pushes to the renderer. */
export type Events = {
  /** One server's whole view changed (state, info or lists). */
  'server.changed': ServerView;
  /** A server left the config. */
  'server.removed': { name: string };
  /** New log lines, batched. */
  'server.log': { server: string; entries: LogEntry[] };
  /** New wire frames, batched. */
  'server.wire': { server: string; entries: WireEntry[] };
  'config.changed': ConfigView;
  'models.changed': ModelsView;
  /** The conversation list changed (created, renamed, deleted, reordered). */
  'chats.changed': ConversationSummary[];
  /** One message was added or changed as a whole (status, tool calls, final text). */
  'chat.message': { conversationId: string; message: ChatMessage };
  /** Streamed text appended to the last text part of an assistant message. */
  'chat.delta': { conversationId: string; messageId: string; text: string };
  'consent.requested': ConsentRequest;
  /** A request left the queue: answered, cancelled, timed out or lost with its server. */
  'consent.settled': { id: string; reason: 'answered' | 'cancelled' | 'server-gone' };
  'permissions.changed': Grant[];
};
export type EventName = keyof Events;

/** Every event name at run time; `satisfies` keeps the list complete. */
export const EVENT_NAMES = Object.keys({
  'server.changed': true,
  'server.removed': true,
  'server.log': true,
  'server.wire': true,
  'config.changed': true,
  'models.changed': true,
  'chats.changed': true,
  'chat.message': true,
  'chat.delta': true,
  'consent.requested': true,
  'consent.settled': true,
  'permissions.changed': true,
} satisfies Record<EventName, true>) as EventName[];

/** How an error crosses the boundary. */
export type HostError = { code: string; message: string };

/** What a command answers on the wire. */
export type Reply<T> = { ok: true; value: T } | { ok: false; error: HostError };

/** The renderer's whole view of the host: two calls, typed by this contract. */
export interface HostApi {
  invoke<N extends CommandName>(name: N, args: CommandArgs<N>): Promise<CommandResult<N>>;
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
}

/** Thrown by `HostApi.invoke` when the host answers with an error. */
export class HostCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HostCallError';
  }
}

export type { Json };
