// Shapes of the requests servers make of the person: sampling (run the model) and elicitation (ask for input).
import type { Json } from './types';

export type SamplingContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string };

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
  /** The host's choice from the hints and priorities (`provider/model`), if any model is configured. */
  suggestedModel?: string;
  /** Where the request is: waiting for approval, running, or waiting for review of the response. */
  stage: 'approval' | 'running' | 'review';
  response?: SamplingResponse;
  error?: string;
};

export type SamplingResponse = { text: string; model: string; stopReason: string };

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
