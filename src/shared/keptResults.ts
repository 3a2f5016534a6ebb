// Tool results too long for the model to read at once: what the host keeps, and the words the model and the person read.
import { hostToolName } from './hostToolNames';

/** The host tool the model reads a kept result with. */
export const READ_RESULT_TOOL = 'read_result';

/** A tool result kept whole by the host, on disk with its conversation: what the model was given of it. */
export type KeptResult = {
  /** The id the model reads it by (`read_result`). */
  id: string;
  /** Characters in the whole text the model would have read. */
  chars: number;
  /** Lines in it. */
  lines: number;
  /** Characters of its start the model was given. */
  given: number;
  /** The start itself; absent where a page gets the conversation (the card shows the result instead). */
  start?: string;
  /** Its shape in words when it is JSON (the top-level keys and the lengths of arrays). */
  shape?: string;
  /** A path into it to show the model how `path` reads a part, when it is JSON. */
  examplePath?: string;
};

const number = (value: number) => value.toLocaleString('en');

/** What the model reads after the start of a kept result, and the card shows: its size, shape and how to read on. */
export function keptResultNote(kept: KeptResult): string {
  const next = JSON.stringify({ id: kept.id, offset: kept.given, length: kept.given });
  const lines = [
    `[This result is ${number(kept.chars)} characters (${number(kept.lines)} line${kept.lines === 1 ? '' : 's'}); above are the first ${number(kept.given)}. The host keeps it whole as "${kept.id}": call ${hostToolName(READ_RESULT_TOOL)} with ${next} to read on, or any other offset and length.`,
  ];
  if (kept.shape) {
    lines.push(
      `It is JSON: ${kept.shape}. To read one part, add a "path" such as ${JSON.stringify(kept.examplePath ?? '')} (offset and length then count within that part).`,
    );
  }
  return `${lines.join(' ')}]`;
}
