// What Retry, Regenerate, Edit and resend, and Continue do to a conversation: which messages go, what the model sees.
import { type AssistantMessage, type ChatMessage, canContinue, type UserMessage } from '../../shared/chat';
import { HostFault } from '../errors';

/** What to change before a reply is run: messages to remove, a message to add, the reply to go on with. */
export type TurnPlan = {
  /** Ids of messages taken out, in order. */
  remove: string[];
  /** The conversation as the model will see it, ending with the person's message (or the reply to continue). */
  history: ChatMessage[];
  /** The person's new message, when there is one. */
  question?: UserMessage;
  /** The reply to append to, when continuing. */
  resume?: AssistantMessage;
};

/** Said to the model, and not shown, when the person asks it to go on with a reply that stopped. */
export const CONTINUE_INSTRUCTION =
  'Your previous reply was interrupted. Continue it exactly where it stopped, without repeating what you already wrote.';

/** Retry or Regenerate: the last reply (and anything after the last message of the person's) is replaced. */
export function planRegenerate(messages: readonly ChatMessage[]): TurnPlan {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') {
    throw new HostFault('invalid_input', { id: 'host.chat.nothingToRegenerate' });
  }
  const asked = lastIndexOf(messages, (message) => message.role === 'user');
  if (asked < 0) throw new HostFault('invalid_input', { id: 'host.chat.noMessageToAnswer' });
  return {
    remove: messages.slice(asked + 1).map((message) => message.id),
    history: messages.slice(0, asked + 1),
  };
}

/**
 * Edit and resend: the person's message is replaced by a new one with `text` (its attachments
 * kept), and every message after it is removed for good.
 */
export function planEdit(
  messages: readonly ChatMessage[],
  messageId: string,
  text: string,
  newId: string,
  now: number,
): TurnPlan {
  const at = messages.findIndex((message) => message.id === messageId);
  const old = messages[at];
  if (!old) throw new HostFault('not_found', { id: 'host.chat.messageGone' });
  if (old.role !== 'user') throw new HostFault('invalid_input', { id: 'host.chat.onlyOwnEditable' });
  if (!text && !old.context?.length) throw new HostFault('invalid_input', { id: 'host.chat.needsText' });
  const question: UserMessage = {
    id: newId,
    role: 'user',
    text,
    time: now,
    ...(old.context?.length ? { context: old.context } : {}),
  };
  return {
    remove: messages.slice(at).map((message) => message.id),
    history: [...messages.slice(0, at), question],
    question,
  };
}

/** Continue: the last reply, stopped or cut off, goes on in the same message. */
export function planContinue(messages: readonly ChatMessage[]): TurnPlan {
  const last = messages.at(-1);
  if (last?.role !== 'assistant' || !canContinue(last)) {
    throw new HostFault('invalid_input', { id: 'host.chat.cannotContinue' });
  }
  return { remove: [], history: [...messages], resume: last };
}

function lastIndexOf<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let at = items.length - 1; at >= 0; at--) if (test(items[at] as T)) return at;
  return -1;
}
