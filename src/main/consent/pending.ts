// Requests waiting for the person: each settles exactly once (answered, refused, cancelled, or its server gone).
import { Emitter } from '../emitter';
import { HostFault } from '../errors';

export type SettleReason = 'answered' | 'rejected' | 'cancelled' | 'server-gone' | 'completed';

/** How a request ends: an answer for the asker, or an error it receives. */
export type Outcome<A> = { answer: A } | { error: Error };

export type Settled = { id: string; reason: SettleReason };

/** How a request ends when its asker's signal aborts. */
export type AbortEnding<R, A> = (
  request: R,
  signal: AbortSignal,
) => { outcome: Outcome<A>; reason: SettleReason };

type Entry<R, A> = {
  request: R;
  settle: (outcome: Outcome<A>) => void;
  /** Aborts when the request settles, for work running on its behalf (a model stream). */
  work: AbortController;
  /** Stops listening to the asker's signal. */
  detach: () => void;
};

/** The pending requests of one kind, in arrival order. */
export class PendingRequests<R extends { id: string; server: string }, A> {
  private readonly entries = new Map<string, Entry<R, A>>();
  /** Requests the person is editing: only their own answer should settle them, not a permission given meanwhile. */
  private readonly held = new Set<string>();
  // A failing listener cannot stop the others or the request settling.
  private readonly requested = new Emitter<R>(listenerFailed);
  private readonly settled = new Emitter<[Settled, R]>(listenerFailed);

  /** `onSettle` hears every request that settles; `aborted` says how one ends when its asker's signal aborts. */
  constructor(
    onSettle?: (request: R, reason: SettleReason) => void,
    private readonly aborted: AbortEnding<R, A> = cancelledByAsker,
  ) {
    if (onSettle) this.onDidSettle((settled, request) => onSettle(request, settled.reason));
  }

  /** How many requests `server` has waiting. */
  count(server: string): number {
    let count = 0;
    for (const { request } of this.entries.values()) if (request.server === server) count++;
    return count;
  }

  /**
   * Holds `request` until it settles, and announces it; `signal` is the asker's cancellation (or its
   * connection closing). A signal that has already aborted settles it at once, unannounced.
   */
  add(request: R, signal?: AbortSignal): Promise<A> {
    return new Promise<A>((resolve, reject) => {
      const onAbort = () => {
        if (!signal) return;
        const { outcome, reason } = this.aborted(request, signal);
        this.settle(request.id, outcome, reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.entries.set(request.id, {
        request,
        settle: (outcome) => ('answer' in outcome ? resolve(outcome.answer) : reject(outcome.error)),
        work: new AbortController(),
        detach: () => signal?.removeEventListener('abort', onAbort),
      });
      if (signal?.aborted) onAbort();
      else this.requested.emit(request);
    });
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  find(id: string): R | undefined {
    return this.entries.get(id)?.request;
  }

  /** The request, or a plain-words fault when it is no longer waiting. */
  get(id: string): R {
    const entry = this.entries.get(id);
    if (!entry) {
      throw new HostFault('not_found', { id: 'host.consent.notWaiting' });
    }
    return entry.request;
  }

  /** Replaces the stored request (a new stage, edits, a response); false when it already settled. */
  update(request: R): boolean {
    const entry = this.entries.get(request.id);
    if (!entry) return false;
    entry.request = request;
    return true;
  }

  /** Marks waiting requests the person is editing (see `isHeld`). */
  hold(ids: readonly string[]): void {
    for (const id of ids) if (this.entries.has(id)) this.held.add(id);
  }

  /** True while the person is editing `id`: only their own answer should settle it. */
  isHeld(id: string): boolean {
    return this.held.has(id);
  }

  /** Aborts once the request settles. */
  workSignal(id: string): AbortSignal {
    const entry = this.entries.get(id);
    return entry ? entry.work.signal : AbortSignal.abort();
  }

  /** Settles `id` with `outcome`; nothing happens when it already settled. */
  settle(id: string, outcome: Outcome<A>, reason: SettleReason): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.held.delete(id);
    entry.detach();
    entry.work.abort();
    entry.settle(outcome);
    this.settled.emit([{ id, reason }, entry.request]);
  }

  /** Settles every request `match` picks with what `outcome` gives it. */
  settleWhere(
    match: (request: R) => boolean,
    reason: SettleReason,
    outcome: (request: R) => Outcome<A>,
  ): void {
    for (const { request } of [...this.entries.values()]) {
      if (match(request)) this.settle(request.id, outcome(request), reason);
    }
  }

  /** Requests still waiting, oldest first. */
  list(): R[] {
    return [...this.entries.values()].map((entry) => entry.request);
  }

  onDidRequest(listener: (request: R) => void): () => void {
    return this.requested.on(listener);
  }

  onDidSettle(listener: (settled: Settled, request: R) => void): () => void {
    return this.settled.on((args) => listener(...args));
  }
}

function cancelledByAsker<A>(): { outcome: Outcome<A>; reason: SettleReason } {
  return {
    outcome: { error: new HostFault('cancelled', { id: 'host.consent.requestCancelled' }) },
    reason: 'cancelled',
  };
}

function listenerFailed(error: unknown): void {
  console.error('A listener of a waiting request failed:', error);
}
