// UI slice: selection, open tab, open dialog and the health of the link to the host.
import type { LinkStatus } from '../api/types';

export type TabId = 'overview' | 'tools' | 'skills' | 'logs' | 'protocol' | 'roots' | 'tasks';

export type DialogState =
  | { kind: 'add' }
  | { kind: 'edit'; name: string }
  /** `line`: where the editor opens, at a problem to fix. */
  | { kind: 'configFile'; line?: number; column?: number }
  | { kind: 'browse' }
  | { kind: 'bundle' }
  | { kind: 'link'; link?: string }
  | { kind: 'import' }
  | null;

export type UiState = {
  selected: string | null;
  tab: TabId;
  dialog: DialogState;
  link: LinkStatus;
  /** Goes up each time the link (re)connects, so views can re-fetch their history. */
  epoch: number;
  /** True once the first `servers.list` answered. */
  loaded: boolean;
  loadError: string | null;
};

export const uiInitial: UiState = {
  selected: null,
  tab: 'overview',
  dialog: null,
  link: 'connecting',
  epoch: 0,
  loaded: false,
  loadError: null,
};

/** Keeps the selection on an existing server: the same one, else its neighbour, else the first. */
export function reselect(selected: string | null, before: string[], after: string[]): string | null {
  if (selected !== null && after.includes(selected)) return selected;
  if (after.length === 0) return null;
  const index = selected === null ? 0 : Math.max(0, before.indexOf(selected));
  return after[Math.min(index, after.length - 1)] ?? null;
}
