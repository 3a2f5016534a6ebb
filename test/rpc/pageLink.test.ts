// One page's share of host events (wire only when subscribed, failures contained) and the grace before the last page counts as gone.
import { describe, expect, it, vi } from 'vitest';
import { linkPage } from '../../src/main/rpc/pageEvents';
import { PagePresence } from '../../src/main/rpc/presence';
import type { EventFrame } from '../../src/shared/channels';
import type { EventName, Events } from '../../src/shared/contract';
import type { ServerView } from '../../src/shared/types';

const LISTED = { tools: 1, prompts: 1, resources: 1, resourceTemplates: 1 };

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
      (frame) => {
        frames.push(frame);
        return true;
      },
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

  it('sends a server view as server.updated, its lists again only when new, after a removal, or when undelivered', () => {
    const events = source();
    const frames: EventFrame[] = [];
    let refuse = false;
    linkPage(
      events,
      (frame) => {
        if (refuse) return false;
        frames.push(frame);
        return true;
      },
      () => {},
    );
    const tools = [{ name: 't', inputSchema: { type: 'object' } }] as ServerView['tools'];
    // The host hands out the same lists until a refresh replaces one.
    const none: never[] = [];
    const view = (state: ServerView['state'], list = tools): ServerView => ({
      name: 'a',
      entry: { command: 'x' },
      transport: 'stdio',
      state,
      tools: list,
      prompts: none,
      resources: none,
      resourceTemplates: none,
    });
    const listsIn = () =>
      frames.map((frame) => Object.keys(frame.payload as object).filter((key) => key in LISTED));
    events.emit('server.changed', view({ kind: 'starting' }));
    events.emit('server.changed', view({ kind: 'running', since: 1 }));
    events.emit('server.changed', view({ kind: 'running', since: 1 }, [...tools]));
    events.emit('server.removed', { name: 'a' });
    events.emit('server.changed', view({ kind: 'starting' }));
    refuse = true;
    const fresh = [...tools];
    events.emit('server.changed', view({ kind: 'running', since: 2 }, fresh));
    refuse = false;
    events.emit('server.changed', view({ kind: 'running', since: 2 }, fresh));
    expect(frames.map((frame) => frame.event)).toEqual([
      'server.updated',
      'server.updated',
      'server.updated',
      'server.removed',
      'server.updated',
      'server.updated',
    ]);
    const all = ['tools', 'prompts', 'resources', 'resourceTemplates'];
    expect(listsIn()).toEqual([all, [], ['tools'], [], all, ['tools']]);
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
        return true;
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
  it('calls back once the last page has been gone for the grace period, not when one comes back in time', () => {
    vi.useFakeTimers();
    try {
      let gone = 0;
      const presence = new PagePresence(100, () => {
        gone += 1;
      });
      const leaveFirst = presence.arrived();
      const leaveSecond = presence.arrived();
      leaveFirst();
      leaveFirst();
      leaveSecond();
      vi.advanceTimersByTime(99);
      const reload = presence.arrived();
      vi.advanceTimersByTime(200);
      expect(gone).toBe(0);
      reload();
      vi.advanceTimersByTime(99);
      expect(gone).toBe(0);
      vi.advanceTimersByTime(1);
      expect(gone).toBe(1);
      vi.advanceTimersByTime(1000);
      expect(gone).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
