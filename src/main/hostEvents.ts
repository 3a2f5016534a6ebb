// The host's events to pages: every listener of an event gets its payload; one that throws is reported and goes no further.
import type { EventName, Events } from '../shared/contract';
import { Emitter } from './emitter';
import { messageOf } from './errors';

/** How the host's parts announce an event. */
export type Emit = <E extends EventName>(event: E, payload: Events[E]) => void;

export class HostEvents {
  private readonly emitters = new Map<EventName, Emitter<never>>();

  /** Adds `listener` for `event`; the returned function removes it. */
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
    return this.emitter(event).on(listener);
  }

  /** Hands `payload` to every listener; one that throws is reported and never reaches the caller (a timer, the SDK). */
  emit<E extends EventName>(event: E, payload: Events[E]): void {
    this.emitters.get(event)?.emit(payload as never);
  }

  private emitter<E extends EventName>(event: E): Emitter<Events[E]> {
    let emitter = this.emitters.get(event) as Emitter<Events[E]> | undefined;
    if (!emitter) {
      emitter = new Emitter<Events[E]>((error) =>
        process.stderr.write(`Switchboard: a ${event} listener failed: ${messageOf(error)}\n`),
      );
      this.emitters.set(event, emitter as Emitter<never>);
    }
    return emitter;
  }
}
