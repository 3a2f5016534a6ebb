// Which servers see which roots: the per-server mode with its defaults, a root's audience and subset edits.
import { ownValue } from '../../../../shared/nameRecord';
import type { RootsView, RootView, ServerRoots } from '../../../../shared/roots';
import { translate } from '../../i18n';

/** A server the host has no entry for sees every root and has not confirmed sharing yet. */
export const DEFAULT_SERVER_ROOTS: ServerRoots = { mode: 'all', uris: [], confirmed: false };

/** What `server` may see, with the default for servers the host has not recorded. */
export function serverRoots(view: RootsView | null, server: string): ServerRoots {
  return ownValue(view?.servers, server) ?? DEFAULT_SERVER_ROOTS;
}

/** True when a server with these settings sees the root `uri`. */
export function choiceSees(sharing: Pick<ServerRoots, 'mode' | 'uris'>, uri: string): boolean {
  return sharing.mode === 'all' || sharing.uris.includes(uri);
}

/** True when `server` sees the root `uri`. */
export function serverSeesRoot(view: RootsView | null, server: string, uri: string): boolean {
  return choiceSees(serverRoots(view, server), uri);
}

/**
 * The servers (of `servers`, in their order) that see the root `uri` now: the person said Share to
 * them and their choice includes it. A server not asked yet sees nothing.
 */
export function serversSeeing(view: RootsView | null, uri: string, servers: readonly string[]): string[] {
  return servers.filter((server) => serverRoots(view, server).confirmed && serverSeesRoot(view, server, uri));
}

/** The roots `server` sees, in the roots' order. */
export function rootsSeenBy(view: RootsView | null, server: string): RootView[] {
  return (view?.roots ?? []).filter((root) => serverSeesRoot(view, server, root.uri));
}

/** `all folders`, `no folders`, `1 of 3 folders`; `nothing yet` before the person said Share. */
export function seenSummary(view: RootsView | null, server: string): string {
  const sharing = serverRoots(view, server);
  if (!sharing.confirmed) return translate('roots.seen.nothingYet');
  if (sharing.mode === 'all') return translate('roots.seen.all');
  const total = view?.roots.length ?? 0;
  const seen = rootsSeenBy(view, server).length;
  if (seen === 0) return translate('roots.seen.none');
  return translate('roots.seen.some', { seen, total });
}

/** `a`, `a and b`, `a, b and c` (in the page's language). */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  const rest = words.slice(0, -1).join(translate('roots.list.separator'));
  return translate('roots.list.last', { rest, last: words.at(-1) ?? '' });
}

/** Who sees a root, in plain words. */
export function seenByText(servers: readonly string[]): string {
  return servers.length === 0
    ? translate('roots.seenBy.none')
    : translate('roots.seenBy.some', { servers: listWords(servers) });
}

/** The subset after (un)ticking `uri`: known roots only, in the roots' order. */
export function toggleSubset(
  roots: readonly RootView[],
  uris: readonly string[],
  uri: string,
  on: boolean,
): string[] {
  const chosen = new Set(uris);
  if (on) chosen.add(uri);
  else chosen.delete(uri);
  return roots.filter((root) => chosen.has(root.uri)).map((root) => root.uri);
}

/** The subset to start from when a server switches from "all" to "only these": every root it saw. */
export function subsetFromAll(view: RootsView | null, server: string): string[] {
  return rootsSeenBy(view, server).map((root) => root.uri);
}

/** The sharing dialog's accessible name for a question from `server`. */
export function shareTitle(server: string): string {
  return translate('roots.share.title', { server });
}

/** The title of one dialog for questions from several servers at once. */
export function shareManyTitle(): string {
  return translate('roots.share.manyTitle');
}
