// Tools run by hand (the Run dialog): each call named by the page, its progress reported, and cancellable.
import type { Events } from '../../shared/contract';
import type { Json, ToolCallResult } from '../../shared/types';
import { HostFault } from '../errors';
import type { ServerConnection } from './session/connection';

export type ManualCall = { callId?: string; tool: string; args: Record<string, Json> };

/** A finished run by hand, for the audit log. */
export type ManualRun = {
  server: string;
  tool: string;
  args: Record<string, Json>;
  outcome: 'done' | 'failed' | 'cancelled';
};

/** The calls under way, by the id the page chose. */
export class ManualCalls {
  private readonly running = new Map<string, AbortController>();

  /** `ran` is told of every run once it has ended. */
  constructor(
    private readonly progress: (event: Events['tool.progress']) => void,
    private readonly ran: (run: ManualRun) => void = () => {},
  ) {}

  /**
   * Calls the tool with a progress token, so a tool that keeps reporting progress is not cut off by
   * the call timeout; with a `callId` the progress goes to the page and `cancel` can end the call.
   * A tool the server runs as a task is followed to its end.
   */
  async run(connection: ServerConnection, call: ManualCall): Promise<ToolCallResult> {
    const ended = (outcome: ManualRun['outcome']) =>
      this.ran({ server: connection.name, tool: call.tool, args: call.args, outcome });
    try {
      const result = await this.call(connection, call);
      ended(result.isError ? 'failed' : 'done');
      return result;
    } catch (error) {
      ended(error instanceof HostFault && error.code === 'cancelled' ? 'cancelled' : 'failed');
      throw error;
    }
  }

  private async call(
    connection: ServerConnection,
    { callId, tool, args }: ManualCall,
  ): Promise<ToolCallResult> {
    if (callId === undefined)
      return connection.callTool(tool, args, { onProgress: () => {}, onTask: () => {} });
    if (this.running.has(callId)) {
      throw new HostFault('invalid_input', { id: 'host.servers.callIdRunning', values: { callId } });
    }
    const controller = new AbortController();
    this.running.set(callId, controller);
    try {
      return await connection.callTool(tool, args, {
        signal: controller.signal,
        onProgress: (progress) => this.progress({ callId, ...progress }),
        onTask: () => {},
      });
    } finally {
      this.running.delete(callId);
    }
  }

  /** Cancels the call `callId`; nothing happens when it has already ended. */
  cancel(callId: string): void {
    this.running.get(callId)?.abort(new HostFault('cancelled', { id: 'host.servers.cancelledByPerson' }));
  }
}
