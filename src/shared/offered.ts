// Which servers' tools and prompts are offered: running ones, and from the cache those starting or waiting for first use.
import type { ServerView } from './types';

/**
 * True for a running server, and for one whose cached lists stand in for it until it answers:
 * starting or restarting, or a lazy server (`autoStart: false`) that has not started yet. Using a
 * cached tool or prompt starts the server; a tool call is checked against the live definition first.
 */
export function offersCatalogue(view: Pick<ServerView, 'entry' | 'state' | 'cachedAt'>): boolean {
  if (view.entry.disabled) return false;
  const state = view.state.kind;
  if (state === 'running') return true;
  if (view.cachedAt === undefined) return false;
  if (state === 'starting' || state === 'restarting') return true;
  return state === 'stopped' && view.entry.autoStart === false;
}
