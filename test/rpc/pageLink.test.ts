// One page's share of host events (wire only when subscribed, failures contained) and the grace before the last page counts as gone.
import { describe, expect, it } from 'vitest';
import { linkPage } from '../../src/main/rpc/pageEvents';
import { PagePresence } from '../../src/main/rpc/presence';
import type { EventFrame } from '../../src/shared/channels';
import type { EventName, Events } from '../../src/shared/contract';
import { until } from '../helpers';

/** A tiny event source with the Host's `on` shape. */
function source() {
  const listeners = new Map<string, Set<(payload: never) => void>>();
  return {
    on<E extends EventName>(event: E, listener: (payload: Events[E]) => void) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: never) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: never) => void);
    },
    emit<E extends EventName>(event: E, payload: Events[E]) {
      for (const listener of listeners.get(event) ?? []) (listener as (payload: Events[E]) => void)(payload);
    },
    count: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

const wire = (server: string): Events['server.wire'] => ({ server, entries: [] });

describe('linkPage', () => {
  it('sends server.wire only for the servers the page watches', () => {
    const events = source();
    const frames: EventFrame[] = [];
    const page = linkPage(
      events,
      (frame) => frames.push(frame),
      () => {},
    );
    events.emit('server.wire', wire('a'));
    page.caller.watchWire('a', true);
    events.emit('server.wire', wire('a'));
    events.emit('server.wire', wire('b'));
    page.caller.watchWire('a', false);
    events.emit('server.wire', wire('a'));
    events.emit('server.removed', { name: 'b' });
    expect(frames).toEqual([
      { event: 'server.wire', payload: wire('a') },
      { event: 'server.removed', payload: { name: 'b' } },
    ]);
    page.dispose();
    expect(events.count()).toBe(0);
  });

  it('reports a delivery that throws and keeps delivering', () => {
    const events = source();
    const problems: string[] = [];
    let calls = 0;
    linkPage(
      events,
      () => {
        calls += 1;
        if (calls === 1) throw new RangeError('Maximum call stack size exceeded');
      },
      (problem) => problems.push(problem),
    );
    expect(() => events.emit('server.removed', { name: 'a' })).not.toThrow();
    events.emit('server.removed', { name: 'b' });
    expect(calls).toBe(2);
    expect(problems).toEqual([
      'Could not send a server.removed event to a page: Maximum call stack size exceeded',
    ]);
  });
});

describe('PagePresence', () => {
  it('calls back once the last page has been gone for the grace period, not when one comes back in time', async () => {
    let gone = 0;
    const presence = new PagePresence(100, () => {
      gone += 1;
    });
    const leaveFirst = presence.arrived();
    const leaveSecond = presence.arrived();
    leaveFirst();
    leaveFirst();
    leaveSecond();
    const reload = presence.arrived();
    await new Promise((done) => setTimeout(done, 200));
    expect(gone).toBe(0);
    reload();
    await until('the grace period to pass', () => gone === 1, 2000);
  });
});
