// What every part of the workspace server shares: the roots, the file index, the subscriptions, the client's abilities.
import type { McpServer } from '@modelcontextprotocol/server';
import { NO_ROOTS_MESSAGE, PathRefusal } from './errors';
import type { FileIndex } from './fileIndex';
import type { RootPath } from './paths';
import type { Roots } from './roots';
import type { Subscriptions } from './subscriptions';

/** The shared state the tools, resources and prompts work with. */
export type Workspace = {
  mcp: McpServer;
  roots: Roots;
  index: FileIndex;
  subscriptions: Subscriptions;
  /** How long lists and completions wait for roots the host is still asking the person about. */
  listWaitMs: number;
};

/** The current roots, or a refusal saying that no folder is shared yet. */
export async function sharedRoots(workspace: Workspace): Promise<readonly RootPath[]> {
  const roots = await workspace.roots.current();
  if (roots.length === 0) throw new PathRefusal(NO_ROOTS_MESSAGE);
  return roots;
}
