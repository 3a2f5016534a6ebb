// Resources slice: what each conversation's next message carries (prompt, attachments), and the resource tree's state.
import type { Events } from '../../../shared/contract';
import type { ContextItem } from '../../../shared/resources';

/** The resource shown in the preview pane. */
export type ResourceSelection = { server: string; uri: string; name?: string; key?: string; skill?: true };

/** When a watched resource last changed, and how often (to re-read even within one millisecond). */
export type ResourceUpdate = { at: number; count: number };

/** A message an app view suggests: it goes into the message box, where the person edits or sends it. */
export type ComposerOffer = { text: string; from: string; seq: number };

export type ResourcesState = {
  /** Context waiting for the next message of each conversation, in the order it was added. */
  composerContext: Record<string, ContextItem[]>;
  /** Per conversation, the latest message an app view suggested, until the composer takes it. */
  composerOffers: Record<string, ComposerOffer>;
  /** Tree branches the person opened (true) or closed (false), by node key. */
  resourceExpanded: Record<string, boolean>;
  resourceSelected: ResourceSelection | null;
  resourceFilter: string;
  /** `server\u0000uri` → its last update. */
  resourceUpdates: Record<string, ResourceUpdate>;
};

export const resourcesInitial: ResourcesState = {
  composerContext: {},
  composerOffers: {},
  resourceExpanded: {},
  resourceSelected: null,
  resourceFilter: '',
  resourceUpdates: {},
};

/** The key of one resource of one server in `resourceUpdates`. */
export function updateKey(server: string, uri: string): string {
  return `${server}\u0000${uri}`;
}

/** True when two items stand for the same thing: one prompt slot, the same resource or file, or the same view's context. */
function sameSlot(a: ContextItem, b: ContextItem): boolean {
  if (a.kind === 'prompt' || b.kind === 'prompt') return a.kind === b.kind;
  if (a.kind === 'app' || b.kind === 'app') {
    return a.kind === 'app' && b.kind === 'app' && a.server === b.server && a.callId === b.callId;
  }
  if (a.kind === 'file' || b.kind === 'file') return a.kind === 'file' && b.kind === 'file' && a.id === b.id;
  return a.kind === b.kind && a.server === b.server && a.uri === b.uri;
}

/** Adds `item`: a prompt replaces the previous prompt, a resource the same resource, a view's context its last one. */
export function addContext(list: readonly ContextItem[], item: ContextItem): ContextItem[] {
  const at = list.findIndex((existing) => sameSlot(existing, item));
  if (at < 0) return item.kind === 'prompt' ? [item, ...list] : [...list, item];
  const next = [...list];
  next[at] = item;
  return next;
}

/** `record` with `key` set to `list`, or without `key` when the list is empty. */
function withList(
  record: Record<string, ContextItem[]>,
  key: string,
  list: ContextItem[],
): Record<string, ContextItem[]> {
  if (list.length > 0) return { ...record, [key]: list };
  if (!(key in record)) return record;
  const { [key]: _gone, ...rest } = record;
  return rest;
}

export type ResourcesActions = {
  contextAdded(conversationId: string, item: ContextItem): void;
  /** Removes the prompt, the resource with this uri of this server, or this view's context. */
  contextRemoved(conversationId: string, item: ContextItem): void;
  /** Replaces the whole list (after a send, or to put it back when a send failed). */
  contextSet(conversationId: string, items: ContextItem[]): void;
  /** An app view suggests `text` as the next message of the conversation. */
  composerOffered(conversationId: string, offer: Omit<ComposerOffer, 'seq'>): void;
  composerOfferTaken(conversationId: string): void;
  resourceToggled(key: string, expanded: boolean): void;
  resourceSelected(selection: ResourceSelection | null): void;
  resourceFilterChanged(filter: string): void;
  resourceUpdated(update: Events['resource.updated']): void;
};

type SetResources = (update: (s: ResourcesState) => Partial<ResourcesState>) => void;

/** The resources actions over the store's `set`. */
export function createResourcesActions(set: SetResources): ResourcesActions {
  return {
    contextAdded: (id, item) =>
      set((s) => ({
        composerContext: withList(s.composerContext, id, addContext(s.composerContext[id] ?? [], item)),
      })),
    contextRemoved: (id, item) =>
      set((s) => ({
        composerContext: withList(
          s.composerContext,
          id,
          (s.composerContext[id] ?? []).filter((existing) => !sameSlot(existing, item)),
        ),
      })),
    contextSet: (id, items) => set((s) => ({ composerContext: withList(s.composerContext, id, items) })),
    composerOffered: (id, offer) =>
      set((s) => ({
        composerOffers: {
          ...s.composerOffers,
          [id]: { ...offer, seq: (s.composerOffers[id]?.seq ?? 0) + 1 },
        },
      })),
    composerOfferTaken: (id) =>
      set((s) => {
        if (!(id in s.composerOffers)) return {};
        const { [id]: _taken, ...rest } = s.composerOffers;
        return { composerOffers: rest };
      }),
    resourceToggled: (key, expanded) =>
      set((s) => ({ resourceExpanded: { ...s.resourceExpanded, [key]: expanded } })),
    resourceSelected: (resourceSelected) => set(() => ({ resourceSelected })),
    resourceFilterChanged: (resourceFilter) => set(() => ({ resourceFilter })),
    resourceUpdated: ({ server, uri }) =>
      set((s) => {
        const key = updateKey(server, uri);
        const count = (s.resourceUpdates[key]?.count ?? 0) + 1;
        return { resourceUpdates: { ...s.resourceUpdates, [key]: { at: Date.now(), count } } };
      }),
  };
}
