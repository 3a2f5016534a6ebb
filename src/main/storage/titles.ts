// Conversation titles from the first message: the person's text, with the prompt or attachment it started from.
import type { UserMessage } from '../../shared/chat';

export const DEFAULT_TITLE = 'New conversation';
const TITLE_LENGTH = 60;

/**
 * A title for a conversation that starts with `message`: "Prompt title: first line of text" when
 * it began with a prompt, else the first line of text, else the first attachment's name.
 * Undefined when the message has nothing to name it by.
 */
export function titleFor(message: Pick<UserMessage, 'text' | 'context'>): string | undefined {
  const line = firstLine(message.text);
  const prompt = message.context?.find((item) => item.kind === 'prompt');
  if (prompt) {
    const label = prompt.title?.trim() || prompt.name;
    return clip(line ? `${label}: ${line}` : label);
  }
  if (line) return clip(line);
  for (const item of message.context ?? []) {
    if (item.kind === 'resource') return clip(item.name?.trim() || item.uri);
    if (item.kind === 'file') return clip(item.name);
    if (item.kind === 'skill') return clip(item.label);
  }
  return undefined;
}

/** The first non-blank line, with its spaces collapsed. */
function firstLine(text: string): string | undefined {
  return text
    .split('\n')
    .map((item) => item.trim().replace(/\s+/g, ' '))
    .find((item) => item !== '');
}

/** At most 60 characters, with an ellipsis when cut. */
function clip(text: string): string {
  const chars = [...text];
  return chars.length <= TITLE_LENGTH
    ? text
    : `${chars
        .slice(0, TITLE_LENGTH - 1)
        .join('')
        .trimEnd()}…`;
}
