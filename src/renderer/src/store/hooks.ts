// Read hooks over the store: atomic selectors, `useShallow` for derived lists.
import { useShallow } from 'zustand/react/shallow';
import type {
  ChatMessage,
  ConsentRequest,
  ConversationSummary,
  ModelsView,
  ToolSelection,
} from '../../../shared/chat';
import { ownValue } from '../../../shared/nameRecord';
import type { ContextItem } from '../../../shared/resources';
import type { RootsConfirmation, RootsView } from '../../../shared/roots';
import type { ConfigView, LogEntry, ServerView, WireEntry } from '../../../shared/types';
import type { LinkStatus } from '../api/types';
import { isTurnRunning, type Section, type SettingsTab } from './chatSlice';
import type { ConsentNotice } from './consentSlice';
import type { RefusalToast, RequestNotice, ServerRequest } from './requestsSlice';
import { type ComposerOffer, type ResourceSelection, type ResourceUpdate, updateKey } from './resourcesSlice';
import type { RootsNotice } from './rootsSlice';
import { type Actions, useAppStore } from './store';
import type { DialogState, TabId } from './uiSlice';

const NO_LOGS: LogEntry[] = [];
const NO_WIRE: WireEntry[] = [];

export const useActions = (): Actions => useAppStore((s) => s.actions);

export const useServerNames = (): string[] => useAppStore(useShallow((s) => Object.keys(s.servers)));
export const useServer = (name: string | null): ServerView | undefined =>
  useAppStore((s) => (name === null ? undefined : ownValue(s.servers, name)));
export const useServerCount = (): number => useAppStore((s) => Object.keys(s.servers).length);

export const useLogs = (server: string): LogEntry[] =>
  useAppStore((s) => ownValue(s.logs, server) ?? NO_LOGS);
export const useWire = (server: string): WireEntry[] =>
  useAppStore((s) => ownValue(s.wire, server) ?? NO_WIRE);

export const useConfig = (): ConfigView | null => useAppStore((s) => s.config);

export const useSelectedName = (): string | null => useAppStore((s) => s.selected);
export const useTab = (): TabId => useAppStore((s) => s.tab);
export const useDialog = (): DialogState => useAppStore((s) => s.dialog);
export const useLink = (): LinkStatus => useAppStore((s) => s.link);
export const useEpoch = (): number => useAppStore((s) => s.epoch);
export const useLoaded = (): boolean => useAppStore((s) => s.loaded);
export const useLoadError = (): string | null => useAppStore((s) => s.loadError);

const NO_IDS: string[] = [];

export const useLastToolCounts = (): Readonly<Record<string, number>> => useAppStore((s) => s.lastToolCounts);

export const useAllServers = (): ServerView[] => useAppStore(useShallow((s) => Object.values(s.servers)));

export const useRunningServers = (): ServerView[] =>
  useAppStore(useShallow((s) => Object.values(s.servers).filter((view) => view.state.kind === 'running')));

export const useChats = (): ConversationSummary[] => useAppStore((s) => s.chats);
export const useChatsLoaded = (): boolean => useAppStore((s) => s.chatsLoaded);
export const useChatsError = (): string | null => useAppStore((s) => s.chatsError);
export const useOpenChat = (): string | null => useAppStore((s) => s.openChat);
export const useChatSummary = (id: string): ConversationSummary | undefined =>
  useAppStore((s) => s.chats.find((chat) => chat.id === id));
export const useChatLoaded = (id: string): boolean =>
  useAppStore((s) => s.conversations[id]?.loaded ?? false);
export const useMessageIds = (id: string): string[] => useAppStore((s) => s.conversations[id]?.ids ?? NO_IDS);
export const useMessage = (id: string, messageId: string): ChatMessage | undefined =>
  useAppStore((s) => s.conversations[id]?.byId[messageId]);
export const useChatTools = (id: string): ToolSelection | undefined =>
  useAppStore((s) => s.conversations[id]?.tools);
export const useTurnRunning = (id: string): boolean => useAppStore((s) => isTurnRunning(s.conversations[id]));
export const useModels = (): ModelsView | null => useAppStore((s) => s.models);
export const useSection = (): Section => useAppStore((s) => s.section);
export const useSettingsTab = (): SettingsTab | null => useAppStore((s) => s.settings);

export const useConsentHead = (): ConsentRequest | undefined => useAppStore((s) => s.consentQueue[0]);
export const useConsentCount = (): number => useAppStore((s) => s.consentQueue.length);
export const useConsentAnswering = (): string | null => useAppStore((s) => s.consentAnswering);
export const useConsentNotice = (): ConsentNotice | null => useAppStore((s) => s.consentNotice);

export const useRootsView = (): RootsView | null => useAppStore((s) => s.rootsView);
export const useRootsQueue = (): RootsConfirmation[] => useAppStore((s) => s.rootsQueue);
export const useRootsHead = (): RootsConfirmation | undefined => useAppStore((s) => s.rootsQueue[0]);
export const useRootsCount = (): number => useAppStore((s) => s.rootsQueue.length);
export const useRootsAnswering = (): string | null => useAppStore((s) => s.rootsAnswering);
export const useRootsNotice = (): RootsNotice | null => useAppStore((s) => s.rootsNotice);
export const useFolderBrowserOpen = (): boolean => useAppStore((s) => s.folderBrowserOpen);

export const useRequestHead = (): ServerRequest | undefined => useAppStore((s) => s.requestQueue[0]);
export const useRequestCount = (): number => useAppStore((s) => s.requestQueue.length);
export const useRequestAnswering = (): string | null => useAppStore((s) => s.requestAnswering);
export const useRequestNotice = (): RequestNotice | null => useAppStore((s) => s.requestNotice);
export const useRequestsDeferred = (): boolean => useAppStore((s) => s.requestsDeferred);
export const useSamplingText = (id: string): string => useAppStore((s) => s.samplingText[id] ?? '');
export const useRefusals = (): RefusalToast[] => useAppStore((s) => s.refusals);
export const useRequestsSettledCount = (): number => useAppStore((s) => s.requestsSettledCount);

const NO_CONTEXT: ContextItem[] = [];

export const useComposerContext = (id: string): ContextItem[] =>
  useAppStore((s) => s.composerContext[id] ?? NO_CONTEXT);
export const useComposerOffer = (id: string): ComposerOffer | undefined =>
  useAppStore((s) => s.composerOffers[id]);
export const useResourceExpanded = (): Record<string, boolean> => useAppStore((s) => s.resourceExpanded);
export const useResourceSelected = (): ResourceSelection | null => useAppStore((s) => s.resourceSelected);
export const useResourceFilter = (): string => useAppStore((s) => s.resourceFilter);
export const useResourceUpdate = (server: string, uri: string): ResourceUpdate | undefined =>
  useAppStore((s) => s.resourceUpdates[updateKey(server, uri)]);
