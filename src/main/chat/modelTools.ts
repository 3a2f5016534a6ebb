// The tools a model is offered in one conversation: servers that offer them (running, or from cache), chosen for it, visible to the model.
import { visibleToModel } from '../../shared/apps';
import type { ToolSelection } from '../../shared/chat';
import { isToolEnabled } from '../../shared/toolSelection';
import type { Json, ServerView } from '../../shared/types';
import { namespaceTools, type ToolRef } from '../servers/naming';
import { offersTools } from './offeredServers';

export type ModelTool = { name: string; description?: string; inputSchema: { [key: string]: Json } };

/** A tool of the conversation's catalogue: its definition for the model, its server and tool, and its title for search. */
export type CatalogueTool = ModelTool & { ref: ToolRef; title?: string };

/**
 * The tools for the model with their namespaced names, and the names routed back to servers. Tools
 * only app views may call (`visibility: ["app"]`) are never offered.
 */
export function modelTools(
  servers: readonly ServerView[],
  selection: ToolSelection,
): { tools: CatalogueTool[]; names: Map<string, ToolRef> } {
  const refs: (ToolRef & Omit<CatalogueTool, 'name' | 'ref'>)[] = [];
  for (const server of servers) {
    if (!offersTools(server)) continue;
    for (const tool of server.tools) {
      if (!visibleToModel(tool) || !isToolEnabled(selection, server.name, tool.name)) continue;
      refs.push({
        server: server.name,
        tool: tool.name,
        title: tool.title ?? tool.annotations?.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
      });
    }
  }
  const names = namespaceTools(refs);
  const tools = [...names].map(([name, found]) => ({
    name,
    ref: { server: found.server, tool: found.tool },
    ...(found.title ? { title: found.title } : {}),
    description: found.description,
    inputSchema: found.inputSchema,
  }));
  return { tools, names };
}
