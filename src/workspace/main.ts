// Entry of the built-in workspace server: serves it over stdio on plain Node 20, or Electron run as Node.
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
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

workspace.mcp.connect(new StdioServerTransport()).catch((error: unknown) => {
  process.stderr.write(`workspace: could not start: ${(error as Error).message}\n`);
  stop(1);
});
