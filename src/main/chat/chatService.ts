// Conversations with a model that may use the servers' tools: one running turn per conversation, every call consented.
import { randomUUID } from 'node:crypto';
import {
  type AssistantMessage,
  type ChatDefaults,
  type ChatMessage,
  type Conversation,
  type ConversationHit,
  type ConversationSummary,
  isTaskLive,
  type ToolCallView,
  type ToolSelection,
} from '../../shared/chat';
import type { EventName, Events } from '../../shared/contract';
import type { ContextItem } from '../../shared/resources';
import type { Json } from '../../shared/types';
import type { AttachmentFiles } from '../attachments/attachmentFiles';
import { HostFault, messageOf } from '../errors';
import { instructionsOf, systemPrompt } from '../instructions/systemPrompt';
import { bounded } from '../json/bounded';
import { runAgentTurn } from '../llm/agentLoop';
import { explainProviderError } from '../llm/errors';
import { toModelMessages } from '../llm/history';
import { languageModel, supportsVision } from '../llm/providers';
import { routeToolName, type ToolRef } from '../servers/naming';
import { KEEP_TASKS } from '../servers/serverTasks';
import type { ChatDefaultsStore } from '../settings/chatDefaults';
import type { ModelSettings } from '../settings/models';
import type { ConversationOptions, ConversationStore } from '../storage/conversations';
import { modelTools } from './modelTools';
import { offersTools } from './offeredServers';
import { messageForPage } from './pageView';
import { runToolCall, type ToolCallDeps } from './toolCalls';
import { CONTINUE_INSTRUCTION, planContinue, planEdit, planRegenerate, type TurnPlan } from './turnPlans';
import { addStep } from './usage';

export type ChatDeps = ToolCallDeps & {
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
};

const MAX_STEPS = 25;

export class ChatService {
  private readonly running = new Map<string, AbortController>();
  /** The reply being written in each conversation, ahead of what is stored (deltas are not stored). */
  private readonly live = new Map<string, AssistantMessage>();

  constructor(private readonly deps: ChatDeps) {}

  list(): ConversationSummary[] {
    return this.deps.conversations.list();
  }

  /** The conversation; a reply left streaming by a crash or restart reads as stopped. */
  get(id: string): Conversation {
    const conversation = this.deps.conversations.get(id);
    const live = this.live.get(id);
    if (live) {
      return {
        ...conversation,
        messages: conversation.messages.map((message) => (message.id === live.id ? live : message)),
      };
    }
    const messages = conversation.messages.map((message) =>
      message.role === 'assistant' && message.status === 'streaming' ? interrupted(message) : message,
    );
    return { ...conversation, messages };
  }

  /** A new conversation; the one that never got a message is offered again rather than another. */
  async create(model?: string): Promise<Conversation> {
    const empty = this.deps.conversations.unsavedEmpty();
    if (empty !== undefined) {
      if (model) await this.deps.conversations.setModel(empty, model);
      this.listChanged();
      return this.get(empty);
    }
    const conversation = await this.deps.conversations.create({
      model: model ?? this.deps.models.defaultModel(),
    });
    this.listChanged();
    return conversation;
  }

  search(query: string): ConversationHit[] {
    return this.deps.conversations.search(query);
  }

  async setOptions(id: string, options: ConversationOptions): Promise<Conversation> {
    await this.deps.conversations.setOptions(id, options);
    return this.get(id);
  }

  defaults(): ChatDefaults {
    return this.deps.defaults?.get() ?? {};
  }

  async setDefaults(defaults: ChatDefaults): Promise<ChatDefaults> {
    if (!this.deps.defaults) throw new HostFault('unsupported', 'Chat defaults cannot be saved here.');
    return this.deps.defaults.set(defaults);
  }

  async rename(id: string, title: string): Promise<ConversationSummary> {
    await this.deps.conversations.rename(id, title);
    this.listChanged();
    return this.summary(id);
  }

  async delete(id: string): Promise<void> {
    this.stop(id);
    await this.deps.conversations.delete(id);
    await this.deps.attachments?.removeConversation(id).catch(() => {});
    this.listChanged();
  }

  async setModel(id: string, model: string): Promise<ConversationSummary> {
    await this.deps.models.resolve(model);
    await this.deps.conversations.setModel(id, model);
    this.listChanged();
    return this.summary(id);
  }

  async setTools(id: string, tools: ToolSelection): Promise<Conversation> {
    await this.deps.conversations.setTools(id, tools);
    return this.get(id);
  }

  /** Adds the person's message, with any prompts, resources and files they attached, and starts the model's reply in the background. */
  async send(id: string, text: string, context?: ContextItem[]): Promise<void> {
    this.assertIdle(id);
    const kept = await this.keepFiles(id, context);
    const question: ChatMessage = {
      id: randomUUID(),
      role: 'user',
      text,
      time: Date.now(),
      ...(kept?.length ? { context: kept } : {}),
    };
    await this.start(id, (messages) => ({ remove: [], history: [...messages, question], question }));
  }

  /** Retry or Regenerate: replaces the last reply with a new one. */
  regenerate(id: string): Promise<void> {
    return this.start(id, planRegenerate);
  }

  /** Edit and resend: the message gets new text and every later message is removed. */
  edit(id: string, messageId: string, text: string): Promise<void> {
    return this.start(id, (messages) => planEdit(messages, messageId, text, randomUUID(), Date.now()));
  }

  /** Goes on with a reply that was stopped or cut off, in the same message. */
  continue(id: string): Promise<void> {
    return this.start(id, planContinue);
  }

  private assertIdle(id: string): void {
    if (this.running.has(id)) {
      throw new HostFault(
        'invalid_input',
        'The model is still answering in this conversation. Stop it or wait.',
      );
    }
  }

  private async keepFiles(
    id: string,
    context: ContextItem[] | undefined,
  ): Promise<ContextItem[] | undefined> {
    if (!context?.some((item) => item.kind === 'file')) return context;
    if (!this.deps.attachments) throw new HostFault('unsupported', 'Files cannot be attached here.');
    this.deps.conversations.get(id);
    return this.deps.attachments.commit(id, context);
  }

  /** Applies a plan (removals, the person's message) and starts the reply in the background. */
  private async start(id: string, plan: (messages: ChatMessage[]) => TurnPlan): Promise<void> {
    this.assertIdle(id);
    const conversation = this.get(id);
    const model = conversation.model ?? this.deps.models.defaultModel();
    if (!model)
      throw new HostFault('invalid_input', 'No model is configured. Add a provider in Settings → Models.');
    const { remove, history, question, resume } = plan(conversation.messages);
    const controller = new AbortController();
    this.running.set(id, controller);
    try {
      if (remove.length > 0) {
        await this.deps.conversations.removeMessages(id, remove);
        this.deps.emit('chat.removed', { conversationId: id, messageIds: remove });
      }
      if (question) await this.put(id, question);
      const reply: AssistantMessage = resume
        ? resumed(resume)
        : { id: randomUUID(), role: 'assistant', time: Date.now(), model, parts: [], status: 'streaming' };
      await this.put(id, reply);
      this.listChanged();
      void this.runTurn(id, history, reply, controller, resume !== undefined).finally(() => {
        if (this.running.get(id) === controller) this.running.delete(id);
      });
    } catch (error) {
      this.running.delete(id);
      throw error;
    }
  }

  /** Aborts the running reply; its waiting and running tool calls end as cancelled. */
  stop(id: string): void {
    this.running.get(id)?.abort();
    this.deps.broker.cancelWhere((request) => request.conversationId === id, 'cancelled');
  }

  /** Stops every running reply, for shutdown; tasks go on at their servers and are followed on the next run. */
  stopAll(): void {
    for (const [id, controller] of this.running) {
      controller.abort(KEEP_TASKS);
      this.deps.broker.cancelWhere((request) => request.conversationId === id, 'cancelled');
    }
  }

  private async runTurn(
    id: string,
    history: ChatMessage[],
    reply: AssistantMessage,
    controller: AbortController,
    continuing = false,
  ): Promise<void> {
    let message = reply;
    const started = Date.now();
    /** The reply as it ends, with the time spent on it (a continued reply adds to its earlier time). */
    const timed = (next: AssistantMessage): AssistantMessage => ({
      ...next,
      durationMs: (reply.durationMs ?? 0) + (Date.now() - started),
    });
    let wrote = 0;
    this.live.set(id, message);
    const publish = (next: AssistantMessage) => {
      message = next;
      this.live.set(id, message);
      this.deps.emit('chat.message', { conversationId: id, message: messageForPage(message) });
    };
    try {
      const { provider, modelId } = await this.deps.models.resolve(reply.model);
      const vision = supportsVision(provider, modelId);
      const { tools, names } = this.toolsFor(id);
      const sections = instructionsOf(
        this.deps.servers.list().filter((view) => offersTools(view) && this.serverAllowed(id, view.name)),
        (server) => this.deps.instructions?.isIncluded(server) ?? true,
      );
      if (sections.length > 0) publish({ ...message, instructionsFrom: sections.map((item) => item.server) });
      const files = (await this.deps.attachments?.read(id, history)) ?? new Map();
      const toolResultLimit = this.defaults().toolResultLimit;
      const modelHistory = toModelMessages(history, vision, files, toolResultLimit);
      if (continuing) modelHistory.push({ role: 'user', content: CONTINUE_INSTRUCTION });
      const sentChars = JSON.stringify(modelHistory).length;
      const options = this.optionsFor(id);
      const outcome = await runAgentTurn({
        model: await languageModel(provider, modelId),
        history: modelHistory,
        tools,
        // The person's system prompt first, then the servers' instructions in their own delimited section.
        system: [options.system, systemPrompt(sections)].filter(Boolean).join('\n\n') || undefined,
        temperature: options.temperature,
        supportsVision: vision,
        toolResultLimit,
        maxSteps: this.deps.maxSteps ?? MAX_STEPS,
        signal: controller.signal,
        onStepStart: () => {
          wrote = 0;
        },
        onStepFinish: (usage) => {
          const sent = sentChars + JSON.stringify(message.parts).length;
          message = { ...message, usage: addStep(message.usage, usage, sent, wrote) };
          this.live.set(id, message);
        },
        onTextDelta: (text) => {
          wrote += text.length;
          message = appendText(message, text);
          this.live.set(id, message);
          this.deps.emit('chat.delta', { conversationId: id, messageId: message.id, text });
        },
        onToolCalls: async (calls) => {
          const cards = calls.map((call) => toolCard(call, names));
          publish({
            ...message,
            parts: [...message.parts, ...cards.map((call) => ({ type: 'tool' as const, call }))],
          });
          await this.deps.conversations.putMessage(id, message);
          const finished = await Promise.all(
            cards.map((card) => {
              const ref = routeToolName(names, card.name);
              if (!ref)
                return { ...card, status: 'failed' as const, error: `There is no tool named ${card.name}.` };
              return runToolCall(this.deps, ref, card, {
                conversationId: id,
                signal: controller.signal,
                update: (view) => {
                  const before = findCall(message, view.id)?.task?.status;
                  publish(replaceCall(message, view));
                  // A task is saved as soon as it exists and at each status, so a restart can follow it.
                  if (view.task && view.task.status !== before) {
                    void this.deps.conversations.putMessage(id, message).catch(() => {});
                  }
                },
              });
            }),
          );
          await this.deps.conversations.putMessage(id, message);
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
                error: `Stopped after ${this.deps.maxSteps ?? MAX_STEPS} steps, the limit for one reply. Send a message to go on.`,
              }
            : { ...message, status: 'done' as const };
      publish(timed(finish));
    } catch (error) {
      if (controller.signal.aborted) {
        publish(timed(interrupted(message)));
      } else {
        const slash = reply.model.indexOf('/');
        const explained =
          error instanceof HostFault
            ? error.message
            : explainProviderError(error, {
                provider: reply.model.slice(0, slash),
                model: reply.model.slice(slash + 1),
              });
        publish(timed({ ...message, status: 'error', error: explained || messageOf(error) }));
      }
    }
    // The turn is over the moment its last state is out: Retry, Continue or a queued message may start at once.
    const final = message;
    if (this.running.get(id) === controller) this.running.delete(id);
    if (this.live.get(id) === final) this.live.delete(id);
    await this.deps.conversations.putMessage(id, final).catch(() => {});
    this.listChanged();
  }

  /** The system prompt and temperature for a reply: the conversation's own, else Settings → Chat. */
  private optionsFor(id: string): { system?: string; temperature?: number } {
    const defaults = this.defaults();
    const conversation = this.deps.conversations.get(id);
    const system = conversation.systemPrompt ?? defaults.systemPrompt;
    const temperature = conversation.temperature ?? defaults.temperature;
    return {
      ...(system ? { system } : {}),
      ...(temperature === undefined ? {} : { temperature }),
    };
  }

  /** The offered servers' tools (see `offersTools`) this conversation allows, with names for the model. */
  private toolsFor(id: string) {
    return modelTools(this.deps.servers.list(), this.deps.conversations.get(id).tools);
  }

  private serverAllowed(id: string, server: string): boolean {
    return !this.deps.conversations.get(id).tools.disabledServers.includes(server);
  }

  private async put(id: string, message: ChatMessage): Promise<void> {
    await this.deps.conversations.putMessage(id, message);
    this.deps.emit('chat.message', { conversationId: id, message: messageForPage(message) });
  }

  private summary(id: string): ConversationSummary {
    const { tools: _tools, messages: _messages, ...summary } = this.deps.conversations.get(id);
    return summary;
  }

  private listChanged(): void {
    this.deps.emit('chats.changed', this.deps.conversations.list());
  }
}

function toolCard(
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

function appendText(message: AssistantMessage, text: string): AssistantMessage {
  const parts = [...message.parts];
  const last = parts.at(-1);
  if (last?.type === 'text') parts[parts.length - 1] = { type: 'text', text: last.text + text };
  else parts.push({ type: 'text', text });
  return { ...message, parts };
}

function findCall(message: AssistantMessage, callId: string): ToolCallView | undefined {
  for (const part of message.parts) if (part.type === 'tool' && part.call.id === callId) return part.call;
  return undefined;
}

function replaceCall(message: AssistantMessage, view: ToolCallView): AssistantMessage {
  return {
    ...message,
    parts: message.parts.map((part) =>
      part.type === 'tool' && part.call.id === view.id ? { type: 'tool', call: view } : part,
    ),
  };
}

/** A stopped or cut-off reply streaming again, its old error gone. */
function resumed(message: AssistantMessage): AssistantMessage {
  const { error: _error, ...rest } = message;
  return { ...rest, status: 'streaming' };
}

/** A reply that ended before it finished: unfinished calls read as cancelled, except tasks the server keeps. */
function interrupted(message: AssistantMessage): AssistantMessage {
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
