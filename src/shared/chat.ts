// Shapes of models, conversations, tool calls, consent and grants, shared by host and renderer.
import type { GrantScope, ToolDecision } from './consent';
import type { DescriptionFlag, Exposure, FlowHold, ReviewState, ToolLabels } from './flow';
import type { HostText } from './hostText';
import type { KeptResult } from './keptResults';
import type { ContextItem } from './resources';
import type { Icon, Json, ToolCallResult, ToolView } from './types';

export type { AuditEntry, ConsentDecision, Grant, GrantScope, ToolDecision } from './consent';

export const PROVIDER_TYPES = ['anthropic', 'openai', 'openai-compatible', 'google'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

/** A provider as the renderer sees it: never its key, only whether it has one. */
export type ProviderView = {
  id: string;
  type: ProviderType;
  baseURL?: string;
  models: string[];
  apiKeyEnv?: string;
  /** Where the key comes from, if there is one. */
  key: { source: 'stored' | 'env' | 'none'; masked?: string };
};

/** How hard a model thinks before it answers, where the provider takes an effort rather than a budget. */
export const THINKING_EFFORTS = ['low', 'medium', 'high'] as const;
export type ThinkingEffort = (typeof THINKING_EFFORTS)[number];

/** Whether a model thinks before it answers, and how much: a budget in tokens (Anthropic, Gemini) or an effort (OpenAI). */
export type ThinkingOptions = { on: boolean; budgetTokens?: number; effort?: ThinkingEffort };

/** What the person set for one model: its context window (for models whose window is not known) and its thinking. */
export type ModelOptions = { contextWindow?: number; thinking?: ThinkingOptions };

/** The bounds of a context window and of a thinking budget, in tokens. */
export const CONTEXT_WINDOW_RANGE = { min: 1_000, max: 10_000_000 } as const;
export const THINKING_BUDGET_RANGE = { min: 1_024, max: 1_000_000 } as const;

/** `default` and every model reference are `providerId/modelId`; `options` by model reference. */
export type ModelsView = {
  providers: ProviderView[];
  default?: string;
  options?: Record<string, ModelOptions>;
};

/** What a connection test found: `message` in English, `text` the same by id for the page to say in its language. */
export type ProviderTest = { ok: boolean; message: string; text?: HostText; models?: string[] };

/** One tool of one server, by their names. */
export type ToolKey = { server: string; tool: string };

/**
 * Which tools a conversation lets the model use (see shared/toolSelection): every server's, or with
 * `servers` only those servers' and the single `tools`, less what is switched off. `set` names the
 * tool set the choice came from; `pinned` tools are always offered, even when the model searches for the rest.
 */
export type ToolSelection = {
  disabledServers: string[];
  disabledTools: ToolKey[];
  set?: string;
  servers?: string[];
  tools?: ToolKey[];
  pinned?: ToolKey[];
};

/** A named choice of servers and tools in Settings (config.json `toolSets`); one may be the default for new conversations. */
export type ToolSet = {
  name: string;
  servers?: string[];
  tools?: ToolKey[];
  pinned?: ToolKey[];
  default?: boolean;
};

export type ConversationSummary = {
  id: string;
  title: string;
  model?: string;
  createdAt: number;
  updatedAt: number;
};

/** Older messages of a conversation summarised for the model, so that the conversation fits its context window. */
export type Compaction = {
  id: string;
  /** The last message it stands for: the model reads the summary, then every message after this one. */
  through: string;
  /** How many messages it stands for: `through` and every one before it. */
  count: number;
  /** What the model reads in their place (the "Earlier in this conversation" message). */
  summary: string;
  /** Tool results of those messages the model can still read whole, by the id `read_result` takes. */
  results: { callId: string; id: string }[];
  time: number;
  /** Why: the context window was nearly full, the provider said the request was too long, or the person asked. */
  reason: 'window' | 'provider' | 'manual';
};

export type Conversation = ConversationSummary & {
  tools: ToolSelection;
  messages: ChatMessage[];
  /** Summaries of older messages, the last one in force; Undo takes it away. */
  compactions?: Compaction[];
  /** This conversation's own system prompt; absent means the default from Settings ('' means none). */
  systemPrompt?: string;
  /** This conversation's own temperature; absent means the default from Settings. */
  temperature?: number;
  /** What the conversation took in: private data read, content someone else wrote. */
  exposure?: Exposure;
};

/**
 * Settings → Chat: what every conversation that does not set its own gets. `toolResultTokens`: about how many tokens
 * of one tool result the model reads at once; the host keeps a longer one whole and the model reads on by its id.
 * `replyLanguage`: the language the model is asked to reply in (without it, the language the person writes in).
 */
export type ChatDefaults = {
  systemPrompt?: string;
  temperature?: number;
  toolResultTokens?: number;
  replyLanguage?: ReplyLanguage;
};

/** The languages Settings → Chat can ask the model to reply in. */
export const REPLY_LANGUAGES = ['zh-CN', 'de', 'en'] as const;
export type ReplyLanguage = (typeof REPLY_LANGUAGES)[number];

const REPLY_LANGUAGE_NAMES: Record<ReplyLanguage, string> = {
  'zh-CN': 'Simplified Chinese (简体中文)',
  de: 'German (Deutsch)',
  en: 'English',
};

/** The line the system prompt gets for a reply language (the model reads English instructions best). */
export function replyLanguageLine(language: ReplyLanguage): string {
  return `Always reply in ${REPLY_LANGUAGE_NAMES[language]}, whatever language the messages or tool results are in.`;
}

/** Tokens of one tool result the model reads at once when Settings → Chat sets no other budget. */
export const DEFAULT_TOOL_RESULT_TOKENS = 25_000;

/** The bounds of `toolResultTokens`. */
export const TOOL_RESULT_TOKENS_RANGE = { min: 250, max: 2_500_000 } as const;

/** A conversation found by search, with the passage of the message that matched best. */
export type ConversationHit = ConversationSummary & {
  snippet?: {
    messageId: string;
    role: 'user' | 'assistant';
    text: string;
    /** Where the first matching word sits in `text`: [start, end). */
    match?: [number, number];
  };
};

/** A conversation exported: saved by the host (`saved`), or its text for the window to download. */
export type ConversationExport = { saved: boolean; fileName: string; text?: string };

/** Tokens of one reply (summed over its model calls) and how much of the context it filled at the end. */
export type ReplyUsage = {
  inputTokens: number;
  outputTokens: number;
  /** Tokens in the context after the reply: the last call's input and output. */
  contextTokens: number;
  /** True when the provider did not report usage for some call and the numbers are counted from characters. */
  estimated: boolean;
};

export type UserMessage = {
  id: string;
  role: 'user';
  text: string;
  time: number;
  /** Prompt results and resources attached to this message. */
  context?: ContextItem[];
};

export type AssistantMessage = {
  id: string;
  role: 'assistant';
  time: number;
  model: string;
  parts: AssistantPart[];
  status: 'streaming' | 'done' | 'stopped' | 'error';
  /** A plain-words error when status is `error`, or why the turn ended early (in English). */
  error?: string;
  /** `error` by id in the host catalogue, for the page to say in the person's language (older files have only `error`). */
  errorText?: HostText;
  /** Servers whose instructions were in the model's system prompt for this reply. */
  instructionsFrom?: string[];
  usage?: ReplyUsage;
  /** How long the model worked on this reply, tool calls included. */
  durationMs?: number;
};

export type ChatMessage = UserMessage | AssistantMessage;

/** A reply that ended early (stopped, or failed after it had begun) and can go on where it stopped. */
export function canContinue(message: Pick<AssistantMessage, 'status' | 'parts'>): boolean {
  return message.status === 'stopped' || (message.status === 'error' && message.parts.length > 0);
}

/** What the model thought before it answered, as its provider showed it; `redacted` when the provider hid it. */
export type ReasoningPart = { type: 'reasoning'; text: string; durationMs?: number; redacted?: boolean };

export type AssistantPart =
  | { type: 'text'; text: string }
  | ReasoningPart
  | { type: 'tool'; call: ToolCallView };

export type ToolCallStatus = 'waiting' | 'running' | 'done' | 'failed' | 'denied' | 'cancelled';

export type ToolCallView = {
  /** The model's id for this call. */
  id: string;
  server: string;
  tool: string;
  /** The namespaced name the model used (`server__tool`). */
  name: string;
  args: Json;
  /** Present when the person edited the arguments before allowing the call: what the model asked for. */
  modelArgs?: Json;
  status: ToolCallStatus;
  decision?: ToolDecision;
  /** Which remembered permission let it run, when `decision` is `granted`. */
  grant?: GrantScope;
  progress?: { progress: number; total?: number; message?: string };
  /** Present when the server runs the call as a task. */
  task?: TaskView;
  result?: ToolCallResult;
  /** Present when the result was longer than the model reads at once: the host keeps it whole (see `KeptResult`). */
  kept?: KeptResult;
  /** Why the call failed (in English); `errorText` the same by id in the host catalogue, when the host wrote it. */
  error?: string;
  errorText?: HostText;
  /** Set for a call of one of the host's own tools (`search_tools` …): answered by the host, asking nobody. */
  host?: true;
  /** Set when the result waited for the person before the model: what they chose. Only `given` reaches the model. */
  review?: ReviewState;
  /** Set when the call was held for the person though a grant covered it, and why. */
  hold?: FlowHold;
  /**
   * Set when the card showed while the model was still writing the arguments, since a grant covered the
   * tool and it has a view: until the call is decided, `args` are those parsed so far.
   */
  early?: true;
};

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A tool call the server runs as a task: polled at the server's interval, cancellable, kept across restarts. */
export type TaskView = {
  id: string;
  status: TaskStatus;
  statusMessage?: string;
  /** Epoch ms, when the server said. */
  createdAt?: number;
  updatedAt?: number;
  pollIntervalMs?: number;
  /** What the host needs to follow the task again after a restart (opaque to the window). */
  reference?: Json;
};

/** One task in the Tasks list: which server and tool, and the conversation it belongs to (if any). */
export type TaskEntry = TaskView & {
  server: string;
  tool: string;
  conversationId?: string;
  conversationTitle?: string;
  callId?: string;
};

/** True for a task that can still change (working or waiting for input). */
export function isTaskLive(task: Pick<TaskView, 'status'>): boolean {
  return task.status === 'working' || task.status === 'input_required';
}

/** What changed in a tool's definition since it was granted, as two pretty-printed JSON texts. */
export type DefinitionChange = { before: string; after: string; scope?: GrantScope };

/** A decision waiting for the person. */
export type ConsentRequest = {
  id: string;
  kind: 'tool';
  server: string;
  serverTitle?: string;
  serverIcon?: Icon;
  conversationId: string;
  callId: string;
  tool: ToolView;
  args: Json;
  /** Present when an app view asks, not the model: the tool whose view it is. */
  viaView?: string;
  /** Present when the tool is one an open view offers the model, not its server's: the tool whose view it is. */
  ofView?: string;
  /** Present when an earlier grant was suspended because the tool's definition changed. */
  changed?: DefinitionChange;
  /** What the tool can do, as the host labels it, each with where the label came from. */
  labels?: ToolLabels;
  /** Present when the call is held for the person whatever grant covers it: only Allow once or Deny answer it. */
  hold?: FlowHold;
  /** Why the tool's description deserves a second look. */
  flags?: DescriptionFlag[];
  requestedAt: number;
};
