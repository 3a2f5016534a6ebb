// The tools a model is offered in one conversation: servers that offer them (running, or from cache), not switched off, visible to the model, descriptions without hidden tags.
import { visibleToModel } from '../../shared/apps';
import type { ToolSelection } from '../../shared/chat';
import { stripTags } from '../../shared/flow';
import { offersCatalogue } from '../../shared/offered';
import type { Json, ServerView } from '../../shared/types';
import { namespaceTools, type ToolRef } from '../servers/catalogue/naming';

export type ModelTool = { name: string; description?: string; inputSchema: { [key: string]: Json } };

/**
 * The tools for the model with their namespaced names, and the names routed back to servers. Tools
 * only app views may call (`visibility: ["app"]`) are never offered. Unicode tag characters are taken out
 * of every description; `stripped` names the tools they were in.
 */
export function modelTools(
  servers: readonly ServerView[],
  selection: ToolSelection,
): { tools: ModelTool[]; names: Map<string, ToolRef>; stripped: ToolRef[] } {
  const refs: (ToolRef & Omit<ModelTool, 'name'>)[] = [];
  const stripped: ToolRef[] = [];
  for (const server of servers) {
    if (!offersCatalogue(server) || selection.disabledServers.includes(server.name)) continue;
    for (const tool of server.tools) {
      if (!visibleToModel(tool)) continue;
      const off = selection.disabledTools.some(
        (item) => item.server === server.name && item.tool === tool.name,
      );
      if (off) continue;
      const description = tool.description === undefined ? undefined : stripTags(tool.description);
      if (description?.stripped) stripped.push({ server: server.name, tool: tool.name });
      refs.push({
        server: server.name,
        tool: tool.name,
        description: description?.text,
        inputSchema: tool.inputSchema,
      });
    }
  }
  const names = namespaceTools(refs);
  const tools = [...names].map(([name, ref]) => {
    const found = refs.find((candidate) => candidate.server === ref.server && candidate.tool === ref.tool)!;
    return { name, description: found.description, inputSchema: found.inputSchema };
  });
  return { tools, names, stripped };
}
