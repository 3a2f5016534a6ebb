// The servers whose tools the model may see, and how a conversation's tools reach its model (all, or search).
import { useMemo } from 'react';
import { visibleToModel } from '../../../../shared/apps';
import type { ServerView } from '../../../../shared/types';
import { NO_TOOLS_OFF, useChatSummary, useChatTools, useModels, useRunningServers } from '../../store';
import { currentModel } from './models';
import { budgetFor, type ToolMode, toolMode } from './toolMode';

/** The running servers with only the tools the model may see (not those only their app views may call). */
export function useModelServers(): ServerView[] {
  const running = useRunningServers();
  return useMemo(
    () => running.map((server) => ({ ...server, tools: server.tools.filter(visibleToModel) })),
    [running],
  );
}

/** Conversation `id`'s tool mode for its model. */
export function useToolMode(id: string): ToolMode {
  const servers = useModelServers();
  const selection = useChatTools(id) ?? NO_TOOLS_OFF;
  const models = useModels();
  const model = currentModel(useChatSummary(id)?.model, models);
  return useMemo(
    () => toolMode(servers, selection, budgetFor(model, models)),
    [servers, selection, model, models],
  );
}
