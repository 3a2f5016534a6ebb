// Servers slice: every configured server's view, in the host's order, and how many tools each had when it last ran.
import { visibleToModel } from '../../../shared/apps';
import { keepNames, type NameRecord, nameRecord, withName, withoutName } from '../../../shared/nameRecord';
import type { ServerView } from '../../../shared/types';

/** Keyed by server name, without a prototype (a server may be called `constructor`). */
export type ServersState = {
  servers: NameRecord<ServerView>;
  /** Tools the model could use when each server last ran, to say how many a failed server takes away. */
  lastToolCounts: NameRecord<number>;
};

export const serversInitial: ServersState = { servers: nameRecord(), lastToolCounts: nameRecord() };

function counted(counts: NameRecord<number>, view: ServerView): NameRecord<number> {
  if (view.state.kind !== 'running') return counts;
  const count = view.tools.filter(visibleToModel).length;
  return counts[view.name] === count ? counts : withName(counts, view.name, count);
}

export function listServers(state: ServersState, list: readonly ServerView[]): ServersState {
  return {
    servers: nameRecord(list.map((view) => [view.name, view])),
    lastToolCounts: keepNames(list.reduce(counted, state.lastToolCounts), (name) =>
      list.some((view) => view.name === name),
    ),
  };
}

export function changeServer(state: ServersState, view: ServerView): ServersState {
  return {
    servers: withName(state.servers, view.name, view),
    lastToolCounts: counted(state.lastToolCounts, view),
  };
}

export function removeServer(state: ServersState, name: string): ServersState {
  return {
    servers: withoutName(state.servers, name),
    lastToolCounts: withoutName(state.lastToolCounts, name),
  };
}
