// Entry of the built-in workspace server: over the parent's message channel when the app forked it, else stdio.
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { ParentChannelTransport, parentChannel } from './parentChannel';
import { createWorkspaceServer } from './server';

const workspace = createWorkspaceServer({ onClosed: () => stop(0) });
let stopping = false;

function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  void workspace
    .close()
    .catch(() => undefined)
    .finally(() => process.exit(code));
}

process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));

const channel = parentChannel();
const transport = channel ? new ParentChannelTransport(channel) : new StdioServerTransport();
workspace.mcp.connect(transport).catch((error: unknown) => {
  process.stderr.write(`workspace: could not start: ${(error as Error).message}\n`);
  stop(1);
});
