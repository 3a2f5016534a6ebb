// Which tools a conversation lets the model use: checks, counts, toggles, pins and tool sets over a ToolSelection.
import type { ToolKey, ToolSelection, ToolSet } from './chat';

/** Every server's tools, nothing off, nothing pinned. */
export const ALL_TOOLS: ToolSelection = { disabledServers: [], disabledTools: [] };

/** The little a count needs of a server. */
export type ServerTools = { name: string; tools: readonly { name: string }[] };

const same = (a: ToolKey, server: string, tool: string) => a.server === server && a.tool === tool;
const without = (list: readonly ToolKey[] | undefined, server: string, tool: string) =>
  (list ?? []).filter((item) => !same(item, server, tool));

/** Whether the choice takes in the whole server, or at least one of its single tools. */
function chosen(selection: ToolSelection, server: string): boolean {
  if (selection.servers === undefined) return true;
  return selection.servers.includes(server) || (selection.tools ?? []).some((item) => item.server === server);
}

/** Whether the model may get some of this server's tools. */
export function isServerEnabled(selection: ToolSelection, server: string): boolean {
  return !selection.disabledServers.includes(server) && chosen(selection, server);
}

/** Whether the tool is offered itself, ignoring its server's switch. */
export function isToolChecked(selection: ToolSelection, server: string, tool: string): boolean {
  if (selection.disabledTools.some((item) => same(item, server, tool))) return false;
  if (selection.servers === undefined || selection.servers.includes(server)) return true;
  return (selection.tools ?? []).some((item) => same(item, server, tool));
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

/** Turns a whole server on (all of it, also under a tool set) or off; each tool's own switch is kept. */
export function setServerEnabled(selection: ToolSelection, server: string, enabled: boolean): ToolSelection {
  const others = selection.disabledServers.filter((name) => name !== server);
  if (!enabled) return { ...selection, disabledServers: [...others, server] };
  const servers = selection.servers;
  return {
    ...selection,
    disabledServers: others,
    ...(servers && !servers.includes(server) ? { servers: [...servers, server] } : {}),
  };
}

/** Turns one tool on or off. */
export function setToolEnabled(
  selection: ToolSelection,
  server: string,
  tool: string,
  enabled: boolean,
): ToolSelection {
  const others = without(selection.disabledTools, server, tool);
  if (!enabled) return { ...selection, disabledTools: [...others, { server, tool }] };
  const next = { ...selection, disabledTools: others };
  if (isToolChecked(next, server, tool)) return next;
  return { ...next, tools: [...(selection.tools ?? []), { server, tool }] };
}

export function isPinned(selection: ToolSelection, server: string, tool: string): boolean {
  return (selection.pinned ?? []).some((item) => same(item, server, tool));
}

/** Pins a tool (it is always offered) or lets it go; the newest pin comes last. */
export function setPinned(
  selection: ToolSelection,
  server: string,
  tool: string,
  pinned: boolean,
): ToolSelection {
  const others = without(selection.pinned, server, tool);
  return { ...selection, pinned: pinned ? [...others, { server, tool }] : others };
}

/** The servers, among `servers`, whose tools the conversation uses. */
export function serversInUse<S extends { name: string }>(
  selection: ToolSelection,
  servers: readonly S[],
): S[] {
  return servers.filter((server) => isServerEnabled(selection, server.name));
}

/** The conversation's choice once it switches to `set` (or, with none, to every server); its pins stay. */
export function switchSet(selection: ToolSelection, set: ToolSet | undefined): ToolSelection {
  const pinned = [...(selection.pinned ?? [])];
  for (const item of set?.pinned ?? [])
    if (!isPinned({ ...ALL_TOOLS, pinned }, item.server, item.tool)) pinned.push(item);
  const kept = pinned.length > 0 ? { pinned } : {};
  if (!set) return { ...ALL_TOOLS, ...kept };
  return {
    ...ALL_TOOLS,
    set: set.name,
    servers: [...(set.servers ?? [])],
    tools: [...(set.tools ?? [])],
    ...kept,
  };
}

/** A new conversation's choice: the default tool set's, or every server's. */
export function startingSelection(sets: readonly ToolSet[]): ToolSelection {
  return switchSet(
    ALL_TOOLS,
    sets.find((set) => set.default),
  );
}

/**
 * The conversation's choice as a tool set named `name`: whole servers where all their tools are on,
 * single tools where only some are (counted over `servers`, the servers known now).
 */
export function setFromSelection(
  name: string,
  selection: ToolSelection,
  servers: readonly ServerTools[],
): ToolSet {
  const whole: string[] = [];
  const tools: ToolKey[] = [];
  for (const server of servers) {
    const on = server.tools.filter((tool) => isToolEnabled(selection, server.name, tool.name));
    if (on.length === 0) continue;
    if (on.length === server.tools.length) whole.push(server.name);
    else tools.push(...on.map((tool) => ({ server: server.name, tool: tool.name })));
  }
  const pinned = selection.pinned ?? [];
  return { name, servers: whole, ...(tools.length ? { tools } : {}), ...(pinned.length ? { pinned } : {}) };
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
