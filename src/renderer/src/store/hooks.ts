// Read hooks over the store: atomic selectors, `useShallow` for derived lists.
import { useShallow } from 'zustand/react/shallow';
import type {
  ChatMessage,
  Compaction,
  ConsentRequest,
  ConversationSummary,
  ModelsView,
  ReplyUsage,
  ToolSelection,
} from '../../../shared/chat';
import type { Exposure } from '../../../shared/flow';
import { ownValue } from '../../../shared/nameRecord';
import { offersCatalogue } from '../../../shared/offered';
import type { InputRequest } from '../../../shared/requests';
import type { ContextItem } from '../../../shared/resources';
import type { RootsConfirmation, RootsView } from '../../../shared/roots';
import type { ServerApprovalRequest } from '../../../shared/serverApprovals';
import type { SkillApprovalRequest, SkillView } from '../../../shared/skills';
import type { ConfigView, LogEntry, ServerView, WireEntry } from '../../../shared/types';
import type { LinkStatus } from '../api/types';
import { type ChatOptions, isTurnRunning } from './chatEntries';
import type { Section, SettingsTab } from './chatSlice';
import {
  type ConsentDraft,
  type ConsentNotice,
  decidedInDialog,
  dialogHead,
  pendingIn,
} from './consentSlice';
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
/** The servers that can be restarted: configured without an error, enabled and approved. */
export const useRestartableNames = (): string[] =>
  useAppStore(
    useShallow((s) =>
      Object.values(s.servers)
        .filter((view) => !view.configProblem && !view.entry.disabled && !view.approval)
        .map((view) => view.name),
    ),
  );

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

/** Running servers, and those whose cached lists are offered until they answer (see `offersCatalogue`). */
export const useOfferedServers = (): ServerView[] =>
  useAppStore(useShallow((s) => Object.values(s.servers).filter(offersCatalogue)));

export const useChats = (): ConversationSummary[] => useAppStore((s) => s.chats);
export const useChatsLoaded = (): boolean => useAppStore((s) => s.chatsLoaded);
export const useChatsError = (): string | null => useAppStore((s) => s.chatsError);
export const useOpenChat = (): string | null => useAppStore((s) => s.openChat);
export const useChatStarting = (): boolean => useAppStore((s) => s.chatStarting);
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
const NO_OPTIONS: ChatOptions = {};
export const useChatOptions = (id: string): ChatOptions =>
  useAppStore((s) => s.conversations[id]?.options ?? NO_OPTIONS);
/** The summary of older messages in force, when the conversation was compacted. */
export const useCompaction = (id: string): Compaction | undefined =>
  useAppStore((s) => s.conversations[id]?.compactions.at(-1));
/** The id of the conversation's last message, or undefined. */
export const useLastMessageId = (id: string): string | undefined =>
  useAppStore((s) => s.conversations[id]?.ids.at(-1));
export const useSearchRequests = (): number => useAppStore((s) => s.searchRequests);
/** What the conversation took in (private data, outside content), if anything. */
export const useExposure = (id: string): Exposure | undefined =>
  useAppStore((s) => s.conversations[id]?.exposure);
export const useRevealRequest = () => useAppStore((s) => s.revealRequest);
/** The usage of the conversation's latest reply that has one, with that reply's model. */
export const useLatestUsage = (id: string): { usage: ReplyUsage; model: string } | undefined =>
  useAppStore(
    useShallow((s) => {
      const entry = s.conversations[id];
      for (let at = (entry?.ids.length ?? 0) - 1; at >= 0; at--) {
        const message = entry?.byId[entry.ids[at] ?? ''];
        if (message?.role === 'assistant' && message.usage)
          return { usage: message.usage, model: message.model };
      }
      return undefined;
    }),
  );
export const useSection = (): Section => useAppStore((s) => s.section);
export const useSettingsTab = (): SettingsTab | null => useAppStore((s) => s.settings);

/** The oldest request the dialog decides (an app view's call, or one outside any conversation). */
export const useConsentHead = (): ConsentRequest | undefined =>
  useAppStore((s) => dialogHead(s.consentQueue));
/** How many requests the dialog decides. */
export const useConsentCount = (): number =>
  useAppStore((s) => s.consentQueue.filter(decidedInDialog).length);
/** Whether the answer to `id` is on its way. */
export const useConsentAnswering = (id: string): boolean =>
  useAppStore((s) => s.consentAnswering.includes(id));
export const useConsentNotice = (): ConsentNotice | null => useAppStore((s) => s.consentNotice);
/** The waiting request for the card of call `callId` in `conversationId`, if the card decides it. */
export const useConsentForCall = (conversationId: string, callId: string): ConsentRequest | undefined =>
  useAppStore((s) => pendingIn(s.consentQueue, conversationId).find((request) => request.callId === callId));
/** The requests the cards of `conversationId` decide, oldest first. */
export const usePendingIn = (conversationId: string): ConsentRequest[] =>
  useAppStore(useShallow((s) => pendingIn(s.consentQueue, conversationId)));
/** Every waiting request, oldest first. */
export const useConsentQueue = (): ConsentRequest[] => useAppStore((s) => s.consentQueue);
export const useConsentDraft = (id: string): ConsentDraft | undefined =>
  useAppStore((s) => s.consentDrafts[id]);
/** The drafts of several requests, for answering them together. */
export const useConsentDrafts = (): Record<string, ConsentDraft> => useAppStore((s) => s.consentDrafts);

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

export const useInputHead = (): InputRequest | undefined => useAppStore((s) => s.inputQueue[0]);
export const useInputCount = (): number => useAppStore((s) => s.inputQueue.length);

/** The oldest server waiting for approval (refused ones wait for "Review again"). */
export const useApprovalHead = (): ServerApprovalRequest | undefined =>
  useAppStore((s) => s.serverApprovals.find((request) => request.state === 'waiting'));
export const useApprovalCount = (): number =>
  useAppStore((s) => s.serverApprovals.filter((request) => request.state === 'waiting').length);

const NO_SKILLS: SkillView[] = [];

/** Every server's skills, or those of `server`. */
export const useSkills = (server?: string): SkillView[] =>
  useAppStore(
    useShallow((s) =>
      server === undefined ? s.skills : s.skills.filter((skill) => skill.server === server),
    ),
  ) ?? NO_SKILLS;
export const useSkill = (server: string, uri: string): SkillView | undefined =>
  useAppStore((s) => s.skills.find((skill) => skill.server === server && skill.uri === uri));
export const useSkillHead = (): SkillApprovalRequest | undefined => useAppStore((s) => s.skillQueue[0]);
export const useSkillCount = (): number => useAppStore((s) => s.skillQueue.length);
export const useSkillNotice = (): { id: string; text: string } | null => useAppStore((s) => s.skillNotice);
