// Conversations with a model that may use the servers' tools: one running turn per conversation, every call consented.
import { randomUUID } from 'node:crypto';
import {
  type AssistantMessage,
  type ChatMessage,
  type Conversation,
  type ConversationSummary,
  isTaskLive,
  type ToolCallView,
  type ToolSelection,
} from '../../shared/chat';
import type { EventName, Events } from '../../shared/contract';
import type { ContextItem } from '../../shared/resources';
import type { Json } from '../../shared/types';
import { HostFault, messageOf } from '../errors';
import { instructionsOf, systemPrompt } from '../instructions/systemPrompt';
import { bounded } from '../json/bounded';
import { runAgentTurn } from '../llm/agentLoop';
import { explainProviderError } from '../llm/errors';
import { toModelMessages } from '../llm/history';
import { languageModel, supportsVision } from '../llm/providers';
import { routeToolName, type ToolRef } from '../servers/naming';
import { KEEP_TASKS } from '../servers/serverTasks';
import type { ModelSettings } from '../settings/models';
import type { ConversationStore } from '../storage/conversations';
import { modelTools } from './modelTools';
import { offersTools } from './offeredServers';
import { messageForPage } from './pageView';
import { runToolCall, type ToolCallDeps } from './toolCalls';

export type ChatDeps = ToolCallDeps & {
  conversations: ConversationStore;
  models: ModelSettings;
  /** Whether a server's instructions go into the system prompt (all do without it). */
  instructions?: { isIncluded(server: string): boolean };
  emit: <E extends EventName>(event: E, payload: Events[E]) => void;
  maxSteps?: number;
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

  async create(model?: string): Promise<Conversation> {
    const conversation = await this.deps.conversations.create({
      model: model ?? this.deps.models.defaultModel(),
    });
    this.listChanged();
    return conversation;
  }

  async rename(id: string, title: string): Promise<ConversationSummary> {
    await this.deps.conversations.rename(id, title);
    this.listChanged();
    return this.summary(id);
  }

  async delete(id: string): Promise<void> {
    this.stop(id);
    await this.deps.conversations.delete(id);
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

  /** Adds the person's message, with any prompts and resources they attached, and starts the model's reply in the background. */
  async send(id: string, text: string, context?: ContextItem[]): Promise<void> {
    if (this.running.has(id)) {
      throw new HostFault(
        'invalid_input',
        'The model is still answering in this conversation. Stop it or wait.',
      );
    }
    const conversation = this.get(id);
    const model = conversation.model ?? this.deps.models.defaultModel();
    if (!model)
      throw new HostFault('invalid_input', 'No model is configured. Add a provider in Settings → Models.');
    const controller = new AbortController();
    this.running.set(id, controller);
    try {
      const question: ChatMessage = {
        id: randomUUID(),
        role: 'user',
        text,
        time: Date.now(),
        ...(context?.length ? { context } : {}),
      };
      await this.put(id, question);
      const reply: AssistantMessage = {
        id: randomUUID(),
        role: 'assistant',
        time: Date.now(),
        model,
        parts: [],
        status: 'streaming',
      };
      await this.put(id, reply);
      this.listChanged();
      void this.runTurn(id, [...conversation.messages, question], reply, controller).finally(() =>
        this.running.delete(id),
      );
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
  ): Promise<void> {
    let message = reply;
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
      const outcome = await runAgentTurn({
        model: languageModel(provider, modelId),
        system: systemPrompt(sections),
        history: toModelMessages(history, vision),
        tools,
        supportsVision: vision,
        maxSteps: this.deps.maxSteps ?? MAX_STEPS,
        signal: controller.signal,
        onTextDelta: (text) => {
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
      publish(finish);
    } catch (error) {
      if (controller.signal.aborted) {
        publish(interrupted(message));
      } else {
        const slash = reply.model.indexOf('/');
        const explained =
          error instanceof HostFault
            ? error.message
            : explainProviderError(error, {
                provider: reply.model.slice(0, slash),
                model: reply.model.slice(slash + 1),
              });
        publish({ ...message, status: 'error', error: explained || messageOf(error) });
      }
    }
    await this.deps.conversations.putMessage(id, message).catch(() => {});
    this.live.delete(id);
    this.listChanged();
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
