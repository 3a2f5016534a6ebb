// Questions waiting for a person, as promises: each settles exactly once (answered, cancelled or server gone).
import { randomUUID } from 'node:crypto';
import type { ConsentDecision, ConsentRequest } from '../../shared/chat';
import type { Json } from '../../shared/types';
import { HostFault } from '../errors';
import { PendingRequests } from './pending';

/** What every kind of pending request has; `args` is what an answer without arguments keeps. */
export type PendingRequest = { id: string; kind: string; server: string; requestedAt: number; args?: Json };

/** A request as the asker writes it: the broker adds `id` and `requestedAt`. */
export type RequestInit<R extends PendingRequest> = R extends unknown ? Omit<R, 'id' | 'requestedAt'> : never;

/** The person's answer, or `granted` when a permission they gave meanwhile covers the request. */
export type ConsentAnswer = { decision: ConsentDecision | 'granted'; args: Json };

/** The broker's own reasons: a question is answered, cancelled, or its server went away. */
export type Settled = { id: string; reason: 'answered' | 'cancelled' | 'server-gone' };

/** Questions for the person, on the one waiting primitive (`PendingRequests`): ask, answer, hold, cancel. */
export class ConsentBroker<R extends PendingRequest = ConsentRequest> {
  private readonly waiting = new PendingRequests<R, ConsentAnswer>(undefined, (request, signal) => ({
    outcome: { error: cancelledFault(request, 'cancelled', signal) },
    reason: 'cancelled',
  }));

  /**
   * Waits for the person's answer; rejects with `HostFault('cancelled')` if `signal` aborts or the request is
   * cancelled. `id` is the request's id, for an asker that needs to know it.
   */
  ask(init: RequestInit<R>, signal?: AbortSignal, id: string = randomUUID()): Promise<ConsentAnswer> {
    const request = { ...init, id, requestedAt: Date.now() } as R;
    if (signal?.aborted) return Promise.reject(cancelledFault(request, 'cancelled', signal));
    return this.waiting.add(request, signal);
  }

  /** The person's answer; without `args` the request's own arguments stand. A deny resolves too. */
  answer(id: string, decision: ConsentAnswer['decision'], args?: Json): void {
    const request = this.waiting.get(id);
    this.waiting.settle(id, { answer: { decision, args: args ?? request.args ?? null } }, 'answered');
  }

  /** Marks waiting requests the person is editing, so that only their own answer settles them. */
  hold(ids: readonly string[]): void {
    this.waiting.hold(ids);
  }

  /** True while the person is editing `id` (see `hold`). */
  isHeld(id: string): boolean {
    return this.waiting.isHeld(id);
  }

  /** Cancels every pending request `match` picks, e.g. those of a server that stopped. */
  cancelWhere(match: (request: R) => boolean, reason: 'cancelled' | 'server-gone'): void {
    this.waiting.settleWhere(match, reason, (request) => ({ error: cancelledFault(request, reason) }));
  }

  /** Requests still waiting, oldest first. */
  pending(): R[] {
    return this.waiting.list();
  }

  /** The waiting request `id`, or a plain-words fault when it is no longer waiting. */
  get(id: string): R {
    return this.waiting.get(id);
  }

  onDidRequest(listener: (request: R) => void): () => void {
    return this.waiting.onDidRequest(listener);
  }

  onDidSettle(listener: (settled: Settled) => void): () => void {
    return this.waiting.onDidSettle(({ id, reason }) =>
      listener({ id, reason: reason === 'cancelled' || reason === 'server-gone' ? reason : 'answered' }),
    );
  }
}

function cancelledFault(
  request: PendingRequest,
  reason: 'cancelled' | 'server-gone',
  signal?: AbortSignal,
): HostFault {
  if (reason === 'server-gone') return new HostFault('cancelled', { id: 'host.consent.serverStopped' });
  if (isTimeout(signal?.reason)) return new HostFault('cancelled', { id: 'host.consent.timedOut' });
  return new HostFault('cancelled', {
    id: 'host.consent.cancelled',
    values: { kind: request.kind === 'tool' ? 'tool' : 'other' },
  });
}

function isTimeout(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'TimeoutError';
}
