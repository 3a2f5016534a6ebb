// Tool calls a server runs as tasks (the io.modelcontextprotocol/tasks extension, or 2025-11-25 tasks), through ext-tasks.
import type { Client, ClientCapabilities } from '@modelcontextprotocol/client';
import {
  type ApplicationInputRequest,
  createTaskSessionFromClient,
  type TaskView as ExtTaskView,
  resultFromTaskOutcome,
  type SerializedTaskReference,
  TaskCancelledError,
  type TaskEnabledSession,
  type TaskExecutionEvent,
  type ToolExecution,
  taskViewFromExecutionEvent,
  toolDeclarationFromMcpTool,
} from '@modelcontextprotocol/ext-tasks/client';
import { taskId } from '@modelcontextprotocol/ext-tasks/core';
import type { TaskView } from '../../../shared/chat';
import type { Json, ToolCallResult, ToolView } from '../../../shared/types';
import { HostFault, messageOf } from '../../errors';
import type { RawRequests } from './rawRequests';

/**
 * The abort reason that stops following a task without cancelling it (the app is quitting): the
 * server keeps it, and the next run follows it again. Any other abort cancels the task.
 */
export const KEEP_TASKS = 'switchboard:keep-tasks';

/** A request the server makes of the person during a task (or before it starts). */
export type TaskInput = { kind: 'elicitation' | 'sampling' | 'roots'; params?: Record<string, unknown> };

export type ServerTasksOptions = {
  /** A stable identity of the server, so a saved task is resumed only on the same server. */
  endpointId: string;
  clientInfo: { name: string; version: string };
  capabilities: ClientCapabilities;
  /** The live definition of a tool (for whether it supports tasks). */
  tool: (name: string) => ToolView | undefined;
  /** Answers a request for input through the same dialogs as the server's own requests. */
  input: (request: TaskInput, signal?: AbortSignal) => Promise<unknown>;
  problem: (text: string) => void;
};

export type TaskCallOptions = {
  signal?: AbortSignal;
  /** Each request's timeout (polls included). */
  timeoutMs: number;
  /** Told when the call became a task, and at every change of it. */
  onTask?: (task: TaskView) => void;
};

/** One connected server's task support; `open` gives none for a server without tasks. */
export class ServerTasks {
  private readonly following = new Set<ToolExecution<unknown>>();

  private constructor(
    private readonly session: TaskEnabledSession,
    private readonly modern: boolean,
    private readonly tool: (name: string) => ToolView | undefined,
  ) {}

  /**
   * Whether a call of `tool` may become a task: on the 2026-07-28 extension the server decides per
   * call; on 2025-11-25 only tools that declare task support can. Other calls keep the SDK's own
   * path (with progress notifications).
   */
  mayRunAsTask(tool: string): boolean {
    if (this.modern) return true;
    const support = (this.tool(tool) as { execution?: { taskSupport?: unknown } } | undefined)?.execution
      ?.taskSupport;
    return support === 'optional' || support === 'required';
  }

  static open(client: Client, raw: RawRequests, options: ServerTasksOptions): ServerTasks | undefined {
    const capabilities = client.getServerCapabilities() ?? {};
    const modern = client.getProtocolEra() === 'modern';
    const offered = modern
      ? capabilities.extensions?.['io.modelcontextprotocol/tasks'] !== undefined
      : (capabilities as { tasks?: unknown }).tasks !== undefined;
    if (!offered) return undefined;
    const common = {
      endpointId: options.endpointId,
      tools: {
        currentTool: (name: string) => {
          const tool = options.tool(name);
          return tool ? toolDeclarationFromMcpTool(tool as never) : undefined;
        },
      },
      onInputRequest: (request: ApplicationInputRequest, context: { signal?: AbortSignal }) =>
        options.input(request as TaskInput, context.signal) as never,
      onError: (error: Error) => options.problem(`A task reported a problem: ${messageOf(error)}`),
    };
    try {
      const session = modern
        ? createTaskSessionFromClient(client, {
            ...common,
            rawDispatch: (request, dispatch) =>
              raw.dispatch(request, {
                signal: dispatch?.signal,
                timeoutMs: dispatch?.context?.requestTimeoutMs,
              }) as never,
            v2RequestFraming: {
              protocolVersion: client.getNegotiatedProtocolVersion() ?? '2026-07-28',
              clientInfo: options.clientInfo,
              clientCapabilities: options.capabilities as Record<string, Json>,
            },
          })
        : createTaskSessionFromClient(client, common);
      return new ServerTasks(session, modern, options.tool);
    } catch (error) {
      options.problem(`Tasks of this server cannot be used: ${messageOf(error)}`);
      return undefined;
    }
  }

  /** Calls `tool`; where the server makes it a task, follows it to its end (see `onTask`). */
  async call(tool: string, args: Record<string, unknown>, options: TaskCallOptions): Promise<ToolCallResult> {
    const execution = await this.session.callTool(tool, args as Record<string, Json>, {
      requestTimeoutMs: options.timeoutMs,
      task: { preference: 'allow' },
    });
    return this.follow(execution, options);
  }

  /** Follows a task saved by an earlier run (`TaskView.reference`) to its end. */
  async resume(reference: Json, options: TaskCallOptions): Promise<ToolCallResult> {
    const execution = await this.session.resumeTask(reference as SerializedTaskReference, {
      requestTimeoutMs: options.timeoutMs,
    });
    return this.follow(execution, options);
  }

  /** Asks the server to cancel the task; the call that follows it then ends as cancelled. */
  async cancel(id: string): Promise<void> {
    await this.session.cancelTask(taskId(id));
  }

  /** Stops following every task without cancelling it: the server may keep it for a later `resume`. */
  close(): void {
    // The session is closing: a task that cannot be let go of ends with it.
    for (const execution of this.following) void execution.detach().catch(() => {});
    this.following.clear();
  }

  private async follow(execution: ToolExecution<unknown>, options: TaskCallOptions): Promise<ToolCallResult> {
    let reference: Json | undefined;
    let last: TaskView | undefined;
    const report = (view: ExtTaskView | undefined) => {
      if (!view || !options.onTask) return;
      const next = taskView(view, reference);
      if (JSON.stringify(next) === JSON.stringify(last)) return;
      last = next;
      options.onTask(next);
    };
    // Letting go or cancelling is a courtesy to the server: if it fails, the task ends there on its own.
    const onAbort = () =>
      void (options.signal?.reason === KEEP_TASKS ? execution.detach() : execution.cancel()).catch(() => {});
    if (execution.kind === 'task') {
      reference = execution.serializeReference() as unknown as Json;
      last = { id: execution.handle.taskId, status: 'working', reference };
      options.onTask?.(last);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      if (options.signal?.aborted) onAbort();
    }
    this.following.add(execution);
    try {
      const { outcome } = await execution.settle({
        onEvent: (event: TaskExecutionEvent<unknown>) => report(taskViewFromExecutionEvent(event)),
      });
      if (outcome.task) report(outcome.task);
      return toolResult(resultFromTaskOutcome(outcome));
    } catch (error) {
      if (error instanceof TaskCancelledError) {
        if (last) options.onTask?.({ ...last, status: 'cancelled' });
        throw new HostFault('cancelled', { id: 'host.servers.taskCancelled' }, { cause: error });
      }
      throw error;
    } finally {
      this.following.delete(execution);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }
}

function taskView(view: ExtTaskView, reference: Json | undefined): TaskView {
  const time = (value: string | undefined) => {
    const ms = value ? Date.parse(value) : Number.NaN;
    return Number.isFinite(ms) ? ms : undefined;
  };
  return {
    id: view.taskId,
    status: view.status,
    ...(view.statusMessage ? { statusMessage: view.statusMessage } : {}),
    ...(time(view.createdAt) !== undefined ? { createdAt: time(view.createdAt) } : {}),
    ...(time(view.lastUpdatedAt) !== undefined ? { updatedAt: time(view.lastUpdatedAt) } : {}),
    ...(view.suggestedPollIntervalMs !== undefined ? { pollIntervalMs: view.suggestedPollIntervalMs } : {}),
    ...(reference !== undefined ? { reference } : {}),
  };
}

/** A completed task's (or immediate call's) result as the host shows it. */
function toolResult(value: unknown): ToolCallResult {
  const { content, structuredContent, isError } = (value ?? {}) as Partial<ToolCallResult>;
  return {
    content: Array.isArray(content) ? content : [],
    ...(structuredContent !== undefined ? { structuredContent } : {}),
    ...(isError ? { isError: true } : {}),
  };
}
