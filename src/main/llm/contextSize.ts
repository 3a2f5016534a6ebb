// About how many tokens a request holds, counted from characters: each message measured once, images at a flat rate.
import type { ModelMessage } from 'ai';
import { estimateTokens } from '../../shared/tokens';

/** What providers charge for an image of ordinary size, about; its base64 characters would overstate it many times. */
const IMAGE_TOKENS = 1_600;

/** Tokens of one model message, about. */
export function messageTokens(message: ModelMessage): number {
  let chars = 0;
  let images = 0;
  const walk = (value: unknown): void => {
    if (typeof value === 'string') chars += value.length;
    else if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (record.type === 'file' || record.type === 'image') {
        images++;
        return;
      }
      for (const [key, item] of Object.entries(record)) {
        chars += key.length;
        walk(item);
      }
    }
  };
  walk(message.content);
  return estimateTokens(chars) + images * IMAGE_TOKENS + 4;
}

/** Tokens of a whole request, about: its system prompt, tool definitions and messages. */
export function requestTokens(request: {
  system?: string;
  tools?: readonly object[];
  messages: readonly ModelMessage[];
}): number {
  const tools = request.tools?.length ? estimateTokens(JSON.stringify(request.tools).length) : 0;
  let total = estimateTokens(request.system?.length ?? 0) + tools;
  for (const message of request.messages) total += messageTokens(message);
  return total;
}
