// One step's tool calls in a reply: cards shown at once, host tools answered here, server tools run after consent.
import type { AssistantMessage, ToolCallView } from '../../shared/chat';
import { saidError } from '../../shared/hostText';
import type { ToolCallResult } from '../../shared/types';
import { messageOf } from '../errors';
import type { AgentToolCall } from '../llm/agentLoop';
import { IMAGE_LIMITS } from '../llm/imageFit';
import { hostCard, runHostCall } from '../tools/hostTools';
import { runToolCall } from '../tools/toolCalls';
import { runViewToolCall } from '../tools/viewToolCall';
import type { EarlyCards } from './earlyCards';
import { keepResult } from './keepResult';
import type { ReplyContext } from './replyContext';
import { findCall, replaceCall, toolCard, withCards } from './replyParts';
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
  early?: Pick<EarlyCards, 'take'>,
): (calls: AgentToolCall[]) => Promise<ToolCallView[]> {
  const id = conversationId;
  const { names, offer, resultChars, servers } = context;
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
    const shownEarly = early?.take(calls) ?? new Set<string>();
    const cards = calls.map((call) => {
      const route = offer.route(call.name);
      const card = toolCard(call, names);
      if (route && 'host' in route) return hostCard(card, route.host);
      if (route && 'view' in route)
        return { ...card, server: route.view.owner.server, tool: route.view.tool.name };
      return shownEarly.has(card.id) ? { ...card, early: true as const } : card;
    });
    const message = reply.current();
    reply.publish(withCards(message, cards));
    await deps.conversations.putMessage(id, reply.current());
    const finished = await Promise.all(
      cards.map((card): Promise<ToolCallView> | ToolCallView => {
        const route = offer.route(card.name);
        if (route && 'host' in route) {
          return runHostCall(route.host, card, {
            conversationId: id,
            messageId: message.id,
            signal,
            resultChars,
            searchTools: (query, limit) => offer.search(query, limit),
            servers,
            update: publishCall,
          });
        }
        if (route && 'view' in route && deps.viewTools) {
          return runViewToolCall({ ...deps, viewTools: deps.viewTools }, route.view, card, {
            conversationId: id,
            messageId: message.id,
            signal,
            update: publishCall,
          });
        }
        if (!route || !('tool' in route)) {
          const failed = {
            ...card,
            status: 'failed' as const,
            ...saidError({ id: 'host.tools.noSuchTool', values: { name: card.name } }),
          };
          publishCall(failed);
          return failed;
        }
        return runToolCall(deps, route.tool.ref, card, {
          conversationId: id,
          messageId: message.id,
          signal,
          keep,
          update: (view) => {
            const before = findCall(reply.current(), view.id)?.task?.status;
            publishCall(view);
            // A task is saved as soon as it exists and at each status, so a restart can follow it.
            if (view.task && view.task.status !== before) {
              // The save once the calls end reports a failure on the reply; this one only runs ahead.
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
