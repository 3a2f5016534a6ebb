// Roots slice: the shared folders and per-server sharing, the "share these folders?" queue, and the folder browser.
import type { RootsConfirmation, RootsView } from '../../../shared/roots';
import { translate } from '../i18n';

/** Said briefly in place of a shown question that settled before the person answered it here. */
export type RootsNotice = { id: string; text: string };

export type RootsState = {
  /** The host's roots, or null until the first `roots.get` answered. */
  rootsView: RootsView | null;
  /** Waiting "Share these folders with …?" questions, oldest first; the first one is shown. */
  rootsQueue: RootsConfirmation[];
  /** The question whose answer is on its way to the host. */
  rootsAnswering: string | null;
  rootsNotice: RootsNotice | null;
  /** True while the host-served folder browser ("Choose a folder") is open. */
  folderBrowserOpen: boolean;
};

export const rootsInitial: RootsState = {
  rootsView: null,
  rootsQueue: [],
  rootsAnswering: null,
  rootsNotice: null,
  folderBrowserOpen: false,
};

/** Said when a shown question goes away without an answer from this window (in the page's language then). */
export function rootsGoneNotice(): string {
  return translate('roots.notice.gone');
}

function byAge(a: RootsConfirmation, b: RootsConfirmation): number {
  return a.requestedAt - b.requestedAt;
}

/** The host's pending list as the queue: oldest first, each id once. */
export function fillRootsQueue(list: readonly RootsConfirmation[]): RootsConfirmation[] {
  const seen = new Set<string>();
  return list
    .filter((item) => {
      if (seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    })
    .sort(byAge);
}

/** Adds a question in age order; one already queued is left as it is. */
export function enqueueRoots(
  queue: readonly RootsConfirmation[],
  item: RootsConfirmation,
): RootsConfirmation[] {
  if (queue.some((queued) => queued.id === item.id)) return [...queue];
  return [...queue, item].sort(byAge);
}

/** The state after a question settled: it leaves the queue, with a notice if it was on screen and not answered here. */
export function settleRoots(state: RootsState, id: string): RootsState {
  if (!state.rootsQueue.some((item) => item.id === id)) {
    return state.rootsAnswering === id ? { ...state, rootsAnswering: null } : state;
  }
  const shown = state.rootsNotice === null && state.rootsQueue[0]?.id === id;
  const notice = shown && state.rootsAnswering !== id ? { id, text: rootsGoneNotice() } : state.rootsNotice;
  return {
    ...state,
    rootsQueue: state.rootsQueue.filter((item) => item.id !== id),
    rootsAnswering: state.rootsAnswering === id ? null : state.rootsAnswering,
    rootsNotice: notice,
  };
}

/** The state after a fresh pending list (on every (re)connect); a shown question that is gone gets a notice. */
export function refillRoots(state: RootsState, list: readonly RootsConfirmation[]): RootsState {
  const queue = fillRootsQueue(list);
  const head = state.rootsNotice === null ? state.rootsQueue[0] : undefined;
  const vanished = head !== undefined && !queue.some((item) => item.id === head.id);
  return {
    ...state,
    rootsQueue: queue,
    rootsAnswering: queue.some((item) => item.id === state.rootsAnswering) ? state.rootsAnswering : null,
    rootsNotice: vanished && head ? { id: head.id, text: rootsGoneNotice() } : state.rootsNotice,
  };
}

export type RootsActions = {
  rootsChanged(view: RootsView): void;
  rootsPendingListed(list: RootsConfirmation[]): void;
  rootsConfirmationRequested(item: RootsConfirmation): void;
  rootsConfirmationSettled(settled: { id: string }): void;
  /** The person chose; their answer is on its way (null: it failed and they may choose again). */
  rootsAnswering(id: string | null): void;
  /** The host took the answer. */
  rootsAnswered(id: string): void;
  rootsNoticeCleared(): void;
  folderBrowserOpened(): void;
  folderBrowserClosed(): void;
};

type SetRoots = (update: (s: RootsState) => Partial<RootsState>) => void;

/** The roots actions over the store's `set`. */
export function createRootsActions(set: SetRoots): RootsActions {
  return {
    rootsChanged: (rootsView) => set(() => ({ rootsView })),
    rootsPendingListed: (list) => set((s) => refillRoots(s, list)),
    rootsConfirmationRequested: (item) => set((s) => ({ rootsQueue: enqueueRoots(s.rootsQueue, item) })),
    rootsConfirmationSettled: ({ id }) => set((s) => settleRoots(s, id)),
    rootsAnswering: (id) => set(() => ({ rootsAnswering: id })),
    rootsAnswered: (id) =>
      set((s) => ({
        rootsQueue: s.rootsQueue.filter((item) => item.id !== id),
        rootsAnswering: s.rootsAnswering === id ? null : s.rootsAnswering,
      })),
    rootsNoticeCleared: () => set(() => ({ rootsNotice: null })),
    folderBrowserOpened: () => set(() => ({ folderBrowserOpen: true })),
    folderBrowserClosed: () => set(() => ({ folderBrowserOpen: false })),
  };
}
