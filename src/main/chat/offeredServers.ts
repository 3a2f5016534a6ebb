// Which servers' tools the model is offered: running ones, and from the cache those starting or waiting for first use.
import type { ServerView } from '../../shared/types';

/**
 * True for a running server, and for one whose cached tools stand in for it until it answers:
 * starting or restarting, or a lazy server (`autoStart: false`) that has not started yet. A call
 * to a cached tool starts the server and is checked against the live definition before it runs.
 */
export function offersTools(view: ServerView): boolean {
  if (view.entry.disabled) return false;
  const state = view.state.kind;
  if (state === 'running') return true;
  if (view.cachedAt === undefined) return false;
  if (state === 'starting' || state === 'restarting') return true;
  return state === 'stopped' && view.entry.autoStart === false;
}
