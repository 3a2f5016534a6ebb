// The one renderer store: slices combined, and the stable `actions` object that changes them.

import { create } from 'zustand';
import { withoutName } from '../../../shared/nameRecord';
import { applyServerUpdate, type ServerUpdate } from '../../../shared/serverUpdate';
import type { ConfigView, LogEntry, ServerView, WireEntry } from '../../../shared/types';
import type { LinkStatus } from '../api/types';
import {
  type ApprovalsActions,
  type ApprovalsState,
  approvalsInitial,
  createApprovalsActions,
} from './approvalsSlice';
import { type ChatActions, type ChatState, chatInitial, createChatActions } from './chatSlice';
import { type ConsentActions, type ConsentState, consentInitial, createConsentActions } from './consentSlice';
import { createInputsActions, type InputsActions, type InputsState, inputsInitial } from './inputsSlice';
import {
  createRequestsActions,
  type RequestsActions,
  type RequestsState,
  requestsInitial,
} from './requestsSlice';
import {
  createResourcesActions,
  type ResourcesActions,
  type ResourcesState,
  resourcesInitial,
} from './resourcesSlice';
import { createRootsActions, type RootsActions, type RootsState, rootsInitial } from './rootsSlice';
import { changeServer, listServers, removeServer, type ServersState, serversInitial } from './serversSlice';
import { createSkillsActions, type SkillsActions, type SkillsState, skillsInitial } from './skillsSlice';
import {
  appendBatch,
  fillBuffer,
  keepOnly,
  LOG_CAP,
  type LogsState,
  logsInitial,
  WIRE_CAP,
  type WireState,
  wireInitial,
} from './streamsSlice';
import { type DialogState, reselect, type TabId, type UiState, uiInitial } from './uiSlice';

type ConfigState = { config: ConfigView | null };

type SliceActions = ChatActions &
  ConsentActions &
  RootsActions &
  RequestsActions &
  ResourcesActions &
  InputsActions &
  ApprovalsActions &
  SkillsActions;

export type Actions = SliceActions & {
  serversListed(list: ServerView[]): void;
  /** A server's view changed; lists missing from `update` are the ones the store has. */
  serverChanged(update: ServerUpdate): void;
  serverRemoved(name: string): void;
  logsArrived(batch: ReadonlyMap<string, LogEntry[]>): void;
  logsFilled(server: string, history: LogEntry[]): void;
  wireArrived(batch: ReadonlyMap<string, WireEntry[]>): void;
  wireFilled(server: string, history: WireEntry[]): void;
  configChanged(view: ConfigView): void;
  serverSelected(name: string): void;
  tabSelected(tab: TabId): void;
  dialogOpened(dialog: Exclude<DialogState, null>): void;
  dialogClosed(): void;
  linkChanged(status: LinkStatus): void;
  loadFailed(message: string): void;
};

export type AppState = ServersState &
  LogsState &
  WireState &
  ConfigState &
  UiState &
  ChatState &
  ConsentState &
  RootsState &
  RequestsState &
  ResourcesState &
  InputsState &
  ApprovalsState &
  SkillsState & { actions: Actions };

export const useAppStore = create<AppState>()((set) => ({
  ...serversInitial,
  ...logsInitial,
  ...wireInitial,
  config: null,
  ...uiInitial,
  ...chatInitial,
  ...consentInitial,
  ...rootsInitial,
  ...requestsInitial,
  ...resourcesInitial,
  ...inputsInitial,
  ...approvalsInitial,
  ...skillsInitial,
  actions: {
    ...createChatActions(set),
    ...createConsentActions(set),
    ...createRequestsActions(set),
    ...createRootsActions(set),
    ...createResourcesActions(set),
    ...createInputsActions(set),
    ...createApprovalsActions(set),
    ...createSkillsActions(set),
    serversListed: (list) =>
      set((s) => {
        const before = Object.keys(s.servers);
        const names = new Set(list.map((view) => view.name));
        return {
          ...listServers(s, list),
          logs: keepOnly(s.logs, names),
          wire: keepOnly(s.wire, names),
          selected: reselect(s.selected, before, [...names]),
          loaded: true,
          loadError: null,
        };
      }),
    serverChanged: (update) =>
      set((s) => {
        const view = applyServerUpdate(s.servers[update.name], update);
        return { ...changeServer(s, view), selected: s.selected ?? view.name };
      }),
    serverRemoved: (name) =>
      set((s) => {
        const before = Object.keys(s.servers);
        const next = removeServer(s, name);
        const logs = withoutName(s.logs, name);
        const wire = withoutName(s.wire, name);
        const dialog = s.dialog?.kind === 'edit' && s.dialog.name === name ? null : s.dialog;
        return {
          ...next,
          logs,
          wire,
          dialog,
          selected: reselect(s.selected, before, Object.keys(next.servers)),
        };
      }),
    logsArrived: (batch) => set((s) => ({ logs: appendBatch(s.logs, batch, LOG_CAP) })),
    logsFilled: (server, history) => set((s) => ({ logs: fillBuffer(s.logs, server, history, LOG_CAP) })),
    wireArrived: (batch) => set((s) => ({ wire: appendBatch(s.wire, batch, WIRE_CAP) })),
    wireFilled: (server, history) => set((s) => ({ wire: fillBuffer(s.wire, server, history, WIRE_CAP) })),
    configChanged: (config) => set({ config }),
    serverSelected: (selected) => set({ selected, settings: null }),
    tabSelected: (tab) => set({ tab }),
    dialogOpened: (dialog) => set({ dialog }),
    dialogClosed: () => set({ dialog: null }),
    linkChanged: (link) =>
      set((s) => (link === 'connected' && s.link !== 'connected' ? { link, epoch: s.epoch + 1 } : { link })),
    loadFailed: (loadError) => set({ loadError }),
  },
}));

/** The stable actions object, for code outside React. */
export const actions: Actions = useAppStore.getState().actions;
