// Conversations as a page gets them: attached resources and tool results keep a short start of anything large
// (the stored conversation, which the model reads, keeps everything).
import type { AssistantPart, ChatMessage, Conversation } from '../../shared/chat';
import type { ContextItem, ResourceContentsView } from '../../shared/resources';
import type { ContentBlock, ToolCallResult } from '../../shared/types';
import { boundJson } from '../json/bounded';
import { RESULT_PREVIEW_CHARS } from '../payloads/resultPreview';

const CONTEXT_TEXT_KEPT = 4 * 1024;
const CONTEXT_BLOB_KEPT = 64 * 1024;
const RESULT_DATA_KEPT = 4 * 1024 * 1024;

function partForPage(content: ResourceContentsView): ResourceContentsView {
  const { uri, mimeType, text, blob } = content;
  const head = { uri, ...(mimeType !== undefined ? { mimeType } : {}) };
  if (text !== undefined && text.length > CONTEXT_TEXT_KEPT)
    return { ...head, text: text.slice(0, CONTEXT_TEXT_KEPT), truncated: { length: text.length } };
  if (blob !== undefined && blob.length > CONTEXT_BLOB_KEPT)
    return { ...head, truncated: { length: blob.length } };
  return content;
}

function itemForPage(item: ContextItem): ContextItem {
  return item.kind === 'resource' ? { ...item, contents: item.contents.map(partForPage) } : item;
}

function cut(text: string): string {
  if (text.length <= RESULT_PREVIEW_CHARS) return text;
  const rest = (text.length - RESULT_PREVIEW_CHARS).toLocaleString('en');
  return `${text.slice(0, RESULT_PREVIEW_CHARS)}… (${rest} more characters, not shown here; the model reads up to the limit set in Settings → Chat)`;
}

function blockForPage(block: ContentBlock): ContentBlock {
  switch (block.type) {
    case 'text':
      return block.text.length > RESULT_PREVIEW_CHARS ? { type: 'text', text: cut(block.text) } : block;
    case 'image':
    case 'audio':
      return block.data.length > RESULT_DATA_KEPT
        ? { type: 'text', text: `[${block.type} of ${block.mimeType}, too large to show here]` }
        : block;
    case 'resource': {
      const { text, blob } = block.resource;
      if (text !== undefined && text.length > RESULT_PREVIEW_CHARS)
        return { ...block, resource: { ...block.resource, text: cut(text) } };
      if (blob !== undefined && blob.length > RESULT_DATA_KEPT) {
        const { blob: _blob, ...rest } = block.resource;
        return { ...block, resource: { ...rest, text: '[binary data too large to show here]' } };
      }
      return block;
    }
    default:
      return block;
  }
}

/** A reply is sent again at each change of one of its calls: each result is cut for the page once. */
const cutResults = new WeakMap<ToolCallResult, ToolCallResult>();

function resultForPage(result: ToolCallResult): ToolCallResult {
  let cut = cutResults.get(result);
  if (!cut) {
    cut = cutResult(result);
    cutResults.set(result, cut);
  }
  return cut;
}

function cutResult(result: ToolCallResult): ToolCallResult {
  const large =
    result.structuredContent !== undefined && boundJson(result.structuredContent).size > RESULT_PREVIEW_CHARS;
  return {
    ...result,
    content: result.content.map(blockForPage),
    ...(large ? { structuredContent: '[structured content too large to show here]' } : {}),
  };
}

function assistantPartForPage(part: AssistantPart): AssistantPart {
  if (part.type !== 'tool' || !part.call.result) return part;
  const { kept } = part.call;
  // The page shows the result itself; the start the model was given is only its first characters.
  const shownKept = kept && { ...kept, start: undefined };
  return {
    type: 'tool',
    call: {
      ...part.call,
      result: resultForPage(part.call.result),
      ...(shownKept ? { kept: shownKept } : {}),
    },
  };
}

export function messageForPage(message: ChatMessage): ChatMessage {
  if (message.role === 'assistant') {
    if (!message.parts.some((part) => part.type === 'tool' && part.call.result)) return message;
    return { ...message, parts: message.parts.map(assistantPartForPage) };
  }
  if (!message.context?.length) return message;
  return { ...message, context: message.context.map(itemForPage) };
}

export function conversationForPage(conversation: Conversation): Conversation {
  return { ...conversation, messages: conversation.messages.map(messageForPage) };
}
