// One step's tool calls in a reply: cards shown at once, server tools run after consent, host tools answered here.
import type { AssistantMessage, ToolCallView } from '../../shared/chat';
import { READ_RESULT_TOOL } from '../../shared/keptResults';
import type { ToolCallResult } from '../../shared/types';
import { messageOf } from '../errors';
import type { AgentToolCall } from '../llm/agentLoop';
import { IMAGE_LIMITS } from '../llm/imageFit';
import { routeToolName } from '../servers/naming';
import { answer as answerReadResult } from '../tools/readResult';
import { runToolCall } from '../tools/toolCalls';
import { keepResult } from './keepResult';
import type { ReplyContext } from './replyContext';
import { findCall, replaceCall, toolCard } from './replyParts';
import type { ReplyDeps } from './replyWriter';

/** The reply as it grows: read it, publish a new state of it to pages, or only set it (streamed text goes as deltas). */
export type ReplyState = {
  current(): AssistantMessage;
  publish(message: AssistantMessage): void;
  set(message: AssistantMessage): void;
};

/** Runs every call of one step (host tools at once, server tools after consent) and resolves with the finished cards. */
export function toolStep(
  deps: ReplyDeps,
  context: ReplyContext,
  conversationId: string,
  reply: ReplyState,
  signal: AbortSignal,
): (calls: AgentToolCall[]) => Promise<ToolCallView[]> {
  const id = conversationId;
  const { names, resultChars } = context;
  const results = deps.results;
  const keep = results
    ? (result: ToolCallResult) =>
        keepResult(result, {
          store: results,
          conversationId: id,
          budgetChars: resultChars,
          imageLimits: IMAGE_LIMITS[context.provider.type],
        }).catch((error: unknown) => {
          // A disk that cannot take it: the result stays in the conversation, and the model reads its start.
          deps.onProblem?.(messageOf(error));
          return { result };
        })
    : undefined;
  const publishCall = (view: ToolCallView) => reply.publish(replaceCall(reply.current(), view));
  return async (calls) => {
    const cards = calls.map((call) => toolCard(call, names));
    const message = reply.current();
    reply.publish({
      ...message,
      parts: [...message.parts, ...cards.map((call) => ({ type: 'tool' as const, call }))],
    });
    await deps.conversations.putMessage(id, reply.current());
    const finished = await Promise.all(
      cards.map(async (card): Promise<ToolCallView> => {
        const ref = routeToolName(names, card.name);
        if (!ref && card.name === READ_RESULT_TOOL && results) {
          const read = await answerReadResult(card.args, {
            conversationId: id,
            results,
            maxChars: resultChars,
          });
          const done = { ...card, server: '', tool: READ_RESULT_TOOL, status: 'done' as const, result: read };
          publishCall(done);
          return done;
        }
        if (!ref) {
          const failed = {
            ...card,
            status: 'failed' as const,
            error: `There is no tool named ${card.name}.`,
          };
          publishCall(failed);
          return failed;
        }
        return runToolCall(deps, ref, card, {
          conversationId: id,
          signal,
          keep,
          update: (view) => {
            const before = findCall(reply.current(), view.id)?.task?.status;
            publishCall(view);
            // A task is saved as soon as it exists and at each status, so a restart can follow it.
            if (view.task && view.task.status !== before) {
              void deps.conversations.putMessage(id, reply.current()).catch(() => {});
            }
          },
        });
      }),
    );
    await deps.conversations.putMessage(id, reply.current());
    return finished;
  };
}
