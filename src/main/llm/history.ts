// Stored conversations as the AI SDK's messages, and tool results as the text (and images) a model reads.
import type { AssistantContent, ModelMessage, ToolResultPart } from 'ai';
import type { AssistantMessage, ChatMessage, ToolCallView } from '../../shared/chat';
import type { ContentBlock, Json } from '../../shared/types';

export type ToolResultOutput = ToolResultPart['output'];
type OutputPart = Extract<ToolResultOutput, { type: 'content' }>['value'][number];

export const IMAGE_OMITTED = '[image omitted: the model cannot see images]';

/** The conversation for the model. Unfinished tool calls (an interrupted turn) read as cancelled. */
export function toModelMessages(messages: readonly ChatMessage[], supportsVision: boolean): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (const message of messages) {
    if (message.role === 'user') out.push({ role: 'user', content: message.text });
    else out.push(...assistantMessages(message, supportsVision));
  }
  return out;
}

/** An assistant reply as steps: text and tool calls, then one tool message with their results. */
function assistantMessages(message: AssistantMessage, supportsVision: boolean): ModelMessage[] {
  const out: ModelMessage[] = [];
  let content: Exclude<AssistantContent, string> = [];
  let calls: ToolCallView[] = [];
  const flush = () => {
    if (content.length) out.push({ role: 'assistant', content });
    if (calls.length) out.push(toolMessage(calls, supportsVision));
    content = [];
    calls = [];
  };
  for (const part of message.parts) {
    if (part.type === 'text') {
      if (!part.text) continue;
      if (calls.length) flush();
      content.push({ type: 'text', text: part.text });
    } else {
      content.push({
        type: 'tool-call',
        toolCallId: part.call.id,
        toolName: part.call.name,
        input: part.call.args,
      });
      calls.push(part.call);
    }
  }
  flush();
  return out;
}

/** One `tool` message answering every call of a step, in order. */
export function toolMessage(calls: readonly ToolCallView[], supportsVision: boolean): ModelMessage {
  return {
    role: 'tool',
    content: calls.map((call) => ({
      type: 'tool-result',
      toolCallId: call.id,
      toolName: call.name,
      output: toolResultOutput(call, supportsVision),
    })),
  };
}

/**
 * What the model reads for a finished (or unfinished) call. The live loop and reloaded
 * conversations both use this, so the model sees the same words either way.
 */
export function toolResultOutput(
  call: Pick<ToolCallView, 'status' | 'result' | 'error'>,
  supportsVision: boolean,
): ToolResultOutput {
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
  const parts: OutputPart[] = [];
  const addText = (text: string) => {
    const last = parts.at(-1);
    if (last?.type === 'text') parts[parts.length - 1] = { type: 'text', text: `${last.text}\n${text}` };
    else parts.push({ type: 'text', text });
  };
  if (result.isError) addText('The tool reported an error:');
  for (const block of result.content) {
    if (block.type === 'image' && supportsVision) {
      parts.push({ type: 'file', mediaType: block.mimeType, data: { type: 'data', data: block.data } });
    } else {
      addText(blockText(block));
    }
  }
  const structured = result.structuredContent;
  const addStructured = structured !== undefined && !repeatsStructured(result.content, structured);
  if (addStructured) addText(JSON.stringify(structured));
  if (result.content.length === 0 && !addStructured) addText('(The tool returned no content.)');
  if (parts.every((part) => part.type === 'text')) {
    return { type: 'text', value: parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n') };
  }
  return { type: 'content', value: parts };
}

function blockText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return IMAGE_OMITTED;
    case 'audio':
      return `[audio omitted (${block.mimeType}): the model cannot hear audio]`;
    case 'resource': {
      const { uri, mimeType, text, blob } = block.resource;
      if (text !== undefined) return `[resource ${uri}]\n${text}`;
      const size = blob === undefined ? 0 : base64Size(blob);
      return `[resource ${uri} omitted: ${mimeType ?? 'binary data'}, ${size} bytes]`;
    }
    case 'resource_link': {
      const about = block.description ? `: ${block.description}` : '';
      return `[resource link ${block.uri} (${block.title ?? block.name})${about}]`;
    }
  }
}

/** Servers usually repeat structured content as a JSON text block; do not send it twice. */
function repeatsStructured(content: readonly ContentBlock[], structured: Json): boolean {
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

function base64Size(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}
