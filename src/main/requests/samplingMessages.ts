// A sampling request's messages: from the server's shape to the person's view, and from that view to the model's.
import type { AssistantContent, ModelMessage, UserContent } from 'ai';
import type { SamplingContent, SamplingMessageView } from '../../shared/requests';
import type { Json, ServerView } from '../../shared/types';

/** One content block as a server sends it (text, image, audio; other kinds are shown as a note). */
export type ServerContent = { type: string; [key: string]: unknown };
/** `modelMessages` maps tool uses to tool calls by id; a result's tool name comes from its use. */
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
  if (type === 'tool_use' && typeof block.id === 'string' && typeof block.name === 'string') {
    return { type, id: block.id, name: block.name, input: jsonObject(block.input) };
  }
  if (type === 'tool_result' && typeof block.toolUseId === 'string') {
    const parts = Array.isArray(block.content) ? (block.content as ServerContent[]) : [];
    return {
      type,
      toolUseId: block.toolUseId,
      content: parts.map((part) =>
        part.type === 'text' && typeof part.text === 'string'
          ? { type: 'text' as const, text: part.text }
          : { type: 'text' as const, text: `[${String(part.type)} content]` },
      ),
      ...(block.isError === true ? { isError: true } : {}),
    };
  }
  return { type: 'text', text: `[${type} content cannot be sent to a model here]` };
}

function jsonObject(value: unknown): { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (JSON.parse(JSON.stringify(value)) as { [key: string]: Json })
    : {};
}

/**
 * The approved messages as the AI SDK takes them: images and audio as files, tool uses as tool
 * calls, and a message of tool results as the SDK's tool message.
 */
export function modelMessages(messages: readonly SamplingMessageView[]): ModelMessage[] {
  const toolNames = new Map<string, string>();
  return messages.map((message): ModelMessage => {
    const results = message.content.filter((block) => block.type === 'tool_result');
    if (message.role === 'user' && results.length > 0) {
      return {
        role: 'tool',
        content: results.map((block) => ({
          type: 'tool-result' as const,
          toolCallId: block.toolUseId,
          toolName: toolNames.get(block.toolUseId) ?? 'tool',
          output: {
            type: block.isError ? ('error-text' as const) : ('text' as const),
            value: block.content.map((part) => part.text).join('\n'),
          },
        })),
      };
    }
    if (message.role === 'assistant') {
      const parts = message.content.flatMap((block): Exclude<AssistantContent, string> => {
        if (block.type === 'text') return [{ type: 'text' as const, text: block.text }];
        if (block.type === 'tool_use') {
          toolNames.set(block.id, block.name);
          return [
            { type: 'tool-call' as const, toolCallId: block.id, toolName: block.name, input: block.input },
          ];
        }
        if (block.type === 'image' || block.type === 'audio') return [filePart(block)];
        return [];
      });
      return { role: 'assistant', content: parts };
    }
    const parts = message.content.flatMap(
      (block): Exclude<UserContent, string> =>
        block.type === 'text'
          ? [{ type: 'text' as const, text: block.text }]
          : block.type === 'image' || block.type === 'audio'
            ? [filePart(block)]
            : [],
    );
    return { role: 'user', content: parts };
  });
}

function filePart(block: { data: string; mimeType: string }) {
  return {
    type: 'file' as const,
    mediaType: block.mimeType,
    data: { type: 'data' as const, data: block.data },
  };
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
