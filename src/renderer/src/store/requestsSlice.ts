// Requests slice: sampling and elicitation requests waiting for the person, oldest first, with streamed text and notices.
import type { Events } from '../../../shared/contract';
import type { ElicitationRequest, RefusedRequest, SamplingRequest } from '../../../shared/requests';
import { translate } from '../i18n';
import { createTextDeltaQueue } from './textDeltaQueue';

export type ServerRequest = SamplingRequest | ElicitationRequest;
export type RequestKind = ServerRequest['kind'];
export type RequestSettleReason =
  | Events['sampling.settled']['reason']
  | Events['elicitation.settled']['reason'];

/** Said briefly in place of a shown request that settled before the person answered it here. */
export type RequestNotice = { id: string; kind: RequestKind; server: string; text: string };

/** A refusal the person sees for a few seconds. */
export type RefusalToast = RefusedRequest & { key: number; arrivedAt: number };

export type RequestsState = {
  /** Waiting requests of both kinds, oldest first; the first one is the one shown. */
  requestQueue: ServerRequest[];
  /** The request whose answer is on its way to the host. */
  requestAnswering: string | null;
  /** While set, the dialog shows this notice instead of the next request. */
  requestNotice: RequestNotice | null;
  /** True while the person stepped away (to Settings) and the dialog waits behind a bar. */
  requestsDeferred: boolean;
  /** Text streamed so far per running sampling request. */
  samplingText: Record<string, string>;
  refusals: RefusalToast[];
  /** Goes up whenever any request settles, shown or not (e.g. one a session allowance ran). */
  requestsSettledCount: number;
};

export const requestsInitial: RequestsState = {
  requestQueue: [],
  requestAnswering: null,
  requestNotice: null,
  requestsDeferred: false,
  samplingText: {},
  refusals: [],
  requestsSettledCount: 0,
};

/** How many refusals stay on screen at once. */
export const MAX_REFUSALS = 4;

function byAge(a: ServerRequest, b: ServerRequest): number {
  return a.requestedAt - b.requestedAt;
}

/** `list` oldest first (stable), each id once. */
export function orderRequests(list: readonly ServerRequest[]): ServerRequest[] {
  const seen = new Set<string>();
  const queue: ServerRequest[] = [];
  for (const request of list) {
    if (seen.has(request.id)) continue;
    seen.add(request.id);
    queue.push(request);
  }
  return queue.sort(byAge);
}

function keepText(text: Record<string, string>, queue: readonly ServerRequest[]): Record<string, string> {
  const ids = Object.keys(text);
  const kept = ids.filter((id) => queue.some((request) => request.id === id));
  return kept.length === ids.length ? text : Object.fromEntries(kept.map((id) => [id, text[id] ?? '']));
}

/** What to tell the person when a request settles while they are looking at it (null: nothing to say). */
export function settleNoticeText(
  server: string,
  reason: RequestSettleReason,
  answeredHere: boolean,
): string | null {
  if (reason === 'cancelled') return translate('requests.notice.cancelled', { server });
  if (reason === 'server-gone') return translate('requests.notice.serverGone', { server });
  if (reason === 'completed') return translate('requests.notice.completed', { server });
  if (answeredHere) return null;
  return reason === 'rejected'
    ? translate('requests.notice.rejectedElsewhere')
    : translate('requests.notice.answeredElsewhere');
}

/** The state after the host's pending list of one kind (on every (re)connect). */
export function refillKind(
  state: RequestsState,
  kind: RequestKind,
  list: readonly ServerRequest[],
): RequestsState {
  const others = state.requestQueue.filter((request) => request.kind !== kind);
  const queue = orderRequests([...others, ...list.filter((request) => request.kind === kind)]);
  const head = state.requestNotice === null ? state.requestQueue[0] : undefined;
  const vanished = head !== undefined && !queue.some((request) => request.id === head.id);
  return {
    ...state,
    requestQueue: queue,
    requestAnswering: queue.some((request) => request.id === state.requestAnswering)
      ? state.requestAnswering
      : null,
    requestNotice:
      vanished && head
        ? { id: head.id, kind: head.kind, server: head.server, text: translate('requests.notice.gone') }
        : state.requestNotice,
    samplingText: keepText(state.samplingText, queue),
  };
}

/**
 * Adds a request in age order, or replaces the queued one with the same id in place. A sampling
 * request first heard of while already running was approved by a session allowance: it is not shown.
 */
export function upsertRequest(state: RequestsState, request: ServerRequest): RequestsState {
  const index = state.requestQueue.findIndex((queued) => queued.id === request.id);
  if (index === -1) {
    if (request.kind === 'sampling' && request.stage === 'running') return state;
    return { ...state, requestQueue: orderRequests([...state.requestQueue, request]) };
  }
  const before = state.requestQueue[index];
  const queue = [...state.requestQueue];
  queue[index] = request;
  let { samplingText, requestAnswering } = state;
  if (before?.kind === 'sampling' && request.kind === 'sampling') {
    const moved = before.stage !== request.stage || before.error !== request.error;
    if (moved && requestAnswering === request.id) requestAnswering = null;
    if (request.stage === 'running' && before.stage !== 'running')
      samplingText = { ...samplingText, [request.id]: '' };
  }
  return { ...state, requestQueue: queue, requestAnswering, samplingText };
}

/** The queue and streamed text without `id`. */
export function dropRequest(state: RequestsState, id: string): RequestsState {
  const { [id]: _gone, ...samplingText } = state.samplingText;
  return {
    ...state,
    requestQueue: state.requestQueue.filter((request) => request.id !== id),
    requestAnswering: state.requestAnswering === id ? null : state.requestAnswering,
    samplingText: id in state.samplingText ? samplingText : state.samplingText,
  };
}

/** The state after a request settled: it leaves the queue, with a notice if it was on screen. */
export function settleRequest(state: RequestsState, id: string, reason: RequestSettleReason): RequestsState {
  const request = state.requestQueue.find((queued) => queued.id === id);
  if (!request) return state.requestAnswering === id ? { ...state, requestAnswering: null } : state;
  const shown = state.requestNotice === null && !state.requestsDeferred && state.requestQueue[0]?.id === id;
  const text = shown ? settleNoticeText(request.server, reason, state.requestAnswering === id) : null;
  const next = dropRequest(state, id);
  return text === null
    ? next
    : { ...next, requestNotice: { id, kind: request.kind, server: request.server, text } };
}

/** Appends streamed text, only for requests that are queued. */
export function appendSamplingText(state: RequestsState, deltas: readonly SamplingDelta[]): RequestsState {
  let text = state.samplingText;
  for (const { id, text: piece } of deltas) {
    if (!state.requestQueue.some((request) => request.id === id)) continue;
    if (text === state.samplingText) text = { ...text };
    text[id] = (text[id] ?? '') + piece;
  }
  return text === state.samplingText ? state : { ...state, samplingText: text };
}

export type SamplingDelta = Events['sampling.delta'];

export type RequestsActions = {
  samplingListed(list: SamplingRequest[]): void;
  elicitationListed(list: ElicitationRequest[]): void;
  /** A sampling request arrived or moved on; an elicitation request arrived. */
  requestArrived(request: ServerRequest): void;
  samplingDeltas(deltas: readonly SamplingDelta[]): void;
  requestSettled(id: string, reason: RequestSettleReason): void;
  /** The person chose; their answer is on its way (null: it failed and they may choose again). */
  requestAnswering(id: string | null): void;
  /** The host took an answer that ends the request. */
  requestAnswered(id: string): void;
  requestNoticeCleared(): void;
  requestsSetAside(deferred: boolean): void;
  requestRefused(refused: RefusedRequest): void;
  refusalDismissed(key: number): void;
};

type SetRequests = (update: (s: RequestsState) => Partial<RequestsState>) => void;

let refusalKey = 0;

/** The requests actions over the store's `set`. */
export function createRequestsActions(set: SetRequests): RequestsActions {
  return {
    samplingListed: (list) => set((s) => refillKind(s, 'sampling', list)),
    elicitationListed: (list) => set((s) => refillKind(s, 'elicitation', list)),
    requestArrived: (request) => set((s) => upsertRequest(s, request)),
    samplingDeltas: (deltas) => set((s) => appendSamplingText(s, deltas)),
    requestSettled: (id, reason) =>
      set((s) => ({ ...settleRequest(s, id, reason), requestsSettledCount: s.requestsSettledCount + 1 })),
    requestAnswering: (id) => set(() => ({ requestAnswering: id })),
    requestAnswered: (id) => set((s) => dropRequest(s, id)),
    requestNoticeCleared: () => set(() => ({ requestNotice: null })),
    requestsSetAside: (deferred) => set(() => ({ requestsDeferred: deferred })),
    requestRefused: (refused) =>
      set((s) => {
        refusalKey += 1;
        const toast = { ...refused, key: refusalKey, arrivedAt: Date.now() };
        return { refusals: [...s.refusals, toast].slice(-MAX_REFUSALS) };
      }),
    refusalDismissed: (key) => set((s) => ({ refusals: s.refusals.filter((toast) => toast.key !== key) })),
  };
}

/** Queues streamed sampling text and hands it over once per animation frame, merged per request. */
export function createSamplingDeltaQueue(
  flush: (deltas: SamplingDelta[]) => void,
  schedule?: (run: () => void) => void,
): { push(delta: SamplingDelta): void } {
  return createTextDeltaQueue<SamplingDelta>((a, b) => a.id === b.id, flush, schedule);
}
