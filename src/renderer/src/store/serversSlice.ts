// Servers slice: every configured server's view, in the host's order.
import { type NameRecord, nameRecord, withName, withoutName } from '../../../shared/nameRecord';
import type { ServerView } from '../../../shared/types';

/** Keyed by server name, without a prototype (a server may be called `constructor`). */
export type ServersState = { servers: NameRecord<ServerView> };

export const serversInitial: ServersState = { servers: nameRecord() };

export function listServers(list: readonly ServerView[]): ServersState {
  return { servers: nameRecord(list.map((view) => [view.name, view])) };
}

export function changeServer(state: ServersState, view: ServerView): ServersState {
  return { servers: withName(state.servers, view.name, view) };
}

export function removeServer(state: ServersState, name: string): ServersState {
  return { servers: withoutName(state.servers, name) };
}
