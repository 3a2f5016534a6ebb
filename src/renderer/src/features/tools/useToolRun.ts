// One tool run by hand: the call under an id of the page's choosing, its progress, Cancel, and how it ended.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Events } from '../../../../shared/contract';
import { HostCallError } from '../../../../shared/hostCallError';
import type { Json, ToolCallResult } from '../../../../shared/types';
import { useHost } from '../../api';
import { describeError } from '../../components/format';

export type RunProgress = Omit<Events['tool.progress'], 'callId'>;

/** Where the run is: not started, running (with the last progress), or ended one of three ways. */
export type RunState =
  | { kind: 'idle' }
  | { kind: 'running'; callId: string; progress?: RunProgress; cancelling: boolean }
  | { kind: 'done'; result: ToolCallResult; ms: number; args: Record<string, Json> }
  | { kind: 'failed'; message: string }
  | { kind: 'cancelled' };

/**
 * Runs `tool` of `server`; a run still going when the dialog closes is cancelled. With `preview`, large texts
 * arrive as their start and are fetched whole only when asked (a view that needs the whole result says false).
 */
export function useToolRun(server: string, tool: string, preview: boolean) {
  const host = useHost();
  const [state, setState] = useState<RunState>({ kind: 'idle' });
  const running = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (running.current) void host.invoke('tools.cancel', { callId: running.current }).catch(() => {});
    },
    [host],
  );

  const run = useCallback(
    async (args: Record<string, Json>): Promise<void> => {
      const callId = crypto.randomUUID();
      running.current = callId;
      setState({ kind: 'running', callId, cancelling: false });
      const off = host.on('tool.progress', ({ callId: id, ...progress }) => {
        if (id !== callId) return;
        setState((now) => (now.kind === 'running' && now.callId === id ? { ...now, progress } : now));
      });
      const started = performance.now();
      try {
        const result = await host.invoke('tools.call', { server, tool, args, callId, preview });
        setState({ kind: 'done', result, ms: Math.round(performance.now() - started), args });
      } catch (error) {
        const cancelled = error instanceof HostCallError && error.code === 'cancelled';
        setState(cancelled ? { kind: 'cancelled' } : { kind: 'failed', message: describeError(error) });
      } finally {
        off();
        if (running.current === callId) running.current = null;
      }
    },
    [host, server, tool, preview],
  );

  const cancel = useCallback(async (): Promise<void> => {
    const callId = running.current;
    if (!callId) return;
    setState((now) => (now.kind === 'running' ? { ...now, cancelling: true } : now));
    await host.invoke('tools.cancel', { callId }).catch(() => {});
  }, [host]);

  return { state, run, cancel };
}
