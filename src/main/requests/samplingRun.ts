// Runs one approved sampling request on a model: streams the text and reports why it stopped and what it cost.
import type { LanguageModel } from 'ai';
import type { SamplingMessageView, SamplingToolUse, SamplingToolView } from '../../shared/requests';
import { estimateTokens } from '../../shared/tokens';
import { aiRuntime, modelToolSet } from '../llm/aiRuntime';
import { ReplyCutOffError } from '../llm/errors';
import { modelMessages, textLength } from './samplingMessages';
import { toolUse } from './samplingTools';

export type SamplingRunOptions = {
  model: LanguageModel;
  system?: string;
  messages: SamplingMessageView[];
  maxTokens: number;
  temperature?: number;
  stopSequences?: string[];
  /** The server's tools the model may ask for (never run here); none when absent. */
  tools?: SamplingToolView[];
  toolChoice?: 'auto' | 'required' | 'none';
  signal: AbortSignal;
  onDelta(text: string): void;
};

export type SamplingRunResult = {
  text: string;
  stopReason: 'endTurn' | 'maxTokens' | 'stopSequence' | 'toolUse';
  /** The model's requests for the server's tools, for the server to run. */
  toolCalls: SamplingToolUse[];
  /** Tokens in and out: the provider's count, else about four characters a token. */
  tokens: number;
};

/** One retry for a 429 or 5xx, as in chat. */
const MAX_RETRIES = 1;

/** Streams the reply; throws what the provider threw (explain it with `explainProviderError`). */
export async function runSampling(options: SamplingRunOptions): Promise<SamplingRunResult> {
  const { signal } = options;
  const offered = options.toolChoice === 'none' ? [] : (options.tools ?? []);
  const { streamText } = await aiRuntime();
  const tools = offered.length > 0 ? await modelToolSet(offered) : undefined;
  const result = streamText({
    model: options.model,
    system: options.system,
    messages: modelMessages(options.messages),
    maxOutputTokens: options.maxTokens,
    temperature: options.temperature,
    stopSequences: options.stopSequences?.length ? options.stopSequences : undefined,
    ...(offered.length > 0
      ? {
          tools,
          toolChoice: options.toolChoice === 'required' ? 'required' : 'auto',
        }
      : {}),
    maxRetries: MAX_RETRIES,
    abortSignal: signal,
    onError: () => {},
  });
  let text = '';
  const toolCalls: SamplingToolUse[] = [];
  let finish: { reason: string; raw?: string; tokens?: number } | undefined;
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') {
      text += part.text;
      options.onDelta(part.text);
    } else if (part.type === 'tool-call') {
      const call = toolUse(part, offered);
      if (call) toolCalls.push(call);
    } else if (part.type === 'finish') {
      const usage = part.totalUsage;
      const tokens =
        usage.totalTokens ??
        (usage.inputTokens !== undefined && usage.outputTokens !== undefined
          ? usage.inputTokens + usage.outputTokens
          : undefined);
      finish = { reason: part.finishReason, raw: part.rawFinishReason, tokens };
    } else if (part.type === 'error') throw part.error;
    else if (part.type === 'abort' && !signal.aborted)
      throw new ReplyCutOffError({ id: 'host.provider.cutOffReason.aborted' });
  }
  if (signal.aborted) throw signal.reason;
  if (!finish || finish.reason === 'error' || finish.reason === 'interrupted') {
    throw new ReplyCutOffError({ id: 'host.provider.cutOffReason.streamEnded' });
  }
  const estimate = estimateTokens(textLength(options.messages, options.system) + text.length);
  return {
    text,
    stopReason: toolCalls.length > 0 ? 'toolUse' : stopReason(finish.reason, finish.raw),
    toolCalls,
    tokens: finish.tokens ?? estimate,
  };
}

// Providers that name a stop sequence say so in their raw reason (Anthropic: stop_sequence); others say only "stop".
function stopReason(reason: string, raw: string | undefined): 'endTurn' | 'maxTokens' | 'stopSequence' {
  if (reason === 'length') return 'maxTokens';
  if (raw && /stop_?sequence/i.test(raw)) return 'stopSequence';
  return 'endTurn';
}
