// Read hooks over the store: atomic selectors, `useShallow` for derived lists.
import { useShallow } from 'zustand/react/shallow';
import type { ConfigView, LogEntry, ServerView, WireEntry } from '../../../shared/types';
import type { LinkStatus } from '../api/types';
import { type Actions, useAppStore } from './store';
import type { DialogState, TabId } from './uiSlice';

const NO_LOGS: LogEntry[] = [];
const NO_WIRE: WireEntry[] = [];

export const useActions = (): Actions => useAppStore((s) => s.actions);

export const useServerNames = (): string[] => useAppStore(useShallow((s) => Object.keys(s.servers)));
export const useServer = (name: string | null): ServerView | undefined =>
  useAppStore((s) => (name === null ? undefined : s.servers[name]));
export const useServerCount = (): number => useAppStore((s) => Object.keys(s.servers).length);

export const useLogs = (server: string): LogEntry[] => useAppStore((s) => s.logs[server] ?? NO_LOGS);
export const useWire = (server: string): WireEntry[] => useAppStore((s) => s.wire[server] ?? NO_WIRE);

export const useConfig = (): ConfigView | null => useAppStore((s) => s.config);

export const useSelectedName = (): string | null => useAppStore((s) => s.selected);
export const useTab = (): TabId => useAppStore((s) => s.tab);
export const useDialog = (): DialogState => useAppStore((s) => s.dialog);
export const useLink = (): LinkStatus => useAppStore((s) => s.link);
export const useEpoch = (): number => useAppStore((s) => s.epoch);
export const useLoaded = (): boolean => useAppStore((s) => s.loaded);
export const useLoadError = (): string | null => useAppStore((s) => s.loadError);
export const useRestartAttempts = (server: string): number | undefined =>
  useAppStore((s) => s.restartAttempts[server]);
