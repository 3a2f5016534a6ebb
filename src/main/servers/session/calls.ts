// Requests on a running session: tool calls with their timeouts and progress, and other client work, each
// settling at once when the session is lost and failing in plain words.
import type { Client } from '@modelcontextprotocol/client';
import type { TaskView } from '../../../shared/chat';
import type { Json, LogLevel, ToolCallResult } from '../../../shared/types';
import { HostFault, type HostText, messageOf } from '../../errors';
import { bounded } from '../../json/bounded';
import { insufficientScopeOf, needsSignIn } from '../auth/errors';
import { callFailure } from './failures';
import { type Session, unlessLost } from './session';

export type CallProgress = { progress: number; total?: number; message?: string };

export type CallOptions = {
  signal?: AbortSignal;
  /** Without progress, a call ends after this long (60 s); progress restarts the wait, up to 10 min in all. */
  timeoutMs?: number;
  onProgress?: (progress: CallProgress) => void;
  /**
   * Lets the server run the call as a task where it supports tasks; told when it does and at each
   * change. The call then resolves when the task ends (cancelled by `signal` or a task cancel).
   */
  onTask?: (task: TaskView) => void;
};

const DEFAULT_CALL_TIMEOUT_MS = 60_000;
const MAX_CALL_TIMEOUT_MS = 600_000;

/** Calls `tool` on the session's server, as a task where the server runs it as one and `onTask` is given. */
export async function callToolOn(
  session: Session,
  server: string,
  tool: string,
  args: Record<string, unknown>,
  options: CallOptions,
): Promise<ToolCallResult> {
  const timeout = Math.min(options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, MAX_CALL_TIMEOUT_MS);
  if (session.tasks && options.onTask && session.tasks.mayRunAsTask(tool)) {
    const work = session.tasks.call(tool, args, {
      signal: options.signal,
      timeoutMs: timeout,
      onTask: options.onTask,
    });
    return settleCall(work, session, server, tool, timeout, options.signal);
  }
  const call = session.client.callTool(
    { name: tool, arguments: args },
    {
      signal: options.signal,
      timeout,
      resetTimeoutOnProgress: true,
      maxTotalTimeout: MAX_CALL_TIMEOUT_MS,
      onprogress: options.onProgress
        ? ({ progress, total, message }) => options.onProgress?.({ progress, total, message })
        : undefined,
    },
  );
  return settleCall(call as Promise<ToolCallResult>, session, server, tool, timeout, options.signal);
}

/** A call's result, or its failure in plain words; it ends at once when the session is lost. */
export async function settleCall(
  work: Promise<ToolCallResult>,
  session: Session,
  server: string,
  tool: string,
  timeoutMs = DEFAULT_CALL_TIMEOUT_MS,
  signal?: AbortSignal,
): Promise<ToolCallResult> {
  try {
    const result = await unlessLost(session, work);
    // Kept, shown, stored and sent on: a result nested thousands of levels deep is cut, visibly.
    return bounded(result) as ToolCallResult;
  } catch (error) {
    throw signInFailure(error, server) ?? callFailure(error, server, tool, timeoutMs, signal);
  }
}

/** Follows a task an earlier run saved (`TaskView.reference`) until it ends. */
export async function resumeTaskOn(
  session: Session,
  server: string,
  tool: string,
  reference: Json,
  options: { timeoutMs?: number; onTask: (task: TaskView) => void },
): Promise<ToolCallResult> {
  if (!session.tasks) {
    throw new HostFault('unsupported', { id: 'host.servers.noLongerRunsTasks', values: { server } });
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  const work = session.tasks.resume(reference, { timeoutMs, onTask: options.onTask });
  return settleCall(work, session, server, tool, timeoutMs);
}

/** Asks the session's server to cancel one of its tasks. */
export async function cancelTaskOn(session: Session, server: string, taskId: string): Promise<void> {
  if (!session.tasks)
    throw new HostFault('unsupported', { id: 'host.servers.runsNoTasks', values: { server } });
  await unlessLost(session, session.tasks.cancel(taskId));
}

/** Runs `work` with the session's client; errors come back in plain words naming `what`. */
export async function workOn<T>(
  session: Session,
  server: string,
  what: string | HostText,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  try {
    return await unlessLost(session, work(session.client));
  } catch (error) {
    if (error instanceof HostFault) throw error;
    throw (
      signInFailure(error, server) ??
      new HostFault('server_error', workFailed(what, server, messageOf(error)), { cause: error })
    );
  }
}

/**
 * The failure of `what` on `server`: `what` is either the English name of the work (`Reading x`) or the
 * message for its failure, which gets the values `server` and `error`.
 */
function workFailed(what: string | HostText, server: string, error: string): HostText {
  if (typeof what === 'string') return { id: 'host.servers.workFailed', values: { what, server, error } };
  return { id: what.id, values: { ...what.values, server, error } };
}

/**
 * Sets the server's log level: with `logging/setLevel`, or on 2026-07-28 servers (which have no
 * setLevel) by the level travelling with each request from now on (see `stampLogLevel`).
 */
export async function setLogLevelOn(session: Session, server: string, level: LogLevel): Promise<void> {
  if (!session.client.getServerCapabilities()?.logging) {
    throw new HostFault('unsupported', { id: 'host.servers.noLogging', values: { server } });
  }
  if (session.client.getProtocolEra() !== 'modern') {
    await unlessLost(session, session.client.setLoggingLevel(level));
  }
}

/** A request refused for want of a sign-in or of permissions, in plain words; undefined for any other failure. */
function signInFailure(error: unknown, server: string): HostFault | undefined {
  if (error instanceof HostFault) return undefined;
  const scope = insufficientScopeOf(error);
  if (scope) {
    return new HostFault(
      'forbidden',
      scope.requiredScope
        ? { id: 'host.servers.needsScope', values: { server, scope: scope.requiredScope } }
        : { id: 'host.servers.needsMorePermissions', values: { server } },
      { cause: error },
    );
  }
  if (needsSignIn(error)) {
    return new HostFault(
      'forbidden',
      { id: 'host.servers.needsSignIn', values: { server } },
      { cause: error },
    );
  }
  return undefined;
}
