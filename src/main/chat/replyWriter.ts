// One reply of the model in a conversation: its prompt, its steps streamed to the page, its tool calls run and saved.

import type { AssistantMessage, ChatMessage } from '../../shared/chat';
import type { EventName, Events } from '../../shared/contract';
import { saidError } from '../../shared/hostText';
import type { ViewTools } from '../apps/viewTools';
import type { AttachmentFiles } from '../attachments/attachmentFiles';
import type { ConsentRoom } from '../consent/consentRoom';
import { HostFault, messageOf } from '../errors';
import { runAgentTurn } from '../llm/agentLoop';
import { ContextFullError, contextLimitOf, isContextLengthError, providerErrorText } from '../llm/errors';
import { sendsReasoningBack, thinkingOptions } from '../llm/thinking';
import type { KeptResults } from '../payloads/keptResults';
import type { ChatDefaultsStore } from '../settings/chatDefaults';
import type { ModelSettings } from '../settings/models';
import type { SkillRoom } from '../skills/skillRoom';
import type { ConversationStore } from '../storage/conversations';
import type { HostTool } from '../tools/hostTools';
import type { ToolCallDeps } from '../tools/toolCalls';
import { compactionInForce, tooFull } from './compaction';
import { compactToFit } from './compactor';
import { EarlyCards } from './earlyCards';
import { messageForPage } from './pageView';
import { modelRequest, type ReplyContext, replyContext } from './replyContext';
import { appendReasoning, appendText, endReasoning, interrupted } from './replyParts';
import { type ReplyState, toolStep } from './replyTools';
import { addStep, PartsLength } from './usage';

export type ReplyDeps = ToolCallDeps & {
  conversations: ConversationStore;
  models: ModelSettings;
  /** Whether a server's instructions go into the system prompt (all do without it). */
  instructions?: { isIncluded(server: string): boolean };
  emit: <E extends EventName>(event: E, payload: Events[E]) => void;
  maxSteps?: number;
  /** Where attached files are kept; without it a message with files is refused. */
  attachments?: AttachmentFiles;
  /** Settings → Chat: the system prompt and temperature of conversations without their own. */
  defaults?: ChatDefaultsStore;
  /** Where results too long for the model at once are kept; without it they are cut for the model. */
  results?: KeptResults;
  /** The host's own tools (`search_tools`, `read_result` …), offered as each decides and answered without a server. */
  hostTools: readonly HostTool[];
  /** The approved skills of the servers a conversation offers, named in the system prompt. */
  skills?: Pick<SkillRoom, 'offered'>;
  /** The tools open views offer the model, while they are open. */
  viewTools?: ViewTools;
  /** Decides each call, and says whether a grant covers a tool now (for a card shown while the model writes). */
  consent: Pick<ConsentRoom, 'decide' | 'covers'>;
};

export type ReplyRun = {
  conversationId: string;
  /** The messages the model reads, the person's last one included. */
  history: ChatMessage[];
  /** The reply as stored when the turn starts: new and empty, or a stopped one going on. */
  reply: AssistantMessage;
  signal: AbortSignal;
  /** Whether the model is asked to go on with `reply` where it stopped. */
  continuing: boolean;
  /** The reply at every change, ahead of what is stored (deltas are not stored). */
  onChange(message: AssistantMessage): void;
};

const MAX_STEPS = 25;

/**
 * Runs the model's reply to its end and resolves with the reply as it ended (done, stopped or
 * failed, with its time). Every state before that is handed to `onChange` and sent to pages; the
 * last one is for the caller to announce and store. A conversation that no longer fits the model's
 * window is compacted first; a provider that still says it is too long gets one compaction and a retry.
 */
export async function writeReply(deps: ReplyDeps, run: ReplyRun): Promise<AssistantMessage> {
  const { conversationId: id, history, reply, signal } = run;
  let message = reply;
  const started = Date.now();
  /** The reply as it ends, with the time spent on it (a continued reply adds to its earlier time). */
  const timed = (next: AssistantMessage): AssistantMessage => ({
    ...next,
    durationMs: (reply.durationMs ?? 0) + (Date.now() - started),
  });
  const publish = (next: AssistantMessage) => {
    message = next;
    run.onChange(message);
    deps.emit('chat.message', { conversationId: id, message: messageForPage(message) });
  };
  try {
    const context = await replyContext(deps, id, reply.model, history);
    if (context.instructionsFrom.length > 0)
      publish({ ...message, instructionsFrom: context.instructionsFrom });
    let compaction = compactionInForce(history, deps.conversations.get(id).compactions);
    let request = modelRequest(context, history, compaction, run.continuing);
    if (tooFull(request.tokens, context.window)) {
      compaction = (await compactToFit(deps, context, id, history, 'window', signal)) ?? compaction;
      request = modelRequest(context, history, compaction, run.continuing);
    }
    const state: ReplyState = {
      current: () => message,
      publish,
      set: (next) => {
        message = next;
        run.onChange(message);
      },
    };
    const turn = (messages: typeof request.messages) => agentTurn(deps, run, context, messages, state);
    let outcome: Awaited<ReturnType<typeof turn>>;
    try {
      outcome = await turn(request.messages);
    } catch (error) {
      if (signal.aborted || !isContextLengthError(error)) throw error;
      // Once: the summary takes older messages, the reply so far stays, and the model goes on with it.
      const sofar = message.parts.length > 0 ? [...history, message] : history;
      const window = contextLimitOf(error) ?? context.window ?? request.tokens;
      const again = await compactToFit(deps, { ...context, window }, id, sofar, 'provider', signal);
      if (!again) throw new ContextFullError(error);
      compaction = again;
      const retry = modelRequest(context, sofar, compaction, run.continuing || sofar !== history);
      outcome = await turn(retry.messages).catch((second: unknown) => {
        throw isContextLengthError(second) ? new ContextFullError(second) : second;
      });
    }
    const maxSteps = deps.maxSteps ?? MAX_STEPS;
    const finish =
      outcome.finish === 'stopped'
        ? interrupted(message)
        : outcome.finish === 'max-steps'
          ? {
              ...message,
              status: 'done' as const,
              ...saidError({ id: 'host.chat.stepLimit', values: { steps: String(maxSteps) } }),
            }
          : { ...message, status: 'done' as const };
    return timed(finish);
  } catch (error) {
    if (signal.aborted) return timed(interrupted(message));
    const slash = reply.model.indexOf('/');
    const explained =
      error instanceof HostFault
        ? (error.text ?? error.message)
        : providerErrorText(error, {
            provider: reply.model.slice(0, slash),
            model: reply.model.slice(slash + 1),
          });
    const words = saidError(explained);
    return timed({ ...message, status: 'error', ...(words.error ? words : { error: messageOf(error) }) });
  }
}

/** The model's steps over `messages`, each streamed into the reply, its tool calls run and fed back. */
function agentTurn(
  deps: ReplyDeps,
  run: ReplyRun,
  context: ReplyContext,
  messages: Parameters<typeof runAgentTurn>[0]['history'],
  reply: ReplyState,
) {
  const { conversationId: id, history, signal } = run;
  let wrote = 0;
  const partsLength = new PartsLength();
  let historyLength: number | undefined;
  /** What a step was sent, for a provider that does not count it: the history and the reply so far. */
  const sentChars = () => {
    historyLength ??= JSON.stringify(messages).length;
    return historyLength + partsLength.of(reply.current().parts);
  };
  let thinkingSince = 0;
  const early = new EarlyCards(deps, context, id, reply);
  return runAgentTurn({
    model: context.model,
    history: messages,
    tools: () => context.offer.forStep([...history, reply.current()]),
    system: context.system,
    temperature: context.temperature,
    providerOptions: thinkingOptions(context.provider, context.options.thinking),
    sendReasoningBack: sendsReasoningBack(context.provider.type),
    supportsVision: context.vision,
    resultChars: context.resultChars,
    maxSteps: deps.maxSteps ?? MAX_STEPS,
    signal,
    onStepStart: () => {
      wrote = 0;
    },
    onStepFinish: (usage) => {
      const message = reply.current();
      reply.set({ ...message, usage: addStep(message.usage, usage, sentChars, wrote) });
    },
    onTextDelta: (text) => {
      wrote += text.length;
      const message = appendText(reply.current(), text);
      reply.set(message);
      deps.emit('chat.delta', { conversationId: id, messageId: message.id, text });
    },
    onReasoningStart: () => {
      thinkingSince = Date.now();
      const message = reply.current();
      reply.publish({ ...message, parts: [...message.parts, { type: 'reasoning', text: '' }] });
    },
    onReasoningDelta: (text) => {
      wrote += text.length;
      const message = appendReasoning(reply.current(), text);
      reply.set(message);
      deps.emit('chat.delta', { conversationId: id, messageId: message.id, text, reasoning: true });
    },
    onReasoningEnd: (redacted) =>
      reply.publish(endReasoning(reply.current(), Date.now() - thinkingSince, redacted)),
    onToolInputStart: (callId, name) => early.start(callId, name),
    onToolInputDelta: (callId, delta) => early.delta(callId, delta),
    onToolCalls: toolStep(deps, context, id, reply, signal, early),
  }).finally(() => early.end());
}
