// The workspace server: an McpServer confined to the host's roots, with its file tools, resources and prompts.
import { McpServer } from '@modelcontextprotocol/server';
import { registerAssistTools } from './assist';
import type { Workspace } from './context';
import { FileIndex } from './fileIndex';
import { registerPrompts } from './prompts';
import { registerResources } from './resources';
import { type RootEntry, Roots } from './roots';
import { Subscriptions } from './subscriptions';
import { registerFileTools } from './tools';

export const WORKSPACE_NAME = 'switchboard-workspace';
export const WORKSPACE_VERSION = '0.1.0';
export const WORKSPACE_INSTRUCTIONS =
  'This server sees only the folders the person shared with this app (its roots) and refuses anything outside ' +
  'them. It can list, read, search and write files there, summarize a file and create notes. ' +
  'If no folder is shared yet, ask the person to add one in Roots.';

// The host may ask the person before it shares folders: wait as long as a person may take.
const ROOTS_TIMEOUT_MS = 10 * 60 * 1000;

/** A workspace server ready to connect to a transport, and how to stop its watchers. */
export type WorkspaceServer = { mcp: McpServer; close: () => Promise<void> };

/**
 * Debounce delays of the file and tree watchers, how long lists wait for roots still being asked for
 * (then they answer with what is known and list_changed follows), and what to do once the connection closed.
 */
export type WorkspaceOptions = {
  fileDelayMs?: number;
  treeDelayMs?: number;
  listWaitMs?: number;
  onClosed?: () => void;
};

/** Builds the workspace server; it asks for roots once initialized and again on roots/list_changed. */
export function createWorkspaceServer(options: WorkspaceOptions = {}): WorkspaceServer {
  const mcp = new McpServer(
    { name: WORKSPACE_NAME, title: 'Workspace', version: WORKSPACE_VERSION },
    { instructions: WORKSPACE_INSTRUCTIONS },
  );
  const server = mcp.server;
  const quietly = (send: Promise<void>) => void send.catch(() => undefined);

  const subscriptions = new Subscriptions(
    (uri) => quietly(server.sendResourceUpdated({ uri })),
    options.fileDelayMs,
  );
  const index = new FileIndex(() => quietly(server.sendResourceListChanged()), options.treeDelayMs);
  const roots = new Roots(
    async (): Promise<RootEntry[] | undefined> => {
      if (!server.getClientCapabilities()?.roots) return undefined;
      return (await server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS })).roots;
    },
    (folders) => {
      index.setRoots(folders);
      subscriptions.prune(folders);
      quietly(server.sendResourceListChanged());
    },
  );

  const workspace: Workspace = { mcp, roots, index, subscriptions, listWaitMs: options.listWaitMs ?? 5000 };
  registerFileTools(workspace);
  registerAssistTools(workspace);
  registerResources(workspace);
  registerPrompts(workspace);

  server.oninitialized = () => void roots.refresh();
  server.setNotificationHandler('notifications/roots/list_changed', () => void roots.refresh());
  const stopWatching = () => {
    index.close();
    subscriptions.close();
  };
  server.onclose = () => {
    stopWatching();
    options.onClosed?.();
  };

  return {
    mcp,
    close: async () => {
      stopWatching();
      await mcp.close();
    },
  };
}
