// Shapes of models, conversations, tool calls, consent and grants, shared by host and renderer.
import type { GrantScope, ToolDecision } from './consent';
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

/** `default` and every model reference are `providerId/modelId`. */
export type ModelsView = { providers: ProviderView[]; default?: string };

export type ProviderTest = { ok: boolean; message: string; models?: string[] };

/** Which tools a conversation lets the model use; everything not listed is enabled. */
export type ToolSelection = { disabledServers: string[]; disabledTools: { server: string; tool: string }[] };

export type ConversationSummary = {
  id: string;
  title: string;
  model?: string;
  createdAt: number;
  updatedAt: number;
};

export type Conversation = ConversationSummary & {
  tools: ToolSelection;
  messages: ChatMessage[];
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
  /** A plain-words error when status is `error`, or why the turn ended early. */
  error?: string;
};

export type ChatMessage = UserMessage | AssistantMessage;

export type AssistantPart = { type: 'text'; text: string } | { type: 'tool'; call: ToolCallView };

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
  result?: ToolCallResult;
  error?: string;
};

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
  /** Present when an earlier grant was suspended because the tool's definition changed. */
  changed?: DefinitionChange;
  requestedAt: number;
};
