// Reading one resource (again on reload and on each update while watched) and its subscription while watched.
import { useCallback, useEffect, useRef, useState } from 'react';
import { HostCallError } from '../../../../shared/hostCallError';
import type { ResourceContentsView } from '../../../../shared/resources';
import { useHost } from '../../api';
import { describeError } from '../../components/format';
import { translate } from '../../i18n';
import { useResourceUpdate } from '../../store';

export type ReadState =
  | { status: 'loading'; contents?: ResourceContentsView[] }
  | { status: 'ready'; contents: ResourceContentsView[] }
  | { status: 'error'; code: string; message: string };

/** Plain words for a failed read. */
function readProblem(error: unknown): { code: string; message: string } {
  const code = error instanceof HostCallError ? error.code : 'error';
  const values = { error: describeError(error) };
  if (code === 'not_found') return { code, message: translate('resources.read.notFound', values) };
  return { code, message: translate('resources.read.failed', values) };
}

/**
 * Reads `uri` from `server` now, on `reload()`, and on every `resource.updated` for it while `watching`.
 * `updatedAt` is the time of the last update that was re-read.
 */
export function useResourceRead(server: string, uri: string, watching: boolean) {
  const host = useHost();
  const update = useResourceUpdate(server, uri);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ReadState>({ status: 'loading' });
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  const handled = useRef(update?.count ?? 0);
  const pendingUpdate = useRef<number | null>(null);

  useEffect(() => {
    if (!update || update.count <= handled.current) return;
    handled.current = update.count;
    if (!watching) return;
    pendingUpdate.current = update.at;
    setAttempt((n) => n + 1);
  }, [update, watching]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a fresh read
  useEffect(() => {
    let live = true;
    setState((current) => ({
      status: 'loading',
      contents: current.status === 'error' ? undefined : current.contents,
    }));
    host.invoke('resources.read', { server, uri }).then(
      (result) => {
        if (!live) return;
        setState({ status: 'ready', contents: result.contents });
        if (pendingUpdate.current !== null) setUpdatedAt(pendingUpdate.current);
        pendingUpdate.current = null;
      },
      (error: unknown) => {
        if (live) setState({ status: 'error', ...readProblem(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [host, server, uri, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload, updatedAt };
}

/** Subscribes to `uri` while `on`, and unsubscribes when turned off, on another resource, or on unmount. */
export function useWatch(server: string, uri: string, on: boolean): string | null {
  const host = useHost();
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!on) return;
    let live = true;
    setProblem(null);
    host.invoke('resources.subscribe', { server, uri }).catch((error: unknown) => {
      if (live) setProblem(translate('resources.watch.failed', { error: describeError(error) }));
    });
    return () => {
      live = false;
      host.invoke('resources.unsubscribe', { server, uri }).catch(() => {});
    };
  }, [host, server, uri, on]);
  return on ? problem : null;
}
