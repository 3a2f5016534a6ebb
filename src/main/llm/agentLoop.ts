// One model reply: stream a step, hand its tool calls to the host, feed the results back, until the model is done.
import type { FinishReason, LanguageModel, ModelMessage, streamText } from 'ai';
import type { ToolCallView } from '../../shared/chat';
import type { HostText } from '../../shared/hostText';
import { aiRuntime, modelToolSet } from './aiRuntime';
import { ReplyCutOffError } from './errors';
import { toolResultOutput } from './toolResults';

/** Options a provider takes beside the common ones, by provider name. */
export type ProviderOptions = NonNullable<Parameters<typeof streamText>[0]['providerOptions']>;

export type AgentTool = { name: string; description?: string; inputSchema: object };
export type AgentToolCall = { id: string; name: string; args: unknown };
export type AgentFinish = 'done' | 'max-steps' | 'stopped';

export type AgentTurnOptions = {
  model: LanguageModel;
  history: ModelMessage[];
  /** The tools of every step, or a function that gives each step's (asked again at every step). */
  tools: readonly AgentTool[] | (() => readonly AgentTool[]);
  system?: string;
  /** Sampling temperature; the provider's default when absent. */
  temperature?: number;
  /** Options of the provider for every call (thinking, see `thinkingOptions`). */
  providerOptions?: ProviderOptions;
  /** Whether the model's thinking goes back to it with its tool calls (Anthropic's API requires its signed thinking). */
  sendReasoningBack?: boolean;
  /** Model calls in this turn at most (default 25). */
  maxSteps?: number;
  signal: AbortSignal;
  /** Whether images in tool results go to the model (see `supportsVision`); default false. */
  supportsVision?: boolean;
  /** Characters of one tool result's text the model reads (see `toolResultOutput`). */
  resultChars?: number;
  onTextDelta(text: string): void;
  /** The model starts thinking (a new block of it). */
  onReasoningStart?(): void;
  onReasoningDelta?(text: string): void;
  /** The block of thinking ended; `redacted` when the provider hid it. */
  onReasoningEnd?(redacted: boolean): void;
  onStepStart?(): void;
  /** What one model call used, as the provider reported it (numbers it did not report are absent). */
  onStepFinish?(usage: { inputTokens?: number; outputTokens?: number }): void;
  /** The model starts writing the arguments of call `id` of the tool `name` (the host runs it once they are complete). */
  onToolInputStart?(id: string, name: string): void;
  /** More of the JSON text of call `id`'s arguments. */
  onToolInputDelta?(id: string, delta: string): void;
  /** Runs every call of one step (consent first) and resolves with the finished cards. */
  onToolCalls(calls: AgentToolCall[]): Promise<ToolCallView[]>;
};

export const DEFAULT_MAX_STEPS = 25;
/** One retry for a 429 or 5xx, so a blip does not end a long turn; more would keep the person waiting. */
export const MAX_RETRIES = 1;
/** A stream that sends nothing for this long once it has started is treated as broken. */
const CHUNK_TIMEOUT_MS = 120_000;

/**
 * Runs the model until it answers without tool calls ('done'), until `maxSteps` model calls
 * ('max-steps'), or until `signal` aborts ('stopped'). A provider error is thrown as the SDK
 * raised it (explain it with `explainProviderError`).
 */
export async function runAgentTurn(options: AgentTurnOptions): Promise<{ finish: AgentFinish }> {
  const { signal } = options;
  const messages = [...options.history];
  const { streamText } = await aiRuntime();
  const given = options.tools;
  const fixed = typeof given === 'function' ? undefined : await modelToolSet(given);
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  for (let step = 0; step < maxSteps; step++) {
    if (signal.aborted) return { finish: 'stopped' };
    options.onStepStart?.();
    const tools = typeof given === 'function' ? await modelToolSet(given()) : fixed;
    const result = streamText({
      model: options.model,
      system: options.system,
      temperature: options.temperature,
      providerOptions: options.providerOptions,
      messages,
      tools,
      maxRetries: MAX_RETRIES,
      abortSignal: signal,
      timeout: { chunkMs: CHUNK_TIMEOUT_MS },
      onError: () => {},
    });
    const calls: AgentToolCall[] = [];
    let ending: FinishReason | undefined;
    let redacted = false;
    try {
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') options.onTextDelta(part.text);
        else if (part.type === 'reasoning-start') {
          redacted = part.providerMetadata?.anthropic?.redactedData !== undefined;
          options.onReasoningStart?.();
        } else if (part.type === 'reasoning-delta') options.onReasoningDelta?.(part.text);
        else if (part.type === 'reasoning-end') options.onReasoningEnd?.(redacted);
        else if (part.type === 'tool-input-start' && !part.providerExecuted)
          options.onToolInputStart?.(part.id, part.toolName);
        else if (part.type === 'tool-input-delta') options.onToolInputDelta?.(part.id, part.delta);
        else if (part.type === 'tool-call')
          calls.push({ id: part.toolCallId, name: part.toolName, args: part.input });
        else if (part.type === 'finish-step') {
          ending = part.finishReason;
          options.onStepFinish?.({
            inputTokens: part.usage.inputTokens,
            outputTokens: part.usage.outputTokens,
          });
        } else if (part.type === 'error') throw part.error;
        else if (part.type === 'abort' && !signal.aborted)
          throw new ReplyCutOffError(abortReason(part.reason));
      }
    } catch (error) {
      if (signal.aborted) return { finish: 'stopped' };
      throw error;
    }
    if (signal.aborted) return { finish: 'stopped' };
    if (ending === undefined || ending === 'interrupted' || ending === 'error') {
      throw new ReplyCutOffError({ id: 'host.provider.cutOffReason.streamEnded' });
    }
    if (calls.length === 0) return { finish: 'done' };
    const views = await options.onToolCalls(calls);
    if (signal.aborted) return { finish: 'stopped' };
    const answered = (await result.response).messages
      .filter((message) => message.role !== 'tool')
      .map((message) => (options.sendReasoningBack ? message : withoutReasoning(message)));
    messages.push(...answered, {
      role: 'tool',
      content: calls.map((call) => ({
        type: 'tool-result' as const,
        toolCallId: call.id,
        toolName: call.name,
        output: toolResultOutput(
          views.find((view) => view.id === call.id) ?? { status: 'cancelled' },
          options.supportsVision ?? false,
          options.resultChars,
        ),
      })),
    });
  }
  return { finish: 'max-steps' };
}

/** An assistant message without the model's thinking, for providers that must not be sent it back. */
function withoutReasoning(message: ModelMessage): ModelMessage {
  if (message.role !== 'assistant' || typeof message.content === 'string') return message;
  return { ...message, content: message.content.filter((part) => part.type !== 'reasoning') };
}

function abortReason(reason: string | undefined): HostText {
  return reason?.includes('TimeoutError')
    ? { id: 'host.provider.cutOffReason.silent', values: { seconds: String(CHUNK_TIMEOUT_MS / 1000) } }
    : { id: 'host.provider.cutOffReason.aborted' };
}
