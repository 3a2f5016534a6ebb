// Which tools a conversation lets the model use: checks, counts and toggles over a ToolSelection.
import type { ToolSelection } from '../../../../shared/chat';

/** Above this many enabled tools, models tend to pick worse; the Tools button warns. */
export const MANY_TOOLS = 100;

/** The little a count needs of a server. */
export type ServerTools = { name: string; tools: readonly { name: string }[] };

export function isServerEnabled(selection: ToolSelection, server: string): boolean {
  return !selection.disabledServers.includes(server);
}

/** Whether the tool is offered itself, ignoring its server's switch. */
export function isToolChecked(selection: ToolSelection, server: string, tool: string): boolean {
  return !selection.disabledTools.some((item) => item.server === server && item.tool === tool);
}

/** Whether the model gets this tool: its server and the tool itself are on. */
export function isToolEnabled(selection: ToolSelection, server: string, tool: string): boolean {
  return isServerEnabled(selection, server) && isToolChecked(selection, server, tool);
}

/** How many of this server's tools the model gets. */
export function enabledToolCount(selection: ToolSelection, server: ServerTools): number {
  if (!isServerEnabled(selection, server.name)) return 0;
  return server.tools.filter((tool) => isToolChecked(selection, server.name, tool.name)).length;
}

/** How many tools the model gets across these (running) servers. */
export function countEnabledTools(selection: ToolSelection, servers: readonly ServerTools[]): number {
  return servers.reduce((sum, server) => sum + enabledToolCount(selection, server), 0);
}

/** Turns a whole server on or off; each tool's own switch is kept for when it comes back on. */
export function setServerEnabled(selection: ToolSelection, server: string, enabled: boolean): ToolSelection {
  const others = selection.disabledServers.filter((name) => name !== server);
  return { ...selection, disabledServers: enabled ? others : [...others, server] };
}

/** Turns one tool on or off. */
export function setToolEnabled(
  selection: ToolSelection,
  server: string,
  tool: string,
  enabled: boolean,
): ToolSelection {
  const others = selection.disabledTools.filter((item) => item.server !== server || item.tool !== tool);
  return { ...selection, disabledTools: enabled ? others : [...others, { server, tool }] };
}

/** Keeps tools whose name, title or description holds every word of `query`. */
export function matchesTool(
  tool: { name: string; title?: string; description?: string },
  query: string,
): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${tool.name} ${tool.title ?? ''} ${tool.description ?? ''}`.toLowerCase();
  return words.every((word) => text.includes(word));
}
