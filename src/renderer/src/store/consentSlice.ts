// Consent slice: the queue of tool calls waiting for the person, oldest first, and the notice when one vanishes.
import type { ConsentRequest } from '../../../shared/chat';
import type { Events } from '../../../shared/contract';

export type SettleReason = Events['consent.settled']['reason'];

/** Said briefly in place of a shown request that settled before the person answered it here. */
export type ConsentNotice = { id: string; text: string };

export type ConsentState = {
  /** Waiting requests, oldest first; the first one is the one shown. */
  consentQueue: ConsentRequest[];
  /** The request whose answer is on its way to the host. */
  consentAnswering: string | null;
  /** While set, the dialog shows this notice instead of the next request. */
  consentNotice: ConsentNotice | null;
};

export const consentInitial: ConsentState = {
  consentQueue: [],
  consentAnswering: null,
  consentNotice: null,
};

function byAge(a: ConsentRequest, b: ConsentRequest): number {
  return a.requestedAt - b.requestedAt;
}

/** The host's pending list as the queue: oldest first, each id once. */
export function fillQueue(list: readonly ConsentRequest[]): ConsentRequest[] {
  const seen = new Set<string>();
  const queue: ConsentRequest[] = [];
  for (const request of list) {
    if (seen.has(request.id)) continue;
    seen.add(request.id);
    queue.push(request);
  }
  return queue.sort(byAge);
}

/** Adds a request in age order; a request already queued is left as it is. */
export function enqueue(queue: readonly ConsentRequest[], request: ConsentRequest): ConsentRequest[] {
  if (queue.some((queued) => queued.id === request.id)) return [...queue];
  return [...queue, request].sort(byAge);
}

/** The queue without `id`. */
export function dequeue(queue: readonly ConsentRequest[], id: string): ConsentRequest[] {
  return queue.filter((request) => request.id !== id);
}

/** What to tell the person when a request settles while they are looking at it. */
export function settleNotice(reason: SettleReason, answeredHere: boolean): string | null {
  if (reason === 'cancelled') return 'The request was cancelled.';
  if (reason === 'server-gone') return 'The server stopped before you answered.';
  return answeredHere ? null : 'The request was answered in another window.';
}

/** The state after a request settled: it leaves the queue, with a notice if it was on screen. */
export function settle(state: ConsentState, id: string, reason: SettleReason): ConsentState {
  if (!state.consentQueue.some((request) => request.id === id)) {
    return state.consentAnswering === id ? { ...state, consentAnswering: null } : state;
  }
  const shown = state.consentNotice === null && state.consentQueue[0]?.id === id;
  const text = shown ? settleNotice(reason, state.consentAnswering === id) : null;
  return {
    consentQueue: dequeue(state.consentQueue, id),
    consentAnswering: state.consentAnswering === id ? null : state.consentAnswering,
    consentNotice: text === null ? state.consentNotice : { id, text },
  };
}

/** The state after a fresh pending list (on every (re)connect); a shown request that is gone gets a notice. */
export function refill(state: ConsentState, list: readonly ConsentRequest[]): ConsentState {
  const queue = fillQueue(list);
  const head = state.consentNotice === null ? state.consentQueue[0] : undefined;
  const vanished = head !== undefined && !queue.some((request) => request.id === head.id);
  return {
    consentQueue: queue,
    consentAnswering: queue.some((request) => request.id === state.consentAnswering)
      ? state.consentAnswering
      : null,
    consentNotice:
      vanished && head ? { id: head.id, text: 'The request is no longer waiting.' } : state.consentNotice,
  };
}

export type ConsentActions = {
  consentListed(list: ConsentRequest[]): void;
  consentRequested(request: ConsentRequest): void;
  consentSettled(settled: Events['consent.settled']): void;
  /** The person chose; their answer is on its way (null: it failed and they may choose again). */
  consentAnswering(id: string | null): void;
  /** The host took the answer. */
  consentAnswered(id: string): void;
  consentNoticeCleared(): void;
};

type SetConsent = (update: (s: ConsentState) => Partial<ConsentState>) => void;

/** The consent actions over the store's `set`. */
export function createConsentActions(set: SetConsent): ConsentActions {
  return {
    consentListed: (list) => set((s) => refill(s, list)),
    consentRequested: (request) => set((s) => ({ consentQueue: enqueue(s.consentQueue, request) })),
    consentSettled: ({ id, reason }) => set((s) => settle(s, id, reason)),
    consentAnswering: (id) => set(() => ({ consentAnswering: id })),
    consentAnswered: (id) =>
      set((s) => ({
        consentQueue: dequeue(s.consentQueue, id),
        consentAnswering: s.consentAnswering === id ? null : s.consentAnswering,
      })),
    consentNoticeCleared: () => set(() => ({ consentNotice: null })),
  };
}
