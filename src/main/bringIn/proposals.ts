// The seam every route that brings a server in from elsewhere uses: servers are proposed, and wait for the person's approval.
import type { ServerEntry } from '../../shared/types';

/** Where a server came from, as the approval dialog names it. */
export type ServerOrigin = {
  route: 'import' | 'registry' | 'bundle' | 'link' | 'outside';
  /** Plain words: "Claude Desktop — ~/.config/Claude/claude_desktop_config.json",
   *  "MCP registry — io.github.x/y 1.2.0", "bundle — ~/Downloads/x.mcpb", "install link", "config.json changed by another program". */
  from: string;
};
export type ProposedServer = {
  name: string;
  entry: ServerEntry;
  origin: ServerOrigin;
  /** Values the person typed for it (an install form), by input id: kept for the server under the name it gets. */
  values?: ReadonlyMap<string, string>;
};
export type NameClash = 'skip' | 'rename' | 'replace';
/** Adds servers to config.json as waiting for approval: none starts until the person approves it. */
export interface ServerProposals {
  propose(
    servers: ProposedServer[],
    onClash?: (name: string) => NameClash,
  ): Promise<{ added: string[]; skipped: string[] }>;
}
