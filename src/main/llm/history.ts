// Stored conversations as the AI SDK's messages, and tool results as the text (and images) a model reads.
import type { AssistantContent, ModelMessage, ToolResultPart, UserContent } from 'ai';
import {
  type AssistantMessage,
  type ChatMessage,
  DEFAULT_TOOL_RESULT_LIMIT,
  type ToolCallView,
  type UserMessage,
} from '../../shared/chat';
import { WITHHELD_NOTE } from '../../shared/flow';
import type { ContextItem, ResourceContentsView } from '../../shared/resources';
import type { ContentBlock, Json } from '../../shared/types';
import { skillForModel } from '../skills/skillText';
import { type AttachedFiles, fileParts } from './fileParts';

export type ToolResultOutput = ToolResultPart['output'];
type OutputPart = Extract<ToolResultOutput, { type: 'content' }>['value'][number];

export const IMAGE_OMITTED = '[image omitted: the model cannot see images]';

const NO_FILES: AttachedFiles = new Map();

/**
 * The conversation for the model. Unfinished tool calls (an interrupted turn) read as cancelled;
 * attached files are read from `files`.
 */
export function toModelMessages(
  messages: readonly ChatMessage[],
  supportsVision: boolean,
  files: AttachedFiles = NO_FILES,
  toolResultLimit = DEFAULT_TOOL_RESULT_LIMIT,
): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (const message of messages) {
    if (message.role === 'user') out.push(...userMessages(message, supportsVision, files));
    else out.push(...assistantMessages(message, supportsVision, toolResultLimit));
  }
  return out;
}

type UserPart = Exclude<UserContent, string>[number];

/**
 * The person's message with what they attached: each prompt's messages in order (its assistant
 * turns as assistant messages), then attached resources and files and their own text in one user message.
 */
function userMessages(message: UserMessage, supportsVision: boolean, files: AttachedFiles): ModelMessage[] {
  if (!message.context?.length) return [{ role: 'user', content: message.text }];
  const out: ModelMessage[] = [];
  let pending: UserPart[] = [];
  const flush = () => {
    if (pending.length) out.push({ role: 'user', content: pending });
    pending = [];
  };
  for (const item of message.context) {
    if (item.kind === 'prompt') {
      for (const { role, content } of item.messages) {
        if (role === 'user') {
          pending.push(...blockParts(content, supportsVision));
        } else {
          flush();
          const text =
            content.type === 'image' ? `[image omitted (${content.mimeType})]` : blockText(content, false);
          out.push({ role: 'assistant', content: [{ type: 'text', text }] });
        }
      }
    } else if (item.kind === 'app') {
      pending.push({
        type: 'text',
        text: `Context from the app view of ${item.tool} (server ${item.server}), shown to the person before sending:\n${item.text}`,
      });
    } else if (item.kind === 'file') {
      pending.push(...fileParts(item, files, supportsVision));
    } else if (item.kind === 'skill') {
      const text = item.text ?? '(The skill was not loaded.)';
      pending.push({ type: 'text', text: skillForModel(item, text, item.files) });
    } else {
      pending.push(...resourceParts(item, supportsVision));
    }
  }
  if (message.text) pending.push({ type: 'text', text: message.text });
  flush();
  return out;
}

/** One prompt content block as user parts: images as files when the model sees them, the rest as text. */
function blockParts(block: ContentBlock, supportsVision: boolean): UserPart[] {
  if (block.type === 'image' && supportsVision) return [imagePart(block.data, block.mimeType)];
  if (block.type === 'resource') {
    const { uri, mimeType, blob } = block.resource;
    if (blob !== undefined && supportsVision && isImage(mimeType)) {
      return [{ type: 'text', text: `Resource ${uri} (${mimeType}):` }, imagePart(blob, mimeType ?? 'image')];
    }
  }
  return [{ type: 'text', text: blockText(block, false) }];
}

function resourceParts(
  item: Extract<ContextItem, { kind: 'resource' }>,
  supportsVision: boolean,
): UserPart[] {
  if (item.contents.length === 0) return [{ type: 'text', text: `Attached resource ${item.uri}: (empty)` }];
  return item.contents.flatMap((contents): UserPart[] => {
    const header = `Attached resource ${contents.uri || item.uri} (${contents.mimeType ?? 'unknown type'}):`;
    const text = contentsText(contents);
    if (text !== undefined) return [{ type: 'text', text: `${header}\n${text}` }];
    const blob = contents.blob ?? '';
    if (supportsVision && isImage(contents.mimeType)) {
      return [{ type: 'text', text: header }, imagePart(blob, contents.mimeType ?? 'image')];
    }
    const what = isImage(contents.mimeType) ? 'the model cannot see images' : 'binary data';
    return [{ type: 'text', text: `${header}\n[${base64Size(blob)} bytes omitted: ${what}]` }];
  });
}

/** A resource's text, also when a text type (plain, markdown, JSON, XML) came as a blob. */
function contentsText(contents: ResourceContentsView): string | undefined {
  if (contents.text !== undefined) return contents.text;
  if (contents.blob === undefined) return '';
  const mime = (contents.mimeType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const textual = mime.startsWith('text/') || /^application\/([\w.-]+\+)?(json|xml)$/.test(mime);
  return textual ? Buffer.from(contents.blob, 'base64').toString('utf8') : undefined;
}

function imagePart(data: string, mediaType: string): UserPart {
  return { type: 'file', mediaType, data: { type: 'data', data } };
}

function isImage(mimeType: string | undefined): boolean {
  return mimeType?.toLowerCase().startsWith('image/') ?? false;
}

/** An assistant reply as steps: text and tool calls, then one tool message with their results. */
function assistantMessages(
  message: AssistantMessage,
  supportsVision: boolean,
  toolResultLimit: number,
): ModelMessage[] {
  const out: ModelMessage[] = [];
  let content: Exclude<AssistantContent, string> = [];
  let calls: ToolCallView[] = [];
  const flush = () => {
    if (content.length) out.push({ role: 'assistant', content });
    if (calls.length) out.push(toolMessage(calls, supportsVision, toolResultLimit));
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
export function toolMessage(
  calls: readonly ToolCallView[],
  supportsVision: boolean,
  toolResultLimit = DEFAULT_TOOL_RESULT_LIMIT,
): ModelMessage {
  return {
    role: 'tool',
    content: calls.map((call) => ({
      type: 'tool-result',
      toolCallId: call.id,
      toolName: call.name,
      output: toolResultOutput(call, supportsVision, toolResultLimit),
    })),
  };
}

/**
 * What the model reads for a finished (or unfinished) call. The live loop and reloaded
 * conversations both use this, so the model sees the same words either way. Text past `limit`
 * characters is cut, and the model is told so.
 */
export function toolResultOutput(
  call: Pick<ToolCallView, 'status' | 'result' | 'error' | 'review'>,
  supportsVision: boolean,
  limit = DEFAULT_TOOL_RESULT_LIMIT,
): ToolResultOutput {
  // A result the person has not given (withheld, or still waiting when the reply stopped) never reaches the model.
  if (call.review !== undefined && call.review !== 'given') return { type: 'text', value: WITHHELD_NOTE };
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
  cutText(parts, limit);
  if (parts.every((part) => part.type === 'text')) {
    return { type: 'text', value: parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n') };
  }
  return { type: 'content', value: parts };
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

/** A content block as text; `toolStyle` keeps the wording tool results have always had. */
function blockText(block: ContentBlock, toolStyle = true): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return IMAGE_OMITTED;
    case 'audio':
      return `[audio omitted (${block.mimeType}): the model cannot hear audio]`;
    case 'resource': {
      const { uri, mimeType, text, blob } = block.resource;
      if (!toolStyle) {
        const header = `Resource ${uri} (${mimeType ?? 'unknown type'}):`;
        const readable = contentsText(block.resource);
        if (readable !== undefined) return `${header}\n${readable}`;
        const what = isImage(mimeType) ? 'the model cannot see images' : 'binary data';
        return `${header}\n[${blob === undefined ? 0 : base64Size(blob)} bytes omitted: ${what}]`;
      }
      if (text !== undefined) return `[resource ${uri}]\n${text}`;
      const size = blob === undefined ? 0 : base64Size(blob);
      return `[resource ${uri} omitted: ${mimeType ?? 'binary data'}, ${size} bytes]`;
    }
    case 'resource_link': {
      const about = block.description ? `: ${block.description}` : '';
      return `[resource link ${block.uri} (${block.title ?? block.name})${about}]`;
    }
    default:
      return `[content of an unknown kind omitted: ${(block as { type?: unknown }).type}]`;
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
