// Servers shipped with the app, named in config.json by a `builtin:` command and started with the app's own runtime.
import type { StdioServerEntry } from '../../../shared/types';

export const WORKSPACE_COMMAND = 'builtin:workspace';

/** A built-in server's process, started by `ForkBuiltin`, that speaks JSON-RPC as text messages with its parent. */
export interface BuiltinChild {
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  /** Sends one message to the process (one JSON-RPC message as JSON text). */
  post(text: string): void;
}

/** What a forked built-in reports. `exited` comes once, whether or not it ever started. */
export type BuiltinChildEvents = {
  spawned: (pid: number) => void;
  message: (data: unknown) => void;
  exited: (code: number | null) => void;
  failed: (error: Error) => void;
};

/**
 * Starts `script` as a child process of the app with a message channel to it (Electron: a utility
 * process, since the packaged app cannot run itself as Node). May throw if it cannot start at all.
 */
export type ForkBuiltin = (
  script: string,
  options: { args: string[]; env: Record<string, string>; cwd?: string },
  events: BuiltinChildEvents,
) => BuiltinChild;

/**
 * Where the built-in servers' scripts are, as the entry that started the host knows it, and how to
 * run them: with `fork`, as a forked child speaking over its message channel; without it, on this
 * process's own Node over stdio (browser mode).
 */
export type BuiltinScripts = { workspace: string; fork?: ForkBuiltin };

/** The command that really starts `entry` over stdio: built-ins run on this process's own Node. */
export function resolveBuiltin(
  entry: StdioServerEntry,
  scripts: BuiltinScripts | undefined,
): StdioServerEntry {
  if (entry.command !== WORKSPACE_COMMAND) return entry;
  if (!scripts) throw new Error('The built-in workspace server is not available in this build.');
  if (process.versions.electron) {
    // The packaged app cannot run as Node (its runAsNode fuse is off): built-ins need `fork` there.
    throw new Error('The built-in workspace server cannot be started this way in the app.');
  }
  return { ...entry, command: process.execPath, args: [scripts.workspace, ...(entry.args ?? [])] };
}

/** The config a first run starts with: the workspace server, working in the folders the person shares. */
export function firstRunConfig(): string {
  return `${JSON.stringify({ mcpServers: { workspace: { command: WORKSPACE_COMMAND } } }, null, 2)}\n`;
}
