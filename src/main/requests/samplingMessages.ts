// A sampling request's messages: from the server's shape to the person's view, and from that view to the model's.
import type { ModelMessage } from 'ai';
import type { SamplingContent, SamplingMessageView } from '../../shared/requests';
import type { ServerView } from '../../shared/types';

/** One content block as a server sends it (text, image, audio; other kinds are shown as a note). */
export type ServerContent = { type: string; [key: string]: unknown };
export type ServerMessage = { role: 'user' | 'assistant'; content: ServerContent | ServerContent[] };

const MAX_INSTRUCTIONS = 2000;
const MAX_TOOLS = 40;
const MAX_TOOL_LINE = 160;

/** The server's messages as the person sees and edits them. */
export function messageViews(messages: readonly ServerMessage[]): SamplingMessageView[] {
  return messages.map((message) => ({
    role: message.role,
    content: (Array.isArray(message.content) ? message.content : [message.content]).map(contentView),
  }));
}

function contentView(block: ServerContent): SamplingContent {
  const { type, text, data, mimeType } = block;
  if (type === 'text' && typeof text === 'string') return { type: 'text', text };
  if ((type === 'image' || type === 'audio') && typeof data === 'string' && typeof mimeType === 'string') {
    return { type, data, mimeType };
  }
  return { type: 'text', text: `[${type} content cannot be sent to a model here]` };
}

/** The approved messages as the AI SDK takes them: images and audio as files. */
export function modelMessages(messages: readonly SamplingMessageView[]): ModelMessage[] {
  return messages.map((message) => {
    const parts = message.content.map((block) =>
      block.type === 'text'
        ? { type: 'text' as const, text: block.text }
        : {
            type: 'file' as const,
            mediaType: block.mimeType,
            data: { type: 'data' as const, data: block.data },
          },
    );
    return message.role === 'user' ? { role: 'user', content: parts } : { role: 'assistant', content: parts };
  });
}

/** Characters of text in the messages, for a token estimate when the provider reports no usage. */
export function textLength(messages: readonly SamplingMessageView[], system?: string): number {
  let length = system?.length ?? 0;
  for (const message of messages) {
    for (const block of message.content) if (block.type === 'text') length += block.text.length;
  }
  return length;
}

/**
 * Exactly what "include context" adds to the system prompt: a short description of the asking
 * server itself (name, instructions, tools). Never another server's data, even for `allServers`.
 */
export function contextPreview(view: ServerView | undefined, server: string): string {
  const lines = [`Context about the MCP server "${server}", which made this request:`];
  const info = view?.info;
  if (info) {
    const title =
      info.title && info.title !== info.name
        ? `${info.title} (${info.name} ${info.version})`
        : `${info.name} ${info.version}`;
    lines.push(`Server: ${title}`);
    if (info.description) lines.push(`Description: ${clip(info.description, MAX_TOOL_LINE)}`);
  }
  if (view?.instructions) lines.push(`Instructions: ${clip(view.instructions, MAX_INSTRUCTIONS)}`);
  const tools = view?.tools ?? [];
  if (tools.length > 0) {
    lines.push('Tools:');
    for (const tool of tools.slice(0, MAX_TOOLS)) {
      const description = tool.description ? ` — ${tool.description.split('\n', 1)[0]}` : '';
      lines.push(`- ${clip(`${tool.name}${description}`, MAX_TOOL_LINE)}`);
    }
    if (tools.length > MAX_TOOLS) lines.push(`- and ${tools.length - MAX_TOOLS} more`);
  }
  if (lines.length === 1) lines.push('(Switchboard knows nothing more about this server yet.)');
  return lines.join('\n');
}

function clip(text: string, max: number): string {
  const flat = text.trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
