// Conversations with a model that may use the servers' tools: one running turn per conversation, every call consented.
import { randomUUID } from 'node:crypto';
import type {
  AssistantMessage,
  ChatDefaults,
  ChatMessage,
  Compaction,
  Conversation,
  ConversationHit,
  ConversationSummary,
  ToolSelection,
} from '../../shared/chat';
import type { ContextItem } from '../../shared/resources';
import type { ConsentRoom } from '../consent/consentRoom';
import { HostFault, messageOf } from '../errors';
import type { FlowRoom } from '../flow/flowRoom';
import { KEEP_TASKS } from '../servers/session/serverTasks';
import type { ToolSetSettings } from '../settings/toolSets';
import type { ConversationOptions } from '../storage/conversations';
import { compactNow } from './compactNow';
import { undoCompaction } from './compactor';
import { messageForPage } from './pageView';
import { chatDefaults } from './replyContext';
import { interrupted, resumed, unsaved } from './replyParts';
import { type ReplyDeps, writeReply } from './replyWriter';
import { planContinue, planEdit, planRegenerate, type TurnPlan } from './turnPlans';

/** What conversations need: the stores, the models, the servers, the consent of tool calls and what each conversation took in. */
export type ChatDeps = ReplyDeps & {
  consent: Pick<ConsentRoom, 'decide' | 'cancelConversation'>;
  flow: Pick<FlowRoom, 'recordContext'>;
  /** What a new conversation's tool choice starts as (the default tool set's); every server's without it. */
  toolSets?: Pick<ToolSetSettings, 'starting'>;
};

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
      tools: this.deps.toolSets?.starting(),
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
    return chatDefaults(this.deps);
  }

  async setDefaults(defaults: ChatDefaults): Promise<ChatDefaults> {
    if (!this.deps.defaults) throw new HostFault('unsupported', { id: 'host.chat.defaultsNotSaved' });
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
    // Files left behind are pruned at the next start, as those of any conversation that is gone.
    await this.deps.attachments?.removeConversation(id).catch(() => {});
    await this.deps.results?.removeConversation(id).catch(() => {});
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

  /** Compact now: everything but the last exchange summarised for the model; the messages stay for the person. */
  async compact(id: string): Promise<Compaction[]> {
    this.assertIdle(id);
    const conversation = this.get(id);
    const model = conversation.model ?? this.deps.models.defaultModel();
    if (!model) throw new HostFault('invalid_input', { id: 'host.chat.noModel' });
    const controller = new AbortController();
    this.running.set(id, controller);
    try {
      return await compactNow(this.deps, conversation, model, controller.signal);
    } finally {
      if (this.running.get(id) === controller) this.running.delete(id);
    }
  }

  /** Takes back the summary in force: the model reads those messages again. */
  async undoCompaction(id: string): Promise<Compaction[]> {
    this.assertIdle(id);
    if (!this.deps.conversations.get(id).compactions?.length)
      throw new HostFault('invalid_input', { id: 'host.chat.notCompacted' });
    return undoCompaction(this.deps, id);
  }

  private assertIdle(id: string): void {
    if (this.running.has(id)) {
      throw new HostFault('invalid_input', { id: 'host.chat.stillAnswering' });
    }
  }

  private async keepFiles(
    id: string,
    context: ContextItem[] | undefined,
  ): Promise<ContextItem[] | undefined> {
    if (!context?.some((item) => item.kind === 'file')) return context;
    if (!this.deps.attachments) throw new HostFault('unsupported', { id: 'host.chat.attachNotHere' });
    this.deps.conversations.get(id);
    return this.deps.attachments.commit(id, context);
  }

  /** Applies a plan (removals, the person's message) and starts the reply in the background. */
  private async start(id: string, plan: (messages: ChatMessage[]) => TurnPlan): Promise<void> {
    this.assertIdle(id);
    const conversation = this.get(id);
    const model = conversation.model ?? this.deps.models.defaultModel();
    if (!model) throw new HostFault('invalid_input', { id: 'host.chat.noModel' });
    const { remove, history, question, resume } = plan(conversation.messages);
    const controller = new AbortController();
    this.running.set(id, controller);
    try {
      if (remove.length > 0) {
        await this.deps.conversations.removeMessages(id, remove);
        this.deps.emit('chat.removed', { conversationId: id, messageIds: remove });
      }
      if (question) {
        await this.put(id, question);
        if (question.role === 'user' && question.context)
          await this.deps.flow.recordContext(id, question.id, question.context);
      }
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
    this.deps.consent.cancelConversation(id);
  }

  /** Stops every running reply, for shutdown; tasks go on at their servers and are followed on the next run. */
  stopAll(): void {
    for (const [id, controller] of this.running) {
      controller.abort(KEEP_TASKS);
      this.deps.consent.cancelConversation(id);
    }
  }

  /** Writes the reply, then announces and stores how it ended. */
  private async runTurn(
    id: string,
    history: ChatMessage[],
    reply: AssistantMessage,
    controller: AbortController,
    continuing = false,
  ): Promise<void> {
    this.live.set(id, reply);
    const final = await writeReply(this.deps, {
      conversationId: id,
      history,
      reply,
      signal: controller.signal,
      continuing,
      onChange: (message) => this.live.set(id, message),
    });
    this.live.set(id, final);
    this.deps.emit('chat.message', { conversationId: id, message: messageForPage(final) });
    // The turn is over the moment its last state is out: Retry, Continue or a queued message may start at once.
    if (this.running.get(id) === controller) this.running.delete(id);
    if (this.live.get(id) === final) this.live.delete(id);
    await this.deps.conversations
      .putMessage(id, final)
      .catch((error: unknown) => this.notSaved(id, final, error));
    this.listChanged();
  }

  /** Shows on the reply that its last save failed, unless its conversation was deleted meanwhile. */
  private notSaved(id: string, reply: AssistantMessage, error: unknown): void {
    if (!this.deps.conversations.has(id)) return;
    this.deps.emit('chat.message', {
      conversationId: id,
      message: messageForPage(unsaved(reply, messageOf(error))),
    });
  }

  private async put(id: string, message: ChatMessage): Promise<void> {
    await this.deps.conversations.putMessage(id, message);
    this.deps.emit('chat.message', { conversationId: id, message: messageForPage(message) });
  }

  private summary(id: string): ConversationSummary {
    const {
      tools: _tools,
      messages: _messages,
      compactions: _compactions,
      ...summary
    } = this.deps.conversations.get(id);
    return summary;
  }

  private listChanged(): void {
    this.deps.emit('chats.changed', this.deps.conversations.list());
  }
}
