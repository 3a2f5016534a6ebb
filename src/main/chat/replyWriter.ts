// One reply of the model in a conversation: its prompt, its steps streamed to the page, its tool calls run and saved.
import type { AssistantMessage, ChatDefaults, ChatMessage } from '../../shared/chat';
import { contextWindow } from '../../shared/contextWindow';
import type { EventName, Events } from '../../shared/contract';
import { offersCatalogue } from '../../shared/offered';
import { toolBudget } from '../../shared/toolBudget';
import { isServerEnabled } from '../../shared/toolSelection';
import type { AttachmentFiles } from '../attachments/attachmentFiles';
import { HostFault, messageOf } from '../errors';
import { instructionsOf, systemPrompt } from '../instructions/systemPrompt';
import { runAgentTurn } from '../llm/agentLoop';
import { explainProviderError } from '../llm/errors';
import { toModelMessages } from '../llm/history';
import { languageModel, supportsVision } from '../llm/providers';
import type { ChatDefaultsStore } from '../settings/chatDefaults';
import type { ModelSettings } from '../settings/models';
import type { SkillRoom } from '../skills/skillRoom';
import type { ConversationStore } from '../storage/conversations';
import { type HostTool, hostCard, runHostCall } from '../tools/hostTools';
import { runToolCall, type ToolCallDeps } from '../tools/toolCalls';
import { ToolOffer } from '../tools/toolOffer';
import { modelTools } from './modelTools';
import { messageForPage } from './pageView';
import { appendText, findCall, interrupted, replaceCall, toolCard } from './replyParts';
import { CONTINUE_INSTRUCTION } from './turnPlans';
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
  /** The host's own tools (`search_tools` …), offered as each decides and answered without a server. */
  hostTools: readonly HostTool[];
  /** The approved skills of the servers a conversation offers, named in the system prompt. */
  skills?: Pick<SkillRoom, 'offered'>;
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

/** Settings → Chat, or nothing where they are not kept. */
export function chatDefaults(deps: Pick<ReplyDeps, 'defaults'>): ChatDefaults {
  return deps.defaults?.get() ?? {};
}

/**
 * Runs the model's reply to its end and resolves with the reply as it ended (done, stopped or
 * failed, with its time). Every state before that is handed to `onChange` and sent to pages; the
 * last one is for the caller to announce and store.
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
  let wrote = 0;
  const partsLength = new PartsLength();
  try {
    const { provider, modelId } = await deps.models.resolve(reply.model);
    const vision = supportsVision(provider, modelId);
    // The offered servers' tools (see `offersCatalogue`) this conversation allows, with names for the model.
    const selection = deps.conversations.get(id).tools;
    const catalogue = modelTools(deps.servers.list(), selection);
    for (const ref of catalogue.stripped) deps.flow.noteStripped(ref.server, ref.tool, 'description');
    const offered = deps.servers
      .list()
      .filter((view) => offersCatalogue(view) && isServerEnabled(selection, view.name));
    const servers = offered.map((view) => view.name);
    const offer = new ToolOffer({
      catalogue: catalogue.tools,
      budget: toolBudget(provider.type, contextWindow(reply.model)),
      pinned: selection.pinned,
      hostTools: deps.hostTools,
      servers,
    });
    const sections = instructionsOf(offered, (server) => deps.instructions?.isIncluded(server) ?? true);
    const skills = deps.skills?.offered(servers) ?? [];
    if (sections.length > 0) publish({ ...message, instructionsFrom: sections.map((item) => item.server) });
    const files = (await deps.attachments?.read(id, history)) ?? new Map();
    const toolResultLimit = chatDefaults(deps).toolResultLimit;
    const modelHistory = toModelMessages(history, vision, files, toolResultLimit);
    if (run.continuing) modelHistory.push({ role: 'user', content: CONTINUE_INSTRUCTION });
    let historyLength: number | undefined;
    /** What a step was sent, for a provider that does not count it: the history and the reply so far. */
    const sentChars = () => {
      historyLength ??= JSON.stringify(modelHistory).length;
      return historyLength + partsLength.of(message.parts);
    };
    const options = replyOptions(deps, id);
    const maxSteps = deps.maxSteps ?? MAX_STEPS;
    const outcome = await runAgentTurn({
      model: await languageModel(provider, modelId),
      history: modelHistory,
      tools: () => offer.forStep([...history, message]),
      // The person's system prompt first, then the servers' instructions and skills in their own delimited sections.
      system: [options.system, systemPrompt(sections, skills)].filter(Boolean).join('\n\n') || undefined,
      temperature: options.temperature,
      supportsVision: vision,
      toolResultLimit,
      maxSteps,
      signal,
      onStepStart: () => {
        wrote = 0;
      },
      onStepFinish: (usage) => {
        message = { ...message, usage: addStep(message.usage, usage, sentChars, wrote) };
        run.onChange(message);
      },
      onTextDelta: (text) => {
        wrote += text.length;
        message = appendText(message, text);
        run.onChange(message);
        deps.emit('chat.delta', { conversationId: id, messageId: message.id, text });
      },
      onToolCalls: async (calls) => {
        const cards = calls.map((call) => {
          const route = offer.route(call.name);
          const card = toolCard(call, catalogue.names);
          return route && 'host' in route ? hostCard(card, route.host) : card;
        });
        publish({
          ...message,
          parts: [...message.parts, ...cards.map((call) => ({ type: 'tool' as const, call }))],
        });
        await deps.conversations.putMessage(id, message);
        const finished = await Promise.all(
          cards.map((card) => {
            const route = offer.route(card.name);
            if (route && 'host' in route) {
              return runHostCall(route.host, card, {
                conversationId: id,
                signal,
                searchTools: (query, limit) => offer.search(query, limit),
                servers,
                update: (view) => publish(replaceCall(message, view)),
              });
            }
            if (!route) {
              const failed = {
                ...card,
                status: 'failed' as const,
                error: `There is no tool named ${card.name}.`,
              };
              publish(replaceCall(message, failed));
              return failed;
            }
            return runToolCall(deps, route.tool.ref, card, {
              conversationId: id,
              messageId: message.id,
              signal,
              update: (view) => {
                const before = findCall(message, view.id)?.task?.status;
                publish(replaceCall(message, view));
                // A task is saved as soon as it exists and at each status, so a restart can follow it.
                if (view.task && view.task.status !== before) {
                  // The save once the calls end reports a failure on the reply; this one only runs ahead.
                  void deps.conversations.putMessage(id, message).catch(() => {});
                }
              },
            });
          }),
        );
        await deps.conversations.putMessage(id, message);
        return finished;
      },
    });
    const finish =
      outcome.finish === 'stopped'
        ? interrupted(message)
        : outcome.finish === 'max-steps'
          ? {
              ...message,
              status: 'done' as const,
              error: `Stopped after ${maxSteps} steps, the limit for one reply. Send a message to go on.`,
            }
          : { ...message, status: 'done' as const };
    return timed(finish);
  } catch (error) {
    if (signal.aborted) return timed(interrupted(message));
    const slash = reply.model.indexOf('/');
    const explained =
      error instanceof HostFault
        ? error.message
        : explainProviderError(error, {
            provider: reply.model.slice(0, slash),
            model: reply.model.slice(slash + 1),
          });
    return timed({ ...message, status: 'error', error: explained || messageOf(error) });
  }
}

/** The system prompt and temperature for a reply: the conversation's own, else Settings → Chat. */
function replyOptions(deps: ReplyDeps, id: string): { system?: string; temperature?: number } {
  const defaults = chatDefaults(deps);
  const conversation = deps.conversations.get(id);
  const system = conversation.systemPrompt ?? defaults.systemPrompt;
  const temperature = conversation.temperature ?? defaults.temperature;
  return {
    ...(system ? { system } : {}),
    ...(temperature === undefined ? {} : { temperature }),
  };
}
