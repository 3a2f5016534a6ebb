// Servers slice: every configured server's view, in the host's order, plus seen restart attempts.
import type { ServerView } from '../../../shared/types';

export type ServersState = {
  servers: Record<string, ServerView>;
  /** The last `restarting.attempt` seen per server since it last ran (for "gave up after N"). */
  restartAttempts: Record<string, number>;
};

export const serversInitial: ServersState = { servers: {}, restartAttempts: {} };

/** `record` without the key `name` (the same object when absent). */
export function without<T>(record: Record<string, T>, name: string): Record<string, T> {
  if (!(name in record)) return record;
  const { [name]: _gone, ...rest } = record;
  return rest;
}

function trackAttempts(attempts: Record<string, number>, view: ServerView): Record<string, number> {
  if (view.state.kind === 'restarting') return { ...attempts, [view.name]: view.state.attempt };
  if (view.state.kind === 'running' || view.state.kind === 'stopped') return without(attempts, view.name);
  return attempts;
}

export function listServers(state: ServersState, list: readonly ServerView[]): ServersState {
  const names = new Set(list.map((view) => view.name));
  let restartAttempts = Object.fromEntries(
    Object.entries(state.restartAttempts).filter(([name]) => names.has(name)),
  );
  for (const view of list) restartAttempts = trackAttempts(restartAttempts, view);
  return { servers: Object.fromEntries(list.map((view) => [view.name, view])), restartAttempts };
}

export function changeServer(state: ServersState, view: ServerView): ServersState {
  return {
    servers: { ...state.servers, [view.name]: view },
    restartAttempts: trackAttempts(state.restartAttempts, view),
  };
}

export function removeServer(state: ServersState, name: string): ServersState {
  return { servers: without(state.servers, name), restartAttempts: without(state.restartAttempts, name) };
}
