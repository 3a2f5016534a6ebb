// Stored conversations as the AI SDK's messages: the person's messages with what they attached, replies as steps.
import type { AssistantContent, ModelMessage, UserContent } from 'ai';
import type { AssistantMessage, ChatMessage, ToolCallView, UserMessage } from '../../shared/chat';
import type { ContextItem } from '../../shared/resources';
import type { ContentBlock } from '../../shared/types';
import { skillForModel } from '../skills/skillText';
import { base64Size, blockText, contentsText, isImage } from './blockText';
import { type AttachedFiles, fileParts } from './fileParts';
import { DEFAULT_RESULT_CHARS, toolMessage } from './toolResults';

const NO_FILES: AttachedFiles = new Map();

export type HistoryOptions = {
  /** Whether images reach the model (see `supportsVision`). */
  vision: boolean;
  /** The bytes of attached files by id. */
  files?: AttachedFiles;
  /** Characters of one tool result the model reads at once (see `toolResultOutput`). */
  resultChars?: number;
};

/**
 * The conversation for the model. Unfinished tool calls (an interrupted turn) read as cancelled;
 * attached files are read from `files`.
 */
export function toModelMessages(messages: readonly ChatMessage[], options: HistoryOptions): ModelMessage[] {
  const { vision, files = NO_FILES, resultChars = DEFAULT_RESULT_CHARS } = options;
  const out: ModelMessage[] = [];
  for (const message of messages) {
    if (message.role === 'user') out.push(...userMessages(message, vision, files));
    else out.push(...assistantMessages(message, vision, resultChars));
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

function imagePart(data: string, mediaType: string): UserPart {
  return { type: 'file', mediaType, data: { type: 'data', data } };
}

/** An assistant reply as steps: text and tool calls, then one tool message with their results. */
function assistantMessages(
  message: AssistantMessage,
  supportsVision: boolean,
  resultChars: number,
): ModelMessage[] {
  const out: ModelMessage[] = [];
  let content: Exclude<AssistantContent, string> = [];
  let calls: ToolCallView[] = [];
  const flush = () => {
    if (content.length) out.push({ role: 'assistant', content });
    if (calls.length) out.push(toolMessage(calls, supportsVision, resultChars));
    content = [];
    calls = [];
  };
  for (const part of message.parts) {
    // What the model thought is never sent back: no provider needs it from earlier replies.
    if (part.type === 'reasoning') continue;
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
