// A conversation as a file to keep: Markdown to read, or JSON with everything (attached files named, not included).
import type {
  AssistantMessage,
  Conversation,
  ReasoningPart,
  ToolCallView,
  UserMessage,
} from '../../shared/chat';
import { contentSummary } from '../../shared/contentText';
import type { ContextItem } from '../../shared/resources';

export type ExportFormat = 'markdown' | 'json';

/** The file's name and text. */
export function exportConversation(
  conversation: Conversation,
  format: ExportFormat,
  now: Date = new Date(),
): { fileName: string; text: string } {
  const base = fileBase(conversation.title);
  if (format === 'json') {
    const text = `${JSON.stringify(
      { format: 'switchboard.conversation', version: 1, exportedAt: now.toISOString(), conversation },
      null,
      2,
    )}\n`;
    return { fileName: `${base}.json`, text };
  }
  return { fileName: `${base}.md`, text: toMarkdown(conversation, now) };
}

/** The conversation as Markdown: a header, then each message under its author and time. */
export function toMarkdown(conversation: Conversation, now: Date = new Date()): string {
  const lines = [`# ${oneLine(conversation.title)}`, ''];
  if (conversation.model) lines.push(`- Model: ${conversation.model}`);
  lines.push(`- Started: ${stamp(conversation.createdAt)}`, `- Exported: ${stamp(now.getTime())}`);
  if (conversation.systemPrompt) lines.push('- System prompt:', '', quote(conversation.systemPrompt));
  for (const message of conversation.messages) {
    lines.push('', '---', '');
    lines.push(...(message.role === 'user' ? userLines(message) : replyLines(message)));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function userLines(message: UserMessage): string[] {
  const lines = [`## You · ${stamp(message.time)}`, ''];
  if (message.context?.length) {
    lines.push(...message.context.map((item) => `- Attached: ${contextLine(item)}`), '');
  }
  if (message.text) lines.push(message.text);
  return lines;
}

/** The model's thinking, quoted, so the reader tells it from the answer. */
function thinkingLines(part: ReasoningPart): string[] {
  const head =
    part.durationMs === undefined
      ? '_Thinking_'
      : `_Thought for ${Math.max(1, Math.round(part.durationMs / 1000))} s_`;
  return [head, ...part.text.split('\n').map((line) => `> ${line}`)];
}

function replyLines(message: AssistantMessage): string[] {
  const lines = [`## Assistant (${message.model}) · ${stamp(message.time)}`, ''];
  for (const part of message.parts) {
    if (part.type === 'text') lines.push(part.text, '');
    else if (part.type === 'reasoning') lines.push(...thinkingLines(part), '');
    else lines.push(...toolLines(part.call), '');
  }
  if (message.status === 'stopped') lines.push('_Stopped._');
  if (message.error) lines.push(`_${oneLine(message.error)}_`);
  if (message.usage) {
    const { inputTokens, outputTokens, estimated } = message.usage;
    lines.push(`_Tokens: ${inputTokens} in, ${outputTokens} out${estimated ? ' (estimated)' : ''}._`);
  }
  return lines;
}

function toolLines(call: ToolCallView): string[] {
  const lines = [
    `**Tool call** \`${call.host ? call.name : `${call.server} / ${call.tool}`}\`: ${call.status}`,
    '',
    fence(JSON.stringify(call.args, null, 2), 'json'),
  ];
  if (call.error) lines.push('', `Error: ${oneLine(call.error)}`);
  if (call.result) {
    const text = call.result.content.map(contentSummary).join('\n');
    lines.push(
      '',
      call.result.isError ? 'The tool reported an error:' : 'Result:',
      '',
      fence(text || '(no content)'),
    );
  }
  return lines;
}

function contextLine(item: ContextItem): string {
  switch (item.kind) {
    case 'prompt':
      return `prompt “${item.title ?? item.name}” from ${item.server}`;
    case 'resource':
      return `resource ${item.uri} from ${item.server}`;
    case 'file':
      return `file ${item.name} (${item.mimeType}, ${item.size} bytes)`;
    case 'app':
      return `context from the view of ${item.tool}`;
    case 'skill':
      return `skill ${item.label} (${item.uri}) from ${item.server}`;
  }
}

/** A fenced block whose fence is longer than any run of backticks inside. */
function fence(text: string, language = ''): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const bar = '`'.repeat(Math.max(3, longest + 1));
  return `${bar}${language}\n${text}\n${bar}`;
}

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function stamp(time: number): string {
  return new Date(time)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
}

/** A file name from the title's words (letters, digits, dashes, underscores), at most 60 characters, cut between words. */
export function fileBase(title: string): string {
  // Words only: a title made of a message full of JSON or paths becomes `use tool write_file with path tmp`.
  const words = title
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}_-]+/gu, ' ')
    .trim()
    .split(/\s+/);
  let name = '';
  for (const word of words) {
    const next = name ? `${name} ${word}` : word;
    if (next.length > 60) break;
    name = next;
  }
  return name.replace(/^[-_]+|[-_]+$/g, '') || words[0]?.slice(0, 60) || 'conversation';
}
