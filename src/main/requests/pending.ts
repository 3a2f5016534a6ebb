// Server requests waiting for the person: each settles exactly once, whether answered, refused, cancelled or orphaned.
import type { EventName, Events } from '../../shared/contract';
import { HostFault } from '../errors';
import { abortKind, requestGone } from '../servers/protocolErrors';

/** How the services tell the renderer: the host's own emit. */
export type Emit = <E extends EventName>(event: E, payload: Events[E]) => void;

export type SettleReason = 'answered' | 'rejected' | 'cancelled' | 'server-gone' | 'completed';

/** How a request ends: an answer for the server, or an error it receives. */
export type Outcome<A> = { answer: A } | { error: Error };

type Entry<R, A> = {
  request: R;
  settle: (outcome: Outcome<A>) => void;
  /** Aborts when the request settles, for work running on its behalf (a model stream). */
  work: AbortController;
  detach: () => void;
};

/** The pending requests of one kind, in arrival order. */
export class PendingRequests<R extends { id: string; server: string }, A> {
  private readonly entries = new Map<string, Entry<R, A>>();

  constructor(private readonly onSettle: (request: R, reason: SettleReason) => void) {}

  /** How many requests `server` has waiting. */
  count(server: string): number {
    let count = 0;
    for (const { request } of this.entries.values()) if (request.server === server) count++;
    return count;
  }

  /** Holds `request` until it settles; `signal` is the server's cancellation (or its connection closing). */
  add(request: R, signal?: AbortSignal): Promise<A> {
    return new Promise<A>((resolve, reject) => {
      const onAbort = () => {
        if (!signal) return;
        const kind = abortKind(signal);
        this.settle(request.id, { error: requestGone(kind) }, kind);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.entries.set(request.id, {
        request,
        settle: (outcome) => ('answer' in outcome ? resolve(outcome.answer) : reject(outcome.error)),
        work: new AbortController(),
        detach: () => signal?.removeEventListener('abort', onAbort),
      });
      if (signal?.aborted) onAbort();
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
      throw new HostFault(
        'not_found',
        'That request is no longer waiting. It was already answered or cancelled.',
      );
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

  /** Aborts once the request settles. */
  workSignal(id: string): AbortSignal {
    const entry = this.entries.get(id);
    return entry ? entry.work.signal : AbortSignal.abort();
  }

  settle(id: string, outcome: Outcome<A>, reason: SettleReason): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    entry.detach();
    entry.work.abort();
    entry.settle(outcome);
    this.onSettle(entry.request, reason);
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

  list(): R[] {
    return [...this.entries.values()].map((entry) => entry.request);
  }
}
