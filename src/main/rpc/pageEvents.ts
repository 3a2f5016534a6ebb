// One page's share of the host's events: each delivered on its own (a failing send never reaches the host),
// `server.wire` only for the servers whose Protocol tab the page has open, server views without the lists it has.
import type { EventFrame } from '../../shared/channels';
import { type CommandCaller, EVENT_NAMES, type HostApi } from '../../shared/contract';
import type { ServerView } from '../../shared/types';
import { messageOf } from '../errors';
import { ServerUpdates } from './serverUpdates';

/** Where host events come from (the Host). */
export type EventSource = Pick<HostApi, 'on'>;

export type PageLink = {
  /** What the page's commands may change about the link (its wire subscriptions). */
  caller: CommandCaller;
  dispose(): void;
};

/**
 * Forwards `events` to one page through `deliver`; a delivery that throws or returns false is reported
 * (or was by `deliver`) and skipped. Server views go out as `server.updated`, lists only when changed.
 */
export function linkPage(
  events: EventSource,
  deliver: (frame: EventFrame) => boolean,
  onProblem: (message: string) => void,
): PageLink {
  const watchedWire = new Set<string>();
  const updates = new ServerUpdates();
  const send = (event: string, payload: unknown): boolean => {
    try {
      return deliver({ event, payload });
    } catch (error) {
      onProblem(`Could not send a ${event} event to a page: ${messageOf(error)}`);
      return false;
    }
  };
  const unsubscribers = EVENT_NAMES.filter((event) => event !== 'server.updated').map((event) =>
    events.on(event, (payload) => {
      if (event === 'server.changed') {
        const view = payload as ServerView;
        if (send('server.updated', updates.updateFor(view))) updates.delivered(view);
        return;
      }
      if (event === 'server.removed') updates.forget((payload as { name: string }).name);
      if (event === 'server.wire' && !watchedWire.has((payload as { server: string }).server)) return;
      send(event, payload);
    }),
  );
  return {
    caller: {
      watchWire(server, on) {
        if (on) watchedWire.add(server);
        else watchedWire.delete(server);
      },
    },
    dispose() {
      for (const off of unsubscribers) off();
    },
  };
}
