// The tools a model is offered in one conversation: servers that offer them (running, or from cache), chosen for it, visible to the model, descriptions without hidden tags.
import { visibleToModel } from '../../shared/apps';
import type { ToolSelection } from '../../shared/chat';
import { stripTags } from '../../shared/flow';
import { offersCatalogue } from '../../shared/offered';
import { isToolEnabled } from '../../shared/toolSelection';
import type { Json, ServerView } from '../../shared/types';
import { namespaceTools, type ToolRef } from '../servers/catalogue/naming';

export type ModelTool = { name: string; description?: string; inputSchema: { [key: string]: Json } };

/** A tool of the conversation's catalogue: its definition for the model, its server and tool, and its title for search. */
export type CatalogueTool = ModelTool & { ref: ToolRef; title?: string };

/**
 * The tools for the model with their namespaced names, and the names routed back to servers. Tools
 * only app views may call (`visibility: ["app"]`) are never offered. Unicode tag characters are taken out
 * of every description; `stripped` names the tools they were in.
 */
export function modelTools(
  servers: readonly ServerView[],
  selection: ToolSelection,
): { tools: CatalogueTool[]; names: Map<string, ToolRef>; stripped: ToolRef[] } {
  const refs: (ToolRef & Omit<CatalogueTool, 'name' | 'ref'>)[] = [];
  const stripped: ToolRef[] = [];
  for (const server of servers) {
    if (!offersCatalogue(server)) continue;
    for (const tool of server.tools) {
      if (!visibleToModel(tool) || !isToolEnabled(selection, server.name, tool.name)) continue;
      const description = tool.description === undefined ? undefined : stripTags(tool.description);
      if (description?.stripped) stripped.push({ server: server.name, tool: tool.name });
      refs.push({
        server: server.name,
        tool: tool.name,
        title: tool.title ?? tool.annotations?.title,
        description: description?.text,
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
  return { tools, names, stripped };
}
