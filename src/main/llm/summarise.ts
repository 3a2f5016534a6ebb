// Older messages summarised by the same model that reads them, a part at a time when they would not fit its window at once.
import type { LanguageModel } from 'ai';
import { charsOf } from '../../shared/tokens';
import { MAX_RETRIES } from './agentLoop';
import { aiRuntime } from './aiRuntime';

/** What the model is told it is doing, and what to keep. */
export const SUMMARY_INSTRUCTIONS =
  'You write the summary that takes the place of the earlier part of a conversation between a person and a model that can use tools, so that the model can go on without it. Keep what the person wants and asked for, what was decided and done, facts, names, numbers, file paths and open questions, which tools were called and what they found. Tool results are named by ids like r-AbC123xy: keep the id wherever a result matters, since the model can read it again with read_result. Write plain text in the language of the conversation, with no preamble.';

/** The words that start every request for a summary (tests script the model by them). */
export const SUMMARY_REQUEST = 'Summarise this part of the conversation:';

/** The share of the window one part of the transcript may take. */
const PART_SHARE = 0.5;

export type SummaryOptions = {
  /** The model's context window in tokens, or a guess at it. */
  windowTokens: number;
  signal?: AbortSignal;
};

/** A summary of `transcript`, after `earlier` (what an earlier summary said) when there is one. */
export async function summarise(
  model: LanguageModel,
  transcript: string,
  earlier: string | undefined,
  options: SummaryOptions,
): Promise<string> {
  const { generateText } = await aiRuntime();
  const partChars = Math.max(2_000, Math.floor(charsOf(options.windowTokens) * PART_SHARE));
  const maxOutputTokens = Math.max(256, Math.min(4_000, Math.floor(options.windowTokens * 0.15)));
  let summary = earlier;
  for (let at = 0; at < transcript.length; at += partChars) {
    const part = transcript.slice(at, at + partChars);
    const before = summary ? `What an earlier summary said:\n${summary}\n\n` : '';
    const { text } = await generateText({
      model,
      system: SUMMARY_INSTRUCTIONS,
      messages: [{ role: 'user', content: `${before}${SUMMARY_REQUEST}\n\n${part}` }],
      maxOutputTokens,
      maxRetries: MAX_RETRIES,
      abortSignal: options.signal,
    });
    summary = text.trim();
  }
  return summary ?? '';
}
