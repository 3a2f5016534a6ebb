// The host tool `read_result`: the model reads on in a tool result the host kept whole because it was too long to give at once.
import type { ChatMessage, Conversation, ToolCallView } from '../../shared/chat';
import { reachesModel } from '../../shared/flow';
import { READ_RESULT_TOOL } from '../../shared/keptResults';
import type { ToolCallResult } from '../../shared/types';
import type { FlowRoom } from '../flow/flowRoom';
import { ownSlice } from '../json/ownCopy';
import { jsonAt } from '../payloads/jsonShape';
import { jsonName, type KeptResults } from '../payloads/keptResults';
import type { ConversationStore } from '../storage/conversations';
import type { HostTool, HostToolContext } from './hostTools';

export type ReadResultDeps = {
  results: KeptResults;
  conversations: Pick<ConversationStore, 'get'>;
  /** Records a read as the kept result entering the conversation again. */
  flow: Pick<FlowRoom, 'recordKeptRead'>;
};

/**
 * `read_result`, offered once this conversation has a result kept by reference (a long one, or one a summary names),
 * whatever the tool mode. It reads only this conversation's results, and only those the model was given.
 */
export function readResultTool(deps: ReadResultDeps): HostTool {
  return {
    ...READ_RESULT,
    offered: (step) => step.messages.some(hasKept) || summaryNamesResults(deps, step.conversationId),
    answer: (args, context) => answer(args, deps, context),
  };
}

const READ_RESULT = {
  name: READ_RESULT_TOOL,
  description:
    'Reads a part of a tool result that was too long to give whole. The note after the start of such a result names its id, its size and, for JSON, its shape. Give the id, and an offset and length in characters; for JSON, a path (like items[3].name) reads one part, and offset and length count within it.',
  inputSchema: {
    type: 'object',
    properties: {
      id: { type: 'string', description: 'The id the note names, like "r-Ab3dE_9x".' },
      offset: { type: 'integer', minimum: 0, description: 'Where to start, in characters (default 0).' },
      length: {
        type: 'integer',
        minimum: 1,
        description: 'How many characters to read (at most the budget).',
      },
      path: { type: 'string', description: 'For JSON: the part to read, like items[3] or /items/3.' },
    },
    required: ['id'],
    additionalProperties: false,
  },
};

type Args = { id: string; offset: number; length?: number; path?: string };

/**
 * The answer to one call: a header line saying which characters follow, then exactly those characters (at most the
 * budget of one result). The read is recorded as the kept result's own tool result entering again.
 */
async function answer(
  args: unknown,
  deps: ReadResultDeps,
  context: HostToolContext,
): Promise<ToolCallResult> {
  const parsed = readArgs(args);
  if (typeof parsed === 'string') return failure(parsed);
  const { id, offset, path } = parsed;
  const length = Math.min(parsed.length ?? context.resultChars, context.resultChars);
  const { conversationId } = context;
  const missing = `There is no kept result "${id}" in this conversation. Kept results are named in the note after their start.`;
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) return failure(missing);
  const origin = keptCall(deps.conversations.get(conversationId), id);
  if (!origin) return failure(missing);
  const read = await readKept(deps.results, conversationId, { id, offset, length, path });
  if (typeof read === 'string') return failure(read);
  await deps.flow.recordKeptRead(conversationId, origin, context.messageId);
  return read;
}

/** The call whose result the conversation keeps as `id`, if the model was given it. */
function keptCall(conversation: Conversation, id: string): ToolCallView | undefined {
  const calls = conversation.messages.flatMap(callsOf);
  const named = conversation.compactions?.flatMap((item) => item.results).find((item) => item.id === id);
  const call = calls.find((item) => item.kept?.id === id || item.id === named?.callId);
  return call && !call.host && reachesModel(call) ? call : undefined;
}

/** Reads a range of a kept result, or of the JSON part at `path`; a string says why it cannot. */
async function readKept(
  results: KeptResults,
  conversationId: string,
  { id, offset, length, path }: Required<Omit<Args, 'path'>> & { path?: string },
): Promise<ToolCallResult | string> {
  const missing = `The kept result "${id}" is no longer on disk.`;
  if (path === undefined) {
    const range = await results.range(conversationId, id, offset, length);
    if (!range) return missing;
    return slice(id, range.data, range.offset, range.total);
  }
  const whole =
    (await results.whole(conversationId, jsonName(id))) ?? (await results.whole(conversationId, id));
  if (whole === undefined) return missing;
  let value: unknown;
  try {
    value = jsonAt(JSON.parse(whole), path);
  } catch (error) {
    return error instanceof SyntaxError
      ? `"${id}" is not JSON, so it has no path; read it by offset.`
      : String((error as Error).message);
  }
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
  const start = Math.min(offset, text.length);
  return slice(`${id} at ${path}`, ownSlice(text, start, start + length), start, text.length);
}

function slice(what: string, data: string, offset: number, total: number): ToolCallResult {
  const number = (value: number) => value.toLocaleString('en');
  const end = offset + data.length;
  const rest = end < total ? `the next offset is ${end}` : 'this is the end';
  const header =
    data.length === 0
      ? `[${what}: nothing at offset ${number(offset)}; it has ${number(total)} characters]`
      : `[${what}: characters ${number(offset)} to ${number(end - 1)} of ${number(total)}; ${rest}]`;
  return { content: [{ type: 'text', text: `${header}\n${data}` }] };
}

function failure(text: string): ToolCallResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function readArgs(args: unknown): Args | string {
  if (args === null || typeof args !== 'object' || Array.isArray(args))
    return 'read_result needs an object with an "id".';
  const { id, offset = 0, length, path } = args as Record<string, unknown>;
  if (typeof id !== 'string' || id === '') return 'read_result needs the "id" the note names.';
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0)
    return '"offset" must be a whole number from 0.';
  if (length !== undefined && (typeof length !== 'number' || !Number.isInteger(length) || length < 1))
    return '"length" must be a whole number from 1.';
  if (path !== undefined && typeof path !== 'string') return '"path" must be text, like items[3].';
  return { id, offset, ...(length === undefined ? {} : { length }), ...(path === undefined ? {} : { path }) };
}

function callsOf(message: ChatMessage): ToolCallView[] {
  return message.role === 'assistant'
    ? message.parts.flatMap((part) => (part.type === 'tool' ? [part.call] : []))
    : [];
}

function hasKept(message: ChatMessage): boolean {
  return callsOf(message).some((call) => call.kept !== undefined && reachesModel(call));
}

/** Whether a summary of this conversation names results the model reads by id. */
function summaryNamesResults(deps: ReadResultDeps, conversationId: string): boolean {
  let compactions: Conversation['compactions'];
  try {
    compactions = deps.conversations.get(conversationId).compactions;
  } catch {
    // A conversation deleted while its reply runs keeps nothing.
    return false;
  }
  return compactions?.some((item) => item.results.length > 0) ?? false;
}
