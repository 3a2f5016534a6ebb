// Runs one approved sampling request on a model: streams the text and reports why it stopped and what it cost.
import { type LanguageModel, streamText } from 'ai';
import type { SamplingMessageView } from '../../shared/requests';
import { ReplyCutOffError } from '../llm/errors';
import { modelMessages, textLength } from './samplingMessages';

export type SamplingRunOptions = {
  model: LanguageModel;
  system?: string;
  messages: SamplingMessageView[];
  maxTokens: number;
  temperature?: number;
  stopSequences?: string[];
  signal: AbortSignal;
  onDelta(text: string): void;
};

export type SamplingRunResult = {
  text: string;
  stopReason: 'endTurn' | 'maxTokens' | 'stopSequence';
  /** Tokens in and out: the provider's count, else about four characters a token. */
  tokens: number;
};

/** One retry for a 429 or 5xx, as in chat. */
const MAX_RETRIES = 1;

/** Streams the reply; throws what the provider threw (explain it with `explainProviderError`). */
export async function runSampling(options: SamplingRunOptions): Promise<SamplingRunResult> {
  const { signal } = options;
  const result = streamText({
    model: options.model,
    system: options.system,
    messages: modelMessages(options.messages),
    maxOutputTokens: options.maxTokens,
    temperature: options.temperature,
    stopSequences: options.stopSequences?.length ? options.stopSequences : undefined,
    maxRetries: MAX_RETRIES,
    abortSignal: signal,
    onError: () => {},
  });
  let text = '';
  let finish: { reason: string; raw?: string; tokens?: number } | undefined;
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') {
      text += part.text;
      options.onDelta(part.text);
    } else if (part.type === 'finish') {
      const usage = part.totalUsage;
      const tokens =
        usage.totalTokens ??
        (usage.inputTokens !== undefined && usage.outputTokens !== undefined
          ? usage.inputTokens + usage.outputTokens
          : undefined);
      finish = { reason: part.finishReason, raw: part.rawFinishReason, tokens };
    } else if (part.type === 'error') throw part.error;
    else if (part.type === 'abort' && !signal.aborted) throw new ReplyCutOffError('the request was aborted');
  }
  if (signal.aborted) throw signal.reason;
  if (!finish || finish.reason === 'error' || finish.reason === 'interrupted') {
    throw new ReplyCutOffError('the stream ended before the model finished');
  }
  const estimate = Math.ceil((textLength(options.messages, options.system) + text.length) / 4);
  return { text, stopReason: stopReason(finish.reason, finish.raw), tokens: finish.tokens ?? estimate };
}

// Providers that name a stop sequence say so in their raw reason (Anthropic: stop_sequence); others say only "stop".
function stopReason(reason: string, raw: string | undefined): SamplingRunResult['stopReason'] {
  if (reason === 'length') return 'maxTokens';
  if (raw && /stop_?sequence/i.test(raw)) return 'stopSequence';
  return 'endTurn';
}
