// A reply's parts as streamed text arrives: the answer and the thinking each grow at the end, the same in host and page.
import type { AssistantPart } from './chat';

/** `parts` with `text` added to the last text part, or in a new one after a tool card or thinking. */
export function appendText(parts: readonly AssistantPart[], text: string): AssistantPart[] {
  const next = [...parts];
  const last = next.at(-1);
  if (last?.type === 'text') next[next.length - 1] = { type: 'text', text: last.text + text };
  else next.push({ type: 'text', text });
  return next;
}

/** `parts` with `text` added to the last part when it is thinking, or in a new thinking part. */
export function appendReasoning(parts: readonly AssistantPart[], text: string): AssistantPart[] {
  const next = [...parts];
  const last = next.at(-1);
  if (last?.type === 'reasoning') next[next.length - 1] = { ...last, text: last.text + text };
  else next.push({ type: 'reasoning', text });
  return next;
}
