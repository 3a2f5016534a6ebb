// Every tool call a server runs as a task: the Tasks list, Cancel, and following saved tasks again after a restart.
import type { AssistantMessage, TaskEntry, TaskView, ToolCallView } from '../../shared/chat';
import { isTaskLive } from '../../shared/chat';
import type { EventName, Events } from '../../shared/contract';
import type { ServerView } from '../../shared/types';
import { HostFault, messageOf } from '../errors';
import type { FlowRoom } from '../flow/flowRoom';
import type { ServerLookup } from '../servers/runningServers';
import type { ConversationStore } from '../storage/conversations';

export type TaskTrackerDeps = {
  servers: ServerLookup;
  conversations: ConversationStore;
  emit: <E extends EventName>(event: E, payload: Events[E]) => void;
  /** Told when a task's card could not be saved in its conversation. */
  onProblem?: (message: string) => void;
  /** What a result followed after a restart brings into its conversation. */
  flow: Pick<FlowRoom, 'resumedResult'>;
};

/** Where a task's card is: its conversation, reply and call. */
type Place = { conversationId: string; messageId: string; callId: string };

export class TaskTracker {
  private readonly entries = new Map<string, TaskEntry>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(private readonly deps: TaskTrackerDeps) {}

  /** Every task known: those in conversations (any status) and those running now, newest first. */
  list(): TaskEntry[] {
    return [...this.entries.values()]
      .map((entry) => ({ ...entry, conversationTitle: this.titleOf(entry.conversationId) }))
      .sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0));
  }

  /** A call became a task, or its task changed. */
  update(entry: TaskEntry): void {
    this.entries.set(keyOf(entry.server, entry.id), entry);
    this.changed();
  }

  /** Asks the task's server to cancel it; the card then ends as cancelled. */
  async cancel(server: string, taskId: string): Promise<void> {
    const entry = this.entries.get(keyOf(server, taskId));
    if (!entry) throw new HostFault('not_found', { id: 'host.tasks.noSuchTask' });
    if (!isTaskLive(entry)) throw new HostFault('invalid_input', { id: 'host.tasks.alreadyEnded' });
    await this.deps.servers.get(server).cancelTask(taskId);
  }

  /**
   * Lists the tasks saved in conversations and follows again, once their servers run, those that
   * were still going when the app last stopped (a lazy server is started for it).
   */
  resumeSaved(): void {
    for (const { conversationId, message } of this.deps.conversations.allMessages()) {
      if (message.role !== 'assistant') continue;
      for (const part of message.parts) {
        if (part.type !== 'tool') continue;
        const { call } = part;
        const { task } = call;
        if (!task) continue;
        const place = { conversationId, messageId: message.id, callId: call.id };
        this.entries.set(keyOf(call.server, task.id), entryOf(call, task, place));
        if (isTaskLive(task) && task.reference !== undefined) void this.follow(call, place);
      }
    }
    if (this.entries.size > 0) this.changed();
  }

  /** Tell it when a server's state changes, so saved tasks of a server that came up are followed. */
  serverChanged(view: ServerView): void {
    const waiting = this.waiting.get(view.name);
    if (!waiting) return;
    if (view.state.kind === 'running') {
      this.waiting.delete(view.name);
      for (const resolve of waiting) resolve();
    } else if (view.state.kind === 'stopped' && view.entry.autoStart === false && !view.entry.disabled) {
      // A lazy server is started for its task; a failed start shows on its page and the task waits.
      void this.deps.servers
        .get(view.name)
        .startForUse()
        .catch(() => {});
    }
  }

  private async follow(call: ToolCallView, place: Place): Promise<void> {
    const task = call.task;
    if (!task?.reference) return;
    let card: ToolCallView = call;
    const save = async (patch: Partial<ToolCallView>) => {
      card = { ...card, ...patch };
      if (card.task) this.update(entryOf(card, card.task, place));
      await this.putCard(place, card);
    };
    try {
      await this.running(call.server);
      const connection = this.deps.servers.get(call.server);
      const result = await connection.resumeTask(call.tool, task.reference, {
        onTask: (next) => void save({ task: next }).catch((error: unknown) => this.notSaved(call, error)),
      });
      await save({
        status: 'done',
        ...(await this.deps.flow.resumedResult({ server: call.server, tool: call.tool, ...place }, result)),
      });
    } catch (error) {
      const cancelled = error instanceof HostFault && error.code === 'cancelled';
      const ended: TaskView = { ...(card.task ?? task), status: cancelled ? 'cancelled' : 'failed' };
      await save(
        cancelled
          ? { status: 'cancelled', task: ended }
          : { status: 'failed', task: ended, error: `The task could not be followed: ${messageOf(error)}` },
      ).catch((error: unknown) => this.notSaved(call, error));
    }
  }

  private notSaved(call: ToolCallView, error: unknown): void {
    this.deps.onProblem?.(`Could not save the task of ${call.tool} in its conversation: ${messageOf(error)}`);
  }

  /** Resolves once `server` runs (it may not be configured yet at launch); a lazy server is started for the task. */
  private running(server: string): Promise<void> {
    const ready = new Promise<void>((resolve) => {
      const list = this.waiting.get(server) ?? [];
      list.push(resolve);
      this.waiting.set(server, list);
    });
    const view = this.deps.servers.list().find((item) => item.name === server);
    if (view) this.serverChanged(view);
    return ready;
  }

  private async putCard(place: Place, card: ToolCallView): Promise<void> {
    const message = this.deps.conversations
      .get(place.conversationId)
      .messages.find((item) => item.id === place.messageId);
    if (message?.role !== 'assistant') return;
    const next: AssistantMessage = {
      ...message,
      parts: message.parts.map((part) =>
        part.type === 'tool' && part.call.id === place.callId ? { type: 'tool', call: card } : part,
      ),
    };
    await this.deps.conversations.putMessage(place.conversationId, next);
    this.deps.emit('chat.message', { conversationId: place.conversationId, message: next });
  }

  private titleOf(conversationId: string | undefined): string | undefined {
    if (!conversationId) return undefined;
    try {
      return this.deps.conversations.get(conversationId).title;
    } catch {
      return undefined;
    }
  }

  private changed(): void {
    this.deps.emit('tasks.changed', this.list());
  }
}

/** The Tasks list's entry for a call's task. */
export function entryOf(call: ToolCallView, task: TaskView, place?: Partial<Place>): TaskEntry {
  return {
    ...task,
    server: call.server,
    tool: call.tool,
    ...(place?.conversationId ? { conversationId: place.conversationId } : {}),
    callId: call.id,
  };
}

function keyOf(server: string, taskId: string): string {
  return JSON.stringify([server, taskId]);
}
