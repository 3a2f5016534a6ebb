// Which servers need the person (failed, or waiting for a sign-in), and how that reads from the chat.
import { visibleToModel } from '../../../../shared/apps';
import type { ToolSelection } from '../../../../shared/chat';
import type { ServerView } from '../../../../shared/types';
import { translate } from '../../i18n';

/** What a server in each state that needs the person is doing: `notRunning` or `signIn`. */
export type Trouble = 'notRunning' | 'signIn';

const TROUBLE: Readonly<Record<string, Trouble>> = {
  error: 'notRunning',
  'sign-in-required': 'signIn',
};

/** True when the server failed or waits for the person; a stopped or disabled one was the person's choice. */
export function needsAttention(view: ServerView): boolean {
  return Object.hasOwn(TROUBLE, view.state.kind) && view.entry.disabled !== true;
}

/** One server whose tools the model cannot use now; `tools` when their number is known. */
export type UnavailableServer = { server: string; trouble: Trouble; tools?: number };

/**
 * The servers that need attention and are not switched off for this conversation, with how many tools
 * each takes away: those listed now (a cached list) or those it had when it last ran.
 */
export function unavailableServers(
  servers: readonly ServerView[],
  lastToolCounts: Readonly<Record<string, number>>,
  selection: ToolSelection,
): UnavailableServer[] {
  return servers
    .filter((view) => needsAttention(view) && !selection.disabledServers.includes(view.name))
    .map((view) => {
      const listed = view.tools.filter(visibleToModel).length;
      const known = Object.hasOwn(lastToolCounts, view.name) ? lastToolCounts[view.name] : undefined;
      const tools = listed > 0 ? listed : known;
      return { server: view.name, trouble: TROUBLE[view.state.kind] ?? 'notRunning', tools };
    });
}

/** "2 tools unavailable: github is not running"; "Tools unavailable: …" when a count is not known. */
export function unavailableText(list: readonly UnavailableServer[]): string {
  const reasons = list
    .map((item) => translate('servers.attention.reason', { server: item.server, trouble: item.trouble }))
    .join(translate('servers.attention.separator'));
  if (list.some((item) => item.tools === undefined))
    return translate('servers.attention.unknownCount', { reasons });
  const total = list.reduce((sum, item) => sum + (item.tools ?? 0), 0);
  if (total === 0) return reasons;
  return translate('servers.attention.count', { count: total, reasons });
}
