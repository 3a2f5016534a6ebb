// Decisions waiting for a person, as promises: each request settles exactly once (answered, cancelled or server gone).
import { randomUUID } from 'node:crypto';
import type { ConsentDecision, ConsentRequest } from '../../shared/chat';
import type { Json } from '../../shared/types';
import { HostFault } from '../errors';

/** What every kind of pending request has; `args` is what an answer without arguments keeps. */
export type PendingRequest = { id: string; kind: string; server: string; requestedAt: number; args?: Json };

/** A request as the asker writes it: the broker adds `id` and `requestedAt`. */
export type RequestInit<R extends PendingRequest> = R extends unknown ? Omit<R, 'id' | 'requestedAt'> : never;

/** The person's answer, or `granted` when a permission they gave meanwhile covers the request. */
export type ConsentAnswer = { decision: ConsentDecision | 'granted'; args: Json };

export type SettleReason = 'answered' | 'cancelled' | 'server-gone';

export type Settled = { id: string; reason: SettleReason };

type Waiter<R> = {
  request: R;
  resolve: (answer: ConsentAnswer) => void;
  reject: (error: HostFault) => void;
  /** Stops listening to the asker's signal. */
  detach: () => void;
};

/** Holds the pending requests; the host asks, the person answers, and nothing is left waiting. */
export class ConsentBroker<R extends PendingRequest = ConsentRequest> {
  private readonly waiting = new Map<string, Waiter<R>>();
  /** Requests the person is editing: only their own answer settles them, not a permission given meanwhile. */
  private readonly held = new Set<string>();
  private readonly requested = new Listeners<R>();
  private readonly settled = new Listeners<Settled>();

  /** Waits for the person's answer; rejects with `HostFault('cancelled')` if `signal` aborts or the request is cancelled. */
  ask(init: RequestInit<R>, signal?: AbortSignal): Promise<ConsentAnswer> {
    const request = { ...init, id: randomUUID(), requestedAt: Date.now() } as R;
    if (signal?.aborted) return Promise.reject(cancelledFault(request, 'cancelled', signal));
    return new Promise<ConsentAnswer>((resolve, reject) => {
      const onAbort = () =>
        this.settle(request.id, 'cancelled', cancelledFault(request, 'cancelled', signal));
      signal?.addEventListener('abort', onAbort, { once: true });
      const detach = () => signal?.removeEventListener('abort', onAbort);
      this.waiting.set(request.id, { request, resolve, reject, detach });
      this.requested.emit(request);
    });
  }

  /** The person's answer; without `args` the request's own arguments stand. A deny resolves too. */
  answer(id: string, decision: ConsentAnswer['decision'], args?: Json): void {
    const waiter = this.waiting.get(id);
    if (!waiter) {
      throw new HostFault(
        'not_found',
        'That request is no longer waiting. It was already answered or cancelled.',
      );
    }
    this.settle(id, 'answered', { decision, args: args ?? waiter.request.args ?? null });
  }

  /** Marks waiting requests the person is editing, so that only their own answer settles them. */
  hold(ids: readonly string[]): void {
    for (const id of ids) if (this.waiting.has(id)) this.held.add(id);
  }

  /** True while the person is editing `id` (see `hold`). */
  isHeld(id: string): boolean {
    return this.held.has(id);
  }

  /** Cancels every pending request `match` picks, e.g. those of a server that stopped. */
  cancelWhere(match: (request: R) => boolean, reason: 'cancelled' | 'server-gone'): void {
    for (const { request } of [...this.waiting.values()]) {
      if (match(request)) this.settle(request.id, reason, cancelledFault(request, reason));
    }
  }

  /** Requests still waiting, oldest first. */
  pending(): R[] {
    return [...this.waiting.values()].map((waiter) => waiter.request);
  }

  onDidRequest(listener: (request: R) => void): () => void {
    return this.requested.add(listener);
  }

  onDidSettle(listener: (settled: Settled) => void): () => void {
    return this.settled.add(listener);
  }

  private settle(id: string, reason: SettleReason, outcome: ConsentAnswer | HostFault): void {
    const waiter = this.waiting.get(id);
    if (!waiter) return;
    this.waiting.delete(id);
    this.held.delete(id);
    waiter.detach();
    if (outcome instanceof HostFault) waiter.reject(outcome);
    else waiter.resolve(outcome);
    this.settled.emit({ id, reason });
  }
}

function cancelledFault(
  request: PendingRequest,
  reason: 'cancelled' | 'server-gone',
  signal?: AbortSignal,
): HostFault {
  if (reason === 'server-gone') return new HostFault('cancelled', 'The server stopped before you answered.');
  if (isTimeout(signal?.reason))
    return new HostFault('cancelled', 'No one answered in time, so the request was dropped.');
  const what = request.kind === 'tool' ? 'tool call' : 'request';
  return new HostFault('cancelled', `The ${what} was cancelled.`);
}

function isTimeout(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'TimeoutError';
}

/** A listener list where one failing listener cannot stop the others or the broker. */
class Listeners<T> {
  private readonly listeners = new Set<(value: T) => void>();

  add(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        console.error('A consent listener failed:', error);
      }
    }
  }
}
