// The host's events to pages: every listener of an event gets its payload; one that throws is reported and goes no further.
import type { EventName, Events } from '../shared/contract';
import { messageOf } from './errors';

/** How the host's parts announce an event. */
export type Emit = <E extends EventName>(event: E, payload: Events[E]) => void;

export class HostEvents {
  private readonly listeners = new Map<EventName, Set<(payload: never) => void>>();

  /** Adds `listener` for `event`; the returned function removes it. */
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (payload: never) => void);
    this.listeners.set(event, set);
    return () => set.delete(listener as (payload: never) => void);
  }

  /** Hands `payload` to every listener; one that throws is reported and never reaches the caller (a timer, the SDK). */
  emit<E extends EventName>(event: E, payload: Events[E]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        (listener as (payload: Events[E]) => void)(payload);
      } catch (error) {
        process.stderr.write(`Switchboard: a ${event} listener failed: ${messageOf(error)}\n`);
      }
    }
  }
}
