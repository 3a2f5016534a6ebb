// Servers slice: every configured server's view, in the host's order, plus seen restart attempts.
import { keepNames, type NameRecord, nameRecord, withName, withoutName } from '../../../shared/nameRecord';
import type { ServerView } from '../../../shared/types';

/** Both records are keyed by server name and have no prototype (a server may be called `constructor`). */
export type ServersState = {
  servers: NameRecord<ServerView>;
  /** The last `restarting.attempt` seen per server since it last ran (for "gave up after N"). */
  restartAttempts: NameRecord<number>;
};

export const serversInitial: ServersState = { servers: nameRecord(), restartAttempts: nameRecord() };

function trackAttempts(attempts: NameRecord<number>, view: ServerView): NameRecord<number> {
  if (view.state.kind === 'restarting') return withName(attempts, view.name, view.state.attempt);
  if (view.state.kind === 'running' || view.state.kind === 'stopped') return withoutName(attempts, view.name);
  return attempts;
}

export function listServers(state: ServersState, list: readonly ServerView[]): ServersState {
  const names = new Set(list.map((view) => view.name));
  let restartAttempts = keepNames(state.restartAttempts, (name) => names.has(name));
  for (const view of list) restartAttempts = trackAttempts(restartAttempts, view);
  return { servers: nameRecord(list.map((view) => [view.name, view])), restartAttempts };
}

export function changeServer(state: ServersState, view: ServerView): ServersState {
  return {
    servers: withName(state.servers, view.name, view),
    restartAttempts: trackAttempts(state.restartAttempts, view),
  };
}

export function removeServer(state: ServersState, name: string): ServersState {
  return {
    servers: withoutName(state.servers, name),
    restartAttempts: withoutName(state.restartAttempts, name),
  };
}
