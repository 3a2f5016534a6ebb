// Shapes of the requests made of the person: sampling (run the model), elicitation (ask for input) and `${input:…}` values.

import type { HostText } from './hostText';
import type { Json } from './types';

/** A request for one of the sampling request's own tools, made by the model (the server runs it, never the host). */
export type SamplingToolUse = { type: 'tool_use'; id: string; name: string; input: { [key: string]: Json } };

/** The result of a tool use, as the server ran it and sent it back (shown as text). */
export type SamplingToolResult = {
  type: 'tool_result';
  toolUseId: string;
  content: { type: 'text'; text: string }[];
  isError?: boolean;
};

export type SamplingContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | SamplingToolUse
  | SamplingToolResult;

/** A tool the server offers the model for this request only. */
export type SamplingToolView = {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { [key: string]: Json };
};

export type SamplingMessageView = { role: 'user' | 'assistant'; content: SamplingContent[] };

export type ModelPreferencesView = {
  hints?: { name?: string }[];
  costPriority?: number;
  speedPriority?: number;
  intelligencePriority?: number;
};

/** A server asks to run the model. */
export type SamplingRequest = {
  id: string;
  kind: 'sampling';
  server: string;
  serverTitle?: string;
  requestedAt: number;
  messages: SamplingMessageView[];
  systemPrompt?: string;
  includeContext?: 'none' | 'thisServer' | 'allServers';
  /** Exactly what would be added if the person agrees to include context (only ever this server's own data). */
  contextPreview?: string;
  modelPreferences?: ModelPreferencesView;
  maxTokens: number;
  temperature?: number;
  stopSequences?: string[];
  /** Tools the model may ask the server to run (the server runs them and sends the results back). */
  tools?: SamplingToolView[];
  /** Whether the model may, must or must not use `tools`. */
  toolChoice?: 'auto' | 'required' | 'none';
  /** Rounds of tool use already in the messages. */
  toolRounds?: number;
  /** True once `toolRounds` reached the host's limit: the model runs without tools and must answer. */
  toolsWithheld?: boolean;
  /** The host's choice from the hints and priorities (`provider/model`), if any model is configured. */
  suggestedModel?: string;
  /** Where the request is: waiting for approval, running, or waiting for review of the response. */
  stage: 'approval' | 'running' | 'review';
  response?: SamplingResponse;
  /** Why the last run failed or could not run without asking (in English); `errorText` the same by id. */
  error?: string;
  errorText?: HostText;
};

export type SamplingResponse = {
  text: string;
  model: string;
  stopReason: string;
  /** The model's requests for the server's tools; they go back to the server, which runs them. */
  toolCalls?: SamplingToolUse[];
};

/** Per server: ask every time, or run without asking during this session up to a token budget. */
export type SamplingPolicy = {
  server: string;
  mode: 'ask' | 'session';
  tokenBudget: number;
  /** Tokens every sampling run of this server used this session, asked or not. */
  tokensUsed: number;
  /** The part of `tokensUsed` spent by runs without asking: what the budget limits. */
  budgetUsed: number;
};

/** A restricted JSON Schema: a flat object of primitive properties. */
export type ElicitationSchema = {
  type: 'object';
  properties: { [name: string]: { [key: string]: Json } };
  required?: string[];
};

export type ElicitationRequest =
  | {
      id: string;
      kind: 'elicitation';
      mode: 'form';
      server: string;
      serverTitle?: string;
      requestedAt: number;
      message: string;
      requestedSchema: ElicitationSchema;
    }
  | {
      id: string;
      kind: 'elicitation';
      mode: 'url';
      server: string;
      serverTitle?: string;
      requestedAt: number;
      message: string;
      url: string;
      elicitationId: string;
    };

export type ElicitationContent = { [name: string]: string | number | boolean | string[] };

/** A request a server made that the host refused on its own, for the person to see. */
export type RefusedRequest = {
  server: string;
  kind: 'sampling' | 'elicitation';
  message: string;
  time: number;
};

/** A value a server's entry needs (`${input:id}`), asked once and kept in the secret store. */
export type InputRequest = {
  id: string;
  kind: 'input';
  inputId: string;
  /** As the entry declares it, or the host's English; `descriptionText` the host's by id. */
  description?: string;
  descriptionText?: HostText;
  /** Mask what the person types. */
  password: boolean;
  /** The server whose start waits for it. */
  server: string;
  requestedAt: number;
};
