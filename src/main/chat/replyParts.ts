// A reply's parts as it grows and ends: text appended, tool cards added and replaced, unfinished calls cancelled.
import { type AssistantMessage, isTaskLive, type ToolCallView } from '../../shared/chat';
import { formatHostText, type HostText, saidError } from '../../shared/hostText';
import { appendReasoning as appendReasoningPart, appendText as appendTextPart } from '../../shared/replyText';
import type { Json } from '../../shared/types';
import { bounded } from '../json/bounded';
import { routeToolName, type ToolRef } from '../servers/catalogue/naming';

/** The card of a call the model asked for, waiting for consent; `names` routes it to its server's tool. */
export function toolCard(
  call: { id: string; name: string; args: unknown },
  names: Map<string, ToolRef>,
): ToolCallView {
  const ref = routeToolName(names, call.name);
  return {
    id: call.id,
    name: call.name,
    server: ref?.server ?? '',
    tool: ref?.tool ?? call.name,
    // Model output is untrusted: arguments nested too deep to store or show are cut.
    args: bounded(call.args ?? {}) as Json,
    status: 'waiting',
  };
}

/** The reply with `text` added to its last text part, or in a new one after a tool card or thinking. */
export function appendText(message: AssistantMessage, text: string): AssistantMessage {
  return { ...message, parts: appendTextPart(message.parts, text) };
}

/** The reply with `text` added to the thinking it is streaming. */
export function appendReasoning(message: AssistantMessage, text: string): AssistantMessage {
  return { ...message, parts: appendReasoningPart(message.parts, text) };
}

/** The reply's last thinking, ended: how long it took, and whether the provider hid it. */
export function endReasoning(
  message: AssistantMessage,
  durationMs: number,
  redacted: boolean,
): AssistantMessage {
  const parts = [...message.parts];
  const at = parts.findLastIndex((part) => part.type === 'reasoning');
  const part = parts[at];
  if (part?.type !== 'reasoning') {
    if (!redacted) return message;
    return { ...message, parts: [...parts, { type: 'reasoning', text: '', durationMs, redacted }] };
  }
  // Thinking that came with no words (OpenAI's without a summary, say) is the provider's to keep.
  const hidden = redacted || part.text === '';
  parts[at] = { ...part, durationMs, ...(hidden ? { redacted: true } : {}) };
  return { ...message, parts };
}

export function findCall(message: AssistantMessage, callId: string): ToolCallView | undefined {
  for (const part of message.parts) if (part.type === 'tool' && part.call.id === callId) return part.call;
  return undefined;
}

/** The reply with the card of `view`'s call replaced by `view`. */
export function replaceCall(message: AssistantMessage, view: ToolCallView): AssistantMessage {
  return {
    ...message,
    parts: message.parts.map((part) =>
      part.type === 'tool' && part.call.id === view.id ? { type: 'tool', call: view } : part,
    ),
  };
}

/** The reply with `cards` in it: each in place of its early card if it had one, else added at the end. */
export function withCards(message: AssistantMessage, cards: readonly ToolCallView[]): AssistantMessage {
  const added = cards.filter((card) => !findCall(message, card.id));
  const replaced = cards.reduce((sofar, card) => replaceCall(sofar, card), message);
  return {
    ...replaced,
    parts: [...replaced.parts, ...added.map((call) => ({ type: 'tool' as const, call }))],
  };
}

/** A stopped or cut-off reply streaming again, its old error gone. */
export function resumed(message: AssistantMessage): AssistantMessage {
  const { error: _error, errorText: _errorText, ...rest } = message;
  return { ...rest, status: 'streaming' };
}

/** A reply that ended before it finished: unfinished calls read as cancelled, except tasks the server keeps. */
export function interrupted(message: AssistantMessage): AssistantMessage {
  return {
    ...message,
    status: 'stopped',
    parts: message.parts.map((part) =>
      part.type === 'tool' &&
      (part.call.status === 'waiting' || part.call.status === 'running') &&
      !(part.call.task && isTaskLive(part.call.task))
        ? { type: 'tool', call: { ...part.call, status: 'cancelled' } }
        : part,
    ),
  };
}

/** A reply whose last save failed (`why`, as the system said it): its error once, what is at stake and what to do. */
export function unsaved(message: AssistantMessage, why: string): AssistantMessage {
  const { error, errorText } = message;
  const said: (string | HostText)[] =
    error === undefined ? [why] : error.includes(why) ? [errorText ?? error] : [errorText ?? error, why];
  const sentences = said.map(sentence);
  const text: HostText = {
    id: 'host.chat.replyLost',
    values: {
      said:
        sentences.length === 2
          ? { id: 'host.chat.twoSentences', values: { first: sentences[0]!, second: sentences[1]! } }
          : sentences[0]!,
    },
  };
  return { ...message, status: 'error', ...saidError(text) };
}

/** `text` ending as a sentence does: what a server or the system wrote gets a full stop, a message one in its language. */
function sentence(text: string | HostText): string | HostText {
  if (typeof text === 'string') return /[.!?]$/.test(text) ? text : `${text}.`;
  return /[.!?]$/.test(formatHostText(text)) ? text : { id: 'host.chat.sentence', values: { text } };
}
