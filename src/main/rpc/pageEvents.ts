// One page's share of the host's events: each delivered on its own (a failing send never reaches the host),
// `server.wire` only for the servers whose Protocol tab the page has open.
import type { EventFrame } from '../../shared/channels';
import { type CommandCaller, EVENT_NAMES, type HostApi } from '../../shared/contract';
import { messageOf } from '../errors';

/** Where host events come from (the Host). */
export type EventSource = Pick<HostApi, 'on'>;

export type PageLink = {
  /** What the page's commands may change about the link (its wire subscriptions). */
  caller: CommandCaller;
  dispose(): void;
};

/** Forwards `events` to one page through `deliver`; a delivery that throws is reported and skipped. */
export function linkPage(
  events: EventSource,
  deliver: (frame: EventFrame) => void,
  onProblem: (message: string) => void,
): PageLink {
  const watchedWire = new Set<string>();
  const unsubscribers = EVENT_NAMES.map((event) =>
    events.on(event, (payload) => {
      if (event === 'server.wire' && !watchedWire.has((payload as { server: string }).server)) return;
      try {
        deliver({ event, payload });
      } catch (error) {
        onProblem(`Could not send a ${event} event to a page: ${messageOf(error)}`);
      }
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
