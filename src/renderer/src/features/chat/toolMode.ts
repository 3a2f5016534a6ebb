// How a conversation's tools reach the model: all with every request, or a few and search (the host's rule, shared/toolBudget).
import type { ModelsView, ToolSelection } from '../../../../shared/chat';
import { contextWindow } from '../../../../shared/contextWindow';
import { pinRoom, searchesTools, type ToolBudget, toolBudget } from '../../../../shared/toolBudget';
import { isToolEnabled } from '../../../../shared/toolSelection';
import type { ToolView } from '../../../../shared/types';
import { translate } from '../../i18n';
import type { Translate } from './toolCallText';

export type ToolMode = {
  /** Tools the conversation lets the model use. */
  count: number;
  /** True when they are over the budget: the model gets pins, recent tools and search. */
  searches: boolean;
  /** Pinned tools among them, and how many of those a request carries. */
  pinned: number;
  pinnedSent: number;
  /** The provider's most tools per request, where it has one. */
  limit?: number;
};

type Servers = readonly { name: string; tools: readonly ToolView[] }[];

/** The budget for the conversation's model: its provider's type and the model's context window. */
export function budgetFor(model: string | undefined, models: ModelsView | null): ToolBudget {
  const provider = models?.providers.find((item) => item.id === model?.slice(0, model.indexOf('/')));
  return toolBudget(provider?.type, contextWindow(model));
}

export function toolMode(servers: Servers, selection: ToolSelection, budget: ToolBudget): ToolMode {
  const definitions = servers.flatMap((server) =>
    server.tools
      .filter((tool) => isToolEnabled(selection, server.name, tool.name))
      .map((tool) => ({
        name: `${server.name}__${tool.name}`,
        description: tool.description,
        inputSchema: tool.inputSchema,
      })),
  );
  const searches = searchesTools(definitions, budget);
  const names = new Set(definitions.map((item) => item.name));
  const pinned = (selection.pinned ?? []).filter((item) => names.has(`${item.server}__${item.tool}`)).length;
  return {
    count: definitions.length,
    searches,
    pinned,
    pinnedSent: searches ? Math.min(pinned, pinRoom(budget, 1)) : pinned,
    ...(budget.hardLimit ? { limit: budget.hardLimit } : {}),
  };
}

/** "1,012 tools: the model searches them", or "13 tools: the model gets them all". */
export function modeText(mode: ToolMode, t: Translate = translate): string {
  if (mode.count === 0) return t('chatTools.mode.none');
  return mode.searches
    ? t('chatTools.mode.searches', { count: mode.count })
    : t('chatTools.mode.all', { count: mode.count });
}

/** What happens to pinned tools, when something is pinned. */
export function pinText(mode: ToolMode, t: Translate = translate): string | null {
  if (mode.pinned === 0) return null;
  if (mode.pinnedSent < mode.pinned) {
    return t('chatTools.pins.limited', {
      sent: mode.pinnedSent,
      pinned: mode.pinned,
      limit: mode.limit ?? 0,
    });
  }
  return mode.searches
    ? t('chatTools.pins.searches', { count: mode.pinned })
    : t('chatTools.pins.all', { count: mode.pinned });
}
