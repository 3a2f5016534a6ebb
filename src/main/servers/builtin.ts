// Servers shipped with the app, named in config.json by a `builtin:` command and started with the app's own runtime.
import type { StdioServerEntry } from '../../shared/types';

export const WORKSPACE_COMMAND = 'builtin:workspace';

/** Where the built-in servers' scripts are, as the entry that started the host knows it. */
export type BuiltinScripts = { workspace: string };

/** The command that really starts `entry`: built-ins run on this process's own Node (or Electron as Node). */
export function resolveBuiltin(
  entry: StdioServerEntry,
  scripts: BuiltinScripts | undefined,
): StdioServerEntry {
  if (entry.command !== WORKSPACE_COMMAND) return entry;
  if (!scripts) throw new Error('The built-in workspace server is not available in this build.');
  return {
    ...entry,
    command: process.execPath,
    args: [scripts.workspace, ...(entry.args ?? [])],
    env: { ...entry.env, ELECTRON_RUN_AS_NODE: '1' },
  };
}

/** The config a first run starts with: the workspace server, working in the folders the person shares. */
export function firstRunConfig(): string {
  return `${JSON.stringify({ mcpServers: { workspace: { command: WORKSPACE_COMMAND } } }, null, 2)}\n`;
}
