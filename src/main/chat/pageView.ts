// Conversations as a page gets them: an attached resource keeps a short start of each part, not megabytes
// (the stored conversation, which the model reads, keeps everything).
import type { ChatMessage, Conversation } from '../../shared/chat';
import type { ContextItem, ResourceContentsView } from '../../shared/resources';

const TEXT_KEPT = 4 * 1024;
const BLOB_KEPT = 64 * 1024;

function partForPage(content: ResourceContentsView): ResourceContentsView {
  const { uri, mimeType, text, blob } = content;
  const head = { uri, ...(mimeType !== undefined ? { mimeType } : {}) };
  if (text !== undefined && text.length > TEXT_KEPT)
    return { ...head, text: text.slice(0, TEXT_KEPT), truncated: { length: text.length } };
  if (blob !== undefined && blob.length > BLOB_KEPT) return { ...head, truncated: { length: blob.length } };
  return content;
}

function itemForPage(item: ContextItem): ContextItem {
  return item.kind === 'resource' ? { ...item, contents: item.contents.map(partForPage) } : item;
}

export function messageForPage(message: ChatMessage): ChatMessage {
  if (message.role !== 'user' || !message.context?.length) return message;
  return { ...message, context: message.context.map(itemForPage) };
}

export function conversationForPage(conversation: Conversation): Conversation {
  return { ...conversation, messages: conversation.messages.map(messageForPage) };
}
