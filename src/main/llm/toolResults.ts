// Tool results as the text (and images) a model reads: a long result kept by the host gives its start and how to read on.
import type { ModelMessage, ToolResultPart } from 'ai';
import { DEFAULT_TOOL_RESULT_TOKENS, type ToolCallView } from '../../shared/chat';
import { reachesModel, WITHHELD_NOTE } from '../../shared/flow';
import { type KeptResult, keptResultNote, READ_RESULT_TOOL } from '../../shared/keptResults';
import { charsOf } from '../../shared/tokens';
import type { ToolCallResult } from '../../shared/types';
import { blockText, IMAGE_OMITTED } from './blockText';

export type ToolResultOutput = ToolResultPart['output'];
type OutputPart = Extract<ToolResultOutput, { type: 'content' }>['value'][number];

/** Characters of one result's text the model reads when nothing else is said. */
export const DEFAULT_RESULT_CHARS = charsOf(DEFAULT_TOOL_RESULT_TOKENS);

/** One `tool` message answering every call of a step, in order. */
export function toolMessage(
  calls: readonly ToolCallView[],
  supportsVision: boolean,
  resultChars = DEFAULT_RESULT_CHARS,
): ModelMessage {
  return {
    role: 'tool',
    content: calls.map((call) => ({
      type: 'tool-result',
      toolCallId: call.id,
      toolName: call.name,
      output: toolResultOutput(call, supportsVision, resultChars),
    })),
  };
}

/**
 * What the model reads for a finished (or unfinished) call. The live loop and reloaded conversations both use
 * this, so the model sees the same words either way. A result the host kept (`kept`) gives its start and a note
 * of its size, shape and how to read on; text of an older result past `limit` characters is cut, with a marker.
 */
export function toolResultOutput(
  call: Pick<ToolCallView, 'status' | 'result' | 'error' | 'review' | 'kept'> &
    Partial<Pick<ToolCallView, 'host' | 'tool'>>,
  supportsVision: boolean,
  limit = DEFAULT_RESULT_CHARS,
): ToolResultOutput {
  // A result the person has not given (withheld, or still waiting when the reply stopped) never reaches the model.
  if (!reachesModel(call)) return { type: 'text', value: WITHHELD_NOTE };
  switch (call.status) {
    case 'denied':
      return { type: 'text', value: 'The person declined this tool call.' };
    case 'waiting':
    case 'running':
    case 'cancelled':
      return { type: 'text', value: 'The tool call was cancelled.' };
    case 'failed':
      return { type: 'text', value: `The tool call failed: ${call.error ?? 'no reason given'}` };
    case 'done':
      break;
  }
  const result = call.result ?? { content: [] };
  if (call.kept?.start !== undefined) return keptOutput(call.kept, result, supportsVision);
  const parts = resultParts(result, supportsVision);
  // What read_result answers is already a piece of at most the budget, with a line saying which: never cut again.
  if (!(call.host && call.tool === READ_RESULT_TOOL)) cutText(parts, limit);
  if (parts.every((part) => part.type === 'text')) {
    return { type: 'text', value: parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n') };
  }
  return { type: 'content', value: parts };
}

/** A kept result: its start and the note on how to read on, then its images (or a note for each it cannot see). */
function keptOutput(kept: KeptResult, result: ToolCallResult, supportsVision: boolean): ToolResultOutput {
  const images = result.content.filter((block) => block.type === 'image' && block.data);
  const text = [kept.start ?? '', keptResultNote(kept)];
  if (!supportsVision) text.push(...images.map(() => IMAGE_OMITTED));
  if (!supportsVision || images.length === 0) return { type: 'text', value: text.join('\n') };
  return {
    type: 'content',
    value: [
      { type: 'text', text: text.join('\n') },
      ...images.map((block): OutputPart => {
        const image = block as Extract<typeof block, { type: 'image' }>;
        return { type: 'file', mediaType: image.mimeType, data: { type: 'data', data: image.data } };
      }),
    ],
  };
}

/** The whole text a model that sees images would read of `result` (its images left out). */
export function resultText(result: ToolCallResult): string {
  return resultParts(result, true)
    .flatMap((part) => (part.type === 'text' ? [part.text] : []))
    .join('\n');
}

/** A result's blocks as parts: text blocks run together, images as files where the model sees them. */
function resultParts(result: ToolCallResult, supportsVision: boolean): OutputPart[] {
  const parts: OutputPart[] = [];
  const addText = (text: string) => {
    const last = parts.at(-1);
    if (last?.type === 'text') parts[parts.length - 1] = { type: 'text', text: `${last.text}\n${text}` };
    else parts.push({ type: 'text', text });
  };
  if (result.isError) addText('The tool reported an error:');
  for (const block of result.content) {
    if (block.type === 'image' && supportsVision && block.data) {
      parts.push({ type: 'file', mediaType: block.mimeType, data: { type: 'data', data: block.data } });
    } else {
      addText(blockText(block));
    }
  }
  const structured = result.structuredContent;
  const addStructured = structured !== undefined && !repeatsStructured(result.content, structured);
  if (addStructured) addText(JSON.stringify(structured));
  if (result.content.length === 0 && !addStructured) addText('(The tool returned no content.)');
  return parts;
}

/** Cuts the text parts to `limit` characters in all (images stay), ending with a marker that says what was left out. */
function cutText(parts: OutputPart[], limit: number): void {
  const total = parts.reduce((sum, part) => sum + (part.type === 'text' ? part.text.length : 0), 0);
  if (total <= limit) return;
  let left = limit;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index];
    if (part?.type !== 'text') continue;
    parts[index] = { type: 'text', text: part.text.slice(0, Math.max(0, left)) };
    left -= part.text.length;
  }
  const kept = parts.filter((part) => part.type !== 'text' || part.text.length > 0);
  parts.splice(0, parts.length, ...kept);
  parts.push({ type: 'text', text: truncationMarker(limit, total) });
}

/** The words the model reads where a tool result was cut. */
export function truncationMarker(limit: number, total: number): string {
  const number = (value: number) => value.toLocaleString('en');
  return `[Result truncated for the model: only the first ${number(limit)} of ${number(total)} characters are included. The person can see the whole result; ask them, or call the tool for less.]`;
}

/** Servers usually repeat structured content as a JSON text block; do not send it twice. */
function repeatsStructured(content: ToolCallResult['content'], structured: unknown): boolean {
  const wanted = JSON.stringify(structured);
  return content.some((block) => {
    if (block.type !== 'text') return false;
    try {
      return JSON.stringify(JSON.parse(block.text)) === wanted;
    } catch {
      return false;
    }
  });
}
