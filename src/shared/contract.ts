// The one contract between renderer and host: commands (validated inputs), results and events.
import { z } from 'zod';
import { APP_PERMISSIONS, type AppOpened, type AppPermissionGrant } from './apps';
import { MAX_IMAGE_BYTES, UPLOAD_CHUNK_BYTES } from './attachments';
import type {
  ChatDefaults,
  ChatMessage,
  ConsentRequest,
  Conversation,
  ConversationExport,
  ConversationHit,
  ConversationSummary,
  ModelsView,
  ProviderTest,
  TaskEntry,
} from './chat';
import { PROVIDER_TYPES, TOOL_RESULT_LIMIT_RANGE } from './chat';
import { serverEntrySchema, serverNameSchema } from './configSchema';
import { type AuditEntry, CONSENT_DECISIONS, type Grant, type WritePreview } from './consent';
import type { ImportScan } from './importing';
import { INPUT_ID } from './inputReferences';
import { PAYLOAD_CHUNK_CHARS, type PayloadChunk } from './payloads';
import { type RegistryCommandResults, registryCommandInputs } from './registryContract';
import type {
  ElicitationRequest,
  InputRequest,
  RefusedRequest,
  SamplingPolicy,
  SamplingRequest,
} from './requests';
import type { CompletionResult, FileAttachment, PromptResult, ResourceReadResult } from './resources';
import type { FolderListing, RootsConfirmation, RootsView } from './roots';
import type { ServerApprovalRequest } from './serverApprovals';
import type { ServerUpdate } from './serverUpdate';
import type {
  ConfigView,
  Json,
  LogEntry,
  ServerView,
  SignInPrompt,
  ToolCallResult,
  WireEntry,
} from './types';
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
    kind: z.literal('file'),
    /** An upload finished with `uploads.finish`, or a file this conversation already holds. */
    id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    name: z.string().min(1).max(255),
    mimeType: z.string().max(200),
    size: z.number().int().min(0),
    as: z.enum(['text', 'image']),
  }),
]);

const samplingContentSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: z.string() }),
  z.strictObject({ type: z.literal('image'), data: z.string(), mimeType: z.string() }),
  z.strictObject({ type: z.literal('audio'), data: z.string(), mimeType: z.string() }),
  z.strictObject({
    type: z.literal('tool_use'),
    id: z.string(),
    name: z.string(),
    input: z.record(z.string(), z.json()),
  }),
  z.strictObject({
    type: z.literal('tool_result'),
    toolUseId: z.string(),
    content: z.array(z.strictObject({ type: z.literal('text'), text: z.string() })),
    isError: z.boolean().optional(),
  }),
]);

const elicitationValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

export const toolSelectionSchema = z.strictObject({
  disabledServers: z.array(z.string()),
  disabledTools: z.array(z.strictObject({ server: z.string(), tool: z.string() })),
});

/** Every command the renderer may send, with the schema its input must pass. */
export const commandInputs = {
  ...registryCommandInputs,
  'servers.list': z.strictObject({}),
  'servers.start': serverArg,
  'servers.stop': serverArg,
  'servers.restart': serverArg,
  'servers.logs': serverArg,
  'servers.wire': serverArg,
  /** Sends this page `server.wire` events for the server (a Protocol tab is open). */
  'servers.subscribeWire': serverArg,
  'servers.unsubscribeWire': serverArg,
  'servers.setLogLevel': z.strictObject({ server: serverNameSchema, level: z.enum(LOG_LEVELS) }),
  /** Prepares a remote server's sign-in and answers what the person confirms before its page opens. */
  'servers.signIn': serverArg,
  /** Opens the waiting sign-in page in the browser where the host can (Electron); false: the page opens it. */
  'servers.openSignIn': serverArg,
  'servers.cancelSignIn': serverArg,
  /** Revokes (where supported) and forgets a remote server's tokens. */
  'servers.signOut': serverArg,
  /** One icon the server declared, as a checked data: URI; null when it may not be shown (see the server's log). */
  'icons.resolve': z.strictObject({ server: serverNameSchema, src: z.string().min(1).max(2_000_000) }),
  /** Every task: running ones and those saved with conversations. */
  'tasks.list': z.strictObject({}),
  /** Asks a task's server to cancel it. */
  'tasks.cancel': z.strictObject({ server: serverNameSchema, taskId: z.string().min(1).max(500) }),
  /** Servers whose instructions are left out of the model's system prompt. */
  'instructions.get': z.strictObject({}),
  /** Puts a server's instructions in the model's system prompt, or leaves them out. */
  'instructions.set': z.strictObject({ server: serverNameSchema, include: z.boolean() }),
  /**
   * Runs a tool by hand; with `callId` its progress arrives as `tool.progress` and `tools.cancel` can stop it.
   * With `preview`, large texts and data come as their start and an id for `payloads.read` (see `ContentBlock`).
   */
  'tools.call': z.strictObject({
    server: serverNameSchema,
    tool: z.string().min(1),
    args: z.record(z.string(), z.json()),
    callId: z.string().min(1).max(100).optional(),
    preview: z.boolean().optional(),
  }),
  /** Cancels a `tools.call` still running (the server is sent `notifications/cancelled`). */
  'tools.cancel': z.strictObject({ callId: z.string().min(1).max(100) }),
  'config.get': z.strictObject({}),
  /** Replace the whole file with this text (it must be valid); refused if the file is no longer at `version`. */
  'config.save': z.strictObject({ text: z.string(), version: z.string().min(1).max(200) }),
  /** Reads the file again as it is on disk, and uses it when it is valid. */
  'config.reload': z.strictObject({}),
  /**
   * Add or replace one server; `previousName` renames. `secrets` are values for the `${input:…}`
   * references of the entry, kept in the secret store (never in config.json), by input id.
   */
  'config.putServer': z.strictObject({
    name: serverNameSchema,
    entry: serverEntrySchema,
    previousName: serverNameSchema.optional(),
    secrets: z.record(z.string().regex(INPUT_ID), z.string().min(1).max(10_000)).optional(),
  }),
  /** Adds several servers at once (a pasted `mcpServers` block); refused whole if a name is taken. */
  'config.addServers': z.strictObject({
    servers: z
      .array(z.strictObject({ name: serverNameSchema, entry: serverEntrySchema }))
      .min(1)
      .max(100),
  }),
  'config.removeServer': z.strictObject({ name: serverNameSchema }),
  'config.setDisabled': z.strictObject({ name: serverNameSchema, disabled: z.boolean() }),
  /** Turns a server's app views on or off (off: its tools show text results only). */
  'config.setApps': z.strictObject({ name: serverNameSchema, enabled: z.boolean() }),
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
  'chat.send': z
    .strictObject({
      id: z.string().min(1),
      text: z.string().trim().max(200_000),
      context: z.array(contextItemSchema).max(20).optional(),
    })
    .refine(
      (input) => input.text.length > 0 || (input.context?.length ?? 0) > 0,
      'A message needs text or context',
    ),
  /** Aborts the running turn and cancels its tool calls. */
  'chat.stop': idArg,
  /** Conversations with every word of the query in a message or the title (words match by prefix). */
  'chat.search': z.strictObject({ query: z.string().max(200) }),
  /** Retry (after an error) or Regenerate: the last reply is replaced by a new one. */
  'chat.regenerate': idArg,
  /** Replaces a message of the person's with new text and asks again; every later message is removed. */
  'chat.edit': z.strictObject({
    id: z.string().min(1),
    messageId: z.string().min(1),
    text: z.string().trim().max(200_000),
  }),
  /** Goes on with the last reply where it stopped. */
  'chat.continue': idArg,
  /** This conversation's own system prompt and temperature; null goes back to the default. */
  'chat.setOptions': z.strictObject({
    id: z.string().min(1),
    systemPrompt: z.string().max(20_000).nullable().optional(),
    temperature: z.number().min(0).max(2).nullable().optional(),
  }),
  'chat.defaults': z.strictObject({}),
  /** The defaults of Settings → Chat, as a whole. */
  'chat.setDefaults': z.strictObject({
    systemPrompt: z.string().max(20_000).optional(),
    temperature: z.number().min(0).max(2).optional(),
    toolResultLimit: z
      .number()
      .int()
      .min(TOOL_RESULT_LIMIT_RANGE.min)
      .max(TOOL_RESULT_LIMIT_RANGE.max)
      .optional(),
  }),
  /** Saves the conversation where the person chooses (Electron), or returns its text to download. */
  'chat.export': z.strictObject({ id: z.string().min(1), format: z.enum(['markdown', 'json']) }),

  /** Announces a file to attach; refused at once when it cannot be attached. */
  'uploads.begin': z.strictObject({
    name: z.string().min(1).max(255),
    mimeType: z.string().max(200),
    size: z.number().int().min(0).max(MAX_IMAGE_BYTES),
  }),
  /** One part of the file, in order, at most `UPLOAD_CHUNK_BYTES` bytes (base64). */
  'uploads.chunk': z.strictObject({
    id: z.string().min(1).max(100),
    offset: z.number().int().min(0),
    data: z.base64().max(Math.ceil(UPLOAD_CHUNK_BYTES / 3) * 4),
  }),
  /** Checks the whole file; the answer goes into the next message's context. */
  'uploads.finish': z.strictObject({ id: z.string().min(1).max(100) }),
  'uploads.cancel': z.strictObject({ id: z.string().min(1).max(100) }),

  'consent.pending': z.strictObject({}),
  'consent.answer': z.strictObject({
    id: z.string().min(1),
    decision: z.enum(CONSENT_DECISIONS),
    /** The arguments as the person edited them. */
    args: z.json().optional(),
    /** Other waiting calls whose arguments the person is editing: a permission given now does not answer them. */
    editing: z.array(z.string().min(1).max(100)).max(200).optional(),
  }),
  /** What a waiting call that writes a file would replace, with `args` as the person may have edited them. */
  'consent.writePreview': z.strictObject({ id: z.string().min(1), args: z.json() }),
  'permissions.list': z.strictObject({}),
  'permissions.revoke': z.strictObject({ id: z.string().min(1).max(100) }),
  /** Runs the tools `server` marks read-only (as they are defined now) without asking, or stops doing so. */
  'permissions.trustReadOnly': z.strictObject({ server: serverNameSchema, enabled: z.boolean() }),
  'audit.list': z.strictObject({ limit: z.number().int().min(1).max(5000).optional() }),

  'prompts.get': z.strictObject({
    server: serverNameSchema,
    name: z.string().min(1),
    args: z.record(z.string(), z.string()),
  }),
  /** Suggestions for a prompt argument or a resource template variable. */
  'completion.complete': z.strictObject({
    server: serverNameSchema,
    ref: z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('ref/prompt'), name: z.string().min(1) }),
      z.strictObject({ type: z.literal('ref/resource'), uri: z.string().min(1) }),
    ]),
    argument: z.strictObject({ name: z.string().min(1), value: z.string() }),
    context: z.record(z.string(), z.string()).optional(),
  }),
  'resources.read': z.strictObject({ server: serverNameSchema, uri: z.string().min(1) }),
  'resources.subscribe': z.strictObject({ server: serverNameSchema, uri: z.string().min(1) }),
  'resources.unsubscribe': z.strictObject({ server: serverNameSchema, uri: z.string().min(1) }),
  /** Writes a resource's binary contents to a file the person chose (Electron) or returns false. */
  'resources.saveAs': z.strictObject({
    server: serverNameSchema,
    uri: z.string().min(1),
    index: z.number().int().min(0),
  }),

  /** A piece of something large the host keeps (a resource's contents, a protocol frame). */
  'payloads.read': z.strictObject({
    id: z.string().min(1).max(64),
    offset: z.number().int().min(0).optional(),
    length: z.number().int().min(1).max(PAYLOAD_CHUNK_CHARS).optional(),
  }),

  'sampling.pending': z.strictObject({}),
  /** Approves a request, possibly edited: the model runs and the response comes back for review. */
  'sampling.approve': z.strictObject({
    id: z.string().min(1),
    messages: z.array(
      z.strictObject({ role: z.enum(['user', 'assistant']), content: z.array(samplingContentSchema) }),
    ),
    systemPrompt: z.string().optional(),
    model: modelRef,
    maxTokens: z.number().int().min(1),
    includeContext: z.boolean(),
  }),
  /** Returns the reviewed (possibly edited) response to the server. */
  'sampling.send': z.strictObject({ id: z.string().min(1), text: z.string() }),
  'sampling.reject': idArg,
  'sampling.policies': z.strictObject({}),
  'sampling.setPolicy': z.strictObject({
    server: serverNameSchema,
    mode: z.enum(['ask', 'session']),
    tokenBudget: z.number().int().min(0).max(10_000_000),
  }),
  'roots.get': z.strictObject({}),
  /** Adds a folder after checking it exists, is a folder, and is not already shared (itself or nested). */
  'roots.add': z.strictObject({
    path: z.string().min(1).max(4096),
    name: z.string().trim().min(1).max(200).optional(),
  }),
  'roots.remove': z.strictObject({ uri: z.string().min(1) }),
  'roots.rename': z.strictObject({ uri: z.string().min(1), name: z.string().trim().min(1).max(200) }),
  /** Which roots one server sees: all (the default) or a subset. */
  'roots.setServer': z.strictObject({
    server: serverNameSchema,
    mode: z.enum(['all', 'subset']),
    uris: z.array(z.string().min(1)),
  }),
  'roots.pending': z.strictObject({}),
  /**
   * The person's answer to "Share these folders with <server>?": a yes shares the folders shown, and
   * folders added later too only with `shareNew`.
   */
  'roots.confirm': z.strictObject({
    id: z.string().min(1),
    allow: z.boolean(),
    shareNew: z.boolean().optional(),
  }),
  /** The host's folder browser (browser mode): folders only, starting at the home folder. */
  'folders.list': z.strictObject({ path: z.string().max(4096).optional() }),
  /** The native folder dialog (Electron); null where there is none or the person cancelled. */
  'folders.pick': z.strictObject({}),

  /** Reads a tool's view and prepares its sandbox page. */
  'apps.open': z.strictObject({
    server: serverNameSchema,
    tool: z.string().min(1),
    conversationId: z.string().min(1).optional(),
  }),
  /** A view's `tools/call`: its own server only, visible to apps only, after consent. */
  'apps.callTool': z.strictObject({
    appId: z.string().min(1).max(100),
    name: z.string().min(1).max(200),
    args: z.record(z.string(), z.json()),
  }),
  /** A view's `resources/read`: its own server only. */
  'apps.readResource': z.strictObject({ appId: z.string().min(1).max(100), uri: z.string().min(1) }),
  /** A view's log line, for its server's log. */
  'apps.log': z.strictObject({
    appId: z.string().min(1).max(100),
    level: z.enum(LOG_LEVELS),
    text: z.string().max(10_000),
  }),
  /** The view left the window; `confirmed` when it answered the teardown request. */
  'apps.close': z.strictObject({
    appId: z.string().min(1).max(100),
    reason: z.string().max(200),
    confirmed: z.boolean(),
  }),
  /** What the person lets one view use (camera, microphone …); an empty list takes it all back. */
  'apps.setPermissions': z.strictObject({
    server: serverNameSchema,
    resourceUri: z.string().min(1),
    permissions: z.array(z.enum(APP_PERMISSIONS)),
  }),
  'apps.permissions': serverArg,
  'inputs.pending': z.strictObject({}),
  /** The person's value for an `${input:…}`; without `value` the question is cancelled. */
  'inputs.answer': z.strictObject({ id: z.string().min(1), value: z.string().max(20_000).optional() }),
  /** Forgets a value kept for a server, so its next start asks again. */
  'inputs.forget': z.strictObject({ server: serverNameSchema, inputId: z.string().min(1).max(200) }),

  /** Servers that wait for the person's approval or were refused. */
  'approvals.list': z.strictObject({}),
  /** Approves or refuses what `name` runs, as identified by `identity` (the one the person was shown). */
  'approvals.answer': z.strictObject({
    name: serverNameSchema,
    identity: z.string().min(1).max(200),
    approve: z.boolean(),
  }),
  /** Asks about a refused server again. */
  'approvals.review': z.strictObject({ name: serverNameSchema }),
  /**
   * Finds servers to import: in the standard places of other apps (and the `roots` project folders),
   * or in the file at `path`, or in pasted `text`. `workspaceFolder` stands for `${workspaceFolder}`.
   */
  'import.scan': z.strictObject({
    roots: z.array(z.string().min(1).max(4096)).max(100).optional(),
    workspaceFolder: z.string().min(1).max(4096).optional(),
    path: z.string().min(1).max(4096).optional(),
    text: z.string().max(1_000_000).optional(),
  }),
  /** Imports the chosen servers of a scan; each waits for the person's approval before it runs. */
  'import.add': z.strictObject({
    scanId: z.string().min(1).max(100),
    choices: z
      .array(z.strictObject({ key: z.string().min(1).max(20), clash: z.enum(['skip', 'rename', 'replace']) }))
      .min(1)
      .max(1000),
  }),

  'elicitation.pending': z.strictObject({}),
  'elicitation.answer': z.strictObject({
    id: z.string().min(1),
    action: z.enum(['accept', 'decline', 'cancel']),
    content: z.record(z.string(), elicitationValue).optional(),
  }),
} as const;

/** What each command answers. */
export type CommandResults = RegistryCommandResults & {
  'servers.list': ServerView[];
  'servers.start': null;
  'servers.stop': null;
  'servers.restart': null;
  'servers.logs': LogEntry[];
  'servers.wire': WireEntry[];
  'servers.subscribeWire': null;
  'servers.unsubscribeWire': null;
  'servers.setLogLevel': null;
  'servers.signIn': SignInPrompt | null;
  'servers.openSignIn': boolean;
  'servers.cancelSignIn': null;
  'servers.signOut': null;
  'icons.resolve': string | null;
  'tasks.list': TaskEntry[];
  'tasks.cancel': null;
  'instructions.get': InstructionsView;
  'instructions.set': InstructionsView;
  'tools.call': ToolCallResult;
  'tools.cancel': null;
  'config.get': ConfigView;
  'config.save': ConfigView;
  'config.reload': ConfigView;
  'config.putServer': ConfigView;
  'config.addServers': ConfigView;
  'config.removeServer': ConfigView;
  'config.setDisabled': ConfigView;
  'config.setApps': ConfigView;
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
  'chat.search': ConversationHit[];
  'chat.regenerate': null;
  'chat.edit': null;
  'chat.continue': null;
  'chat.setOptions': Conversation;
  'chat.defaults': ChatDefaults;
  'chat.setDefaults': ChatDefaults;
  'chat.export': ConversationExport;
  'uploads.begin': { id: string; chunkBytes: number };
  'uploads.chunk': { received: number };
  'uploads.finish': FileAttachment;
  'uploads.cancel': null;
  'consent.pending': ConsentRequest[];
  'consent.answer': null;
  'consent.writePreview': WritePreview;
  'permissions.list': Grant[];
  'permissions.revoke': Grant[];
  'permissions.trustReadOnly': Grant[];
  'audit.list': AuditEntry[];
  'prompts.get': PromptResult;
  'completion.complete': CompletionResult;
  'resources.read': ResourceReadResult;
  'resources.subscribe': null;
  'resources.unsubscribe': null;
  'resources.saveAs': boolean;
  'payloads.read': PayloadChunk;
  'sampling.pending': SamplingRequest[];
  'sampling.approve': null;
  'sampling.send': null;
  'sampling.reject': null;
  'sampling.policies': SamplingPolicy[];
  'sampling.setPolicy': SamplingPolicy[];
  'apps.open': AppOpened;
  'apps.callTool': ToolCallResult;
  'apps.readResource': ResourceReadResult;
  'apps.log': null;
  'apps.close': null;
  'apps.setPermissions': AppPermissionGrant[];
  'apps.permissions': AppPermissionGrant[];
  'elicitation.pending': ElicitationRequest[];
  'elicitation.answer': null;
  'approvals.list': ServerApprovalRequest[];
  'approvals.answer': null;
  'approvals.review': null;
  'import.scan': ImportScan;
  'import.add': { added: string[]; skipped: string[] };
  'inputs.pending': InputRequest[];
  'inputs.answer': null;
  'inputs.forget': null;
  'roots.get': RootsView;
  'roots.add': RootsView;
  'roots.remove': RootsView;
  'roots.rename': RootsView;
  'roots.setServer': RootsView;
  'roots.pending': RootsConfirmation[];
  'roots.confirm': RootsView;
  'folders.list': FolderListing;
  'folders.pick': string | null;
};

export type CommandName = keyof typeof commandInputs;
export type CommandArgs<N extends CommandName> = z.input<(typeof commandInputs)[N]>;
export type CommandResult<N extends CommandName> = CommandResults[N];

/** The page a command came from, for commands about that page alone (which events it wants). */
export type CommandCaller = {
  /** Turns `server.wire` events for `server` on or off for this page. */
  watchWire(server: string, on: boolean): void;
};

/** What the host implements: one async handler per command, given the validated input and (from a transport) its page. */
export type CommandHandlers = {
  [N in CommandName]: (args: CommandArgs<N>, caller?: CommandCaller) => Promise<CommandResult<N>>;
};

/** Events the host pushes to the renderer. */
export type Events = {
  /** One server's whole view changed (state, info or lists). Pages get it as `server.updated`. */
  'server.changed': ServerView;
  /**
   * `server.changed` as a page gets it: whole the first time, then without the lists that did not change
   * since the last one this page got (see `applyServerUpdate`). Only the page link sends it.
   */
  'server.updated': ServerUpdate;
  /** A server left the config. */
  'server.removed': { name: string };
  /** New log lines, batched. */
  'server.log': { server: string; entries: LogEntry[] };
  /** New wire frames, batched; only to pages that subscribed (`servers.subscribeWire`). */
  'server.wire': { server: string; entries: WireEntry[] };
  'config.changed': ConfigView;
  /** The servers waiting for approval or refused, all of them (after any change of the config or an answer). */
  'approvals.changed': ServerApprovalRequest[];
  'instructions.changed': InstructionsView;
  /** The Tasks list changed (a task started, changed or ended). */
  'tasks.changed': TaskEntry[];
  'models.changed': ModelsView;
  /** The conversation list changed (created, renamed, deleted, reordered). */
  'chats.changed': ConversationSummary[];
  /** One message was added or changed as a whole (status, tool calls, final text). */
  'chat.message': { conversationId: string; message: ChatMessage };
  /** Streamed text appended to the last text part of an assistant message. */
  'chat.delta': { conversationId: string; messageId: string; text: string };
  /** Messages taken out of a conversation (a reply regenerated, a message edited and what followed it). */
  'chat.removed': { conversationId: string; messageIds: string[] };
  'consent.requested': ConsentRequest;
  /** A request left the queue: answered, cancelled, timed out or lost with its server. */
  'consent.settled': { id: string; reason: 'answered' | 'cancelled' | 'server-gone' };
  'permissions.changed': Grant[];
  /** Progress of a tool run by hand (`tools.call` with a `callId`). */
  'tool.progress': { callId: string; progress: number; total?: number; message?: string };
  /** A watched resource changed on its server. */
  'resource.updated': { server: string; uri: string };
  /** A sampling request arrived or moved on (approval → running → review). */
  'sampling.changed': SamplingRequest;
  'sampling.delta': { id: string; text: string };
  'sampling.settled': { id: string; reason: 'answered' | 'rejected' | 'cancelled' | 'server-gone' };
  'elicitation.requested': ElicitationRequest;
  /** `completed`: the server said the page it asked the person to visit is done with (URL mode). */
  'elicitation.settled': { id: string; reason: 'answered' | 'cancelled' | 'server-gone' | 'completed' };
  /** A server's entry needs an `${input:…}` value the person has not given yet. */
  'inputs.requested': InputRequest;
  'inputs.settled': { id: string; reason: 'answered' | 'cancelled' | 'server-gone' };
  /** The host refused a server's request on its own (too many at once, budget spent). */
  'requests.refused': RefusedRequest;
  'roots.changed': RootsView;
  'roots.confirmationRequested': RootsConfirmation;
  'roots.confirmationSettled': { id: string };
};
export type EventName = keyof Events;

/** Every event name at run time; `satisfies` keeps the list complete. */
export const EVENT_NAMES = Object.keys({
  'server.changed': true,
  'server.updated': true,
  'server.removed': true,
  'server.log': true,
  'server.wire': true,
  'config.changed': true,
  'approvals.changed': true,
  'instructions.changed': true,
  'tasks.changed': true,
  'models.changed': true,
  'chats.changed': true,
  'chat.message': true,
  'chat.delta': true,
  'chat.removed': true,
  'consent.requested': true,
  'consent.settled': true,
  'permissions.changed': true,
  'tool.progress': true,
  'resource.updated': true,
  'sampling.changed': true,
  'sampling.delta': true,
  'sampling.settled': true,
  'elicitation.requested': true,
  'elicitation.settled': true,
  'inputs.requested': true,
  'inputs.settled': true,
  'requests.refused': true,
  'roots.changed': true,
  'roots.confirmationRequested': true,
  'roots.confirmationSettled': true,
} satisfies Record<EventName, true>) as EventName[];

/** Which servers' instructions the model is not given (all others are). */
export type InstructionsView = { excluded: string[] };

/** The renderer's whole view of the host: two calls, typed by this contract. */
export interface HostApi {
  invoke<N extends CommandName>(name: N, args: CommandArgs<N>): Promise<CommandResult<N>>;
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
}

export { HostCallError, type HostError, type Reply } from './hostCallError';
export type { Json };
