// Consent slice: tool calls waiting for the person (oldest first), their edited arguments, and the dialog's notices.
import type { ConsentRequest } from '../../../shared/chat';
import type { Events } from '../../../shared/contract';
import type { Json } from '../../../shared/types';
import { translate } from '../i18n';

export type SettleReason = Events['consent.settled']['reason'];

/** Said briefly in place of a shown request that settled before the person answered it here. */
export type ConsentNotice = { id: string; text: string };

/** The person's edit of a waiting call's arguments: the text, and the value when it is valid. */
export type ConsentDraft = { text: string; value?: Json };

export type ConsentState = {
  /** Waiting requests, oldest first. */
  consentQueue: ConsentRequest[];
  /** Requests whose answer is on its way to the host. */
  consentAnswering: string[];
  /** While set, the dialog shows this notice instead of the next request. */
  consentNotice: ConsentNotice | null;
  /** Edited arguments by request id; kept while the card scrolls out of view. */
  consentDrafts: Record<string, ConsentDraft>;
};

export const consentInitial: ConsentState = {
  consentQueue: [],
  consentAnswering: [],
  consentNotice: null,
  consentDrafts: {},
};

/**
 * True when the request is decided in the dialog: a call an app view asked for, or one outside any
 * conversation (a view in the Tools tab). Every other call is decided in its card in the conversation.
 */
export function decidedInDialog(request: ConsentRequest): boolean {
  return request.viaView !== undefined || request.conversationId === '';
}

/** The requests the conversation's cards decide, oldest first. */
export function pendingIn(queue: readonly ConsentRequest[], conversationId: string): ConsentRequest[] {
  return queue.filter((request) => request.conversationId === conversationId && !decidedInDialog(request));
}

/** Waiting calls decided in cards, grouped by conversation (oldest first), leaving out the conversation on screen. */
export function waitingElsewhere(
  queue: readonly ConsentRequest[],
  visible: string | null,
): { conversationId: string; requests: ConsentRequest[] }[] {
  const groups = new Map<string, ConsentRequest[]>();
  for (const request of queue) {
    if (decidedInDialog(request) || request.conversationId === visible) continue;
    groups.set(request.conversationId, [...(groups.get(request.conversationId) ?? []), request]);
  }
  return [...groups].map(([conversationId, requests]) => ({ conversationId, requests }));
}

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

/** The dialog's request: the oldest one decided in the dialog. */
export function dialogHead(queue: readonly ConsentRequest[]): ConsentRequest | undefined {
  return queue.find(decidedInDialog);
}

/** What to tell the person when a request settles while they are looking at it. */
export function settleNotice(reason: SettleReason, answeredHere: boolean): string | null {
  if (reason === 'cancelled') return translate('consent.notice.cancelled');
  if (reason === 'server-gone') return translate('consent.notice.serverGone');
  return answeredHere ? null : translate('consent.notice.answeredElsewhere');
}

function without<T>(record: Record<string, T>, id: string): Record<string, T> {
  if (!(id in record)) return record;
  const { [id]: _gone, ...rest } = record;
  return rest;
}

/**
 * The state after a request settled: it leaves the queue with its draft; if the dialog showed it,
 * a notice says why (a card shows its own new status instead).
 */
export function settle(state: ConsentState, id: string, reason: SettleReason): ConsentState {
  const answering = state.consentAnswering.filter((other) => other !== id);
  if (!state.consentQueue.some((request) => request.id === id)) {
    return answering.length === state.consentAnswering.length
      ? state
      : { ...state, consentAnswering: answering };
  }
  const shown = state.consentNotice === null && dialogHead(state.consentQueue)?.id === id;
  const text = shown ? settleNotice(reason, state.consentAnswering.includes(id)) : null;
  return {
    consentQueue: dequeue(state.consentQueue, id),
    consentAnswering: answering,
    consentNotice: text === null ? state.consentNotice : { id, text },
    consentDrafts: without(state.consentDrafts, id),
  };
}

/** The state after a fresh pending list (on every (re)connect); a request the dialog showed that is gone gets a notice. */
export function refill(state: ConsentState, list: readonly ConsentRequest[]): ConsentState {
  const queue = fillQueue(list);
  const live = new Set(queue.map((request) => request.id));
  const head = state.consentNotice === null ? dialogHead(state.consentQueue) : undefined;
  const vanished = head !== undefined && !live.has(head.id);
  return {
    consentQueue: queue,
    consentAnswering: state.consentAnswering.filter((id) => live.has(id)),
    consentNotice:
      vanished && head ? { id: head.id, text: translate('consent.notice.gone') } : state.consentNotice,
    consentDrafts: Object.fromEntries(Object.entries(state.consentDrafts).filter(([id]) => live.has(id))),
  };
}

export type ConsentActions = {
  consentListed(list: ConsentRequest[]): void;
  consentRequested(request: ConsentRequest): void;
  consentSettled(settled: Events['consent.settled']): void;
  /** The person chose; their answers are on their way. */
  consentAnswering(ids: string[]): void;
  /** An answer failed to arrive; the person may choose again. */
  consentAnswerFailed(id: string): void;
  /** The host took the answer. */
  consentAnswered(id: string): void;
  consentNoticeCleared(): void;
  /** The person edited a waiting call's arguments (undefined: back to the model's). */
  consentDraftChanged(id: string, draft: ConsentDraft | undefined): void;
};

type SetConsent = (update: (s: ConsentState) => Partial<ConsentState>) => void;

/** The consent actions over the store's `set`. */
export function createConsentActions(set: SetConsent): ConsentActions {
  return {
    consentListed: (list) => set((s) => refill(s, list)),
    consentRequested: (request) => set((s) => ({ consentQueue: enqueue(s.consentQueue, request) })),
    consentSettled: ({ id, reason }) => set((s) => settle(s, id, reason)),
    consentAnswering: (ids) =>
      set((s) => ({ consentAnswering: [...new Set([...s.consentAnswering, ...ids])] })),
    consentAnswerFailed: (id) =>
      set((s) => ({ consentAnswering: s.consentAnswering.filter((other) => other !== id) })),
    consentAnswered: (id) =>
      set((s) => ({
        consentQueue: dequeue(s.consentQueue, id),
        consentAnswering: s.consentAnswering.filter((other) => other !== id),
        consentDrafts: without(s.consentDrafts, id),
      })),
    consentNoticeCleared: () => set(() => ({ consentNotice: null })),
    consentDraftChanged: (id, draft) =>
      set((s) => ({
        consentDrafts:
          draft === undefined ? without(s.consentDrafts, id) : { ...s.consentDrafts, [id]: draft },
      })),
  };
}
