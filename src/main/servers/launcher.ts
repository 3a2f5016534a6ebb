// The transport seam: how a connection reaches its server, chosen by the entry, so the connection does not care.
import type { Transport } from '@modelcontextprotocol/client';
import type { LogLevel, ServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';
import { type BuiltinScripts, WORKSPACE_COMMAND } from './builtin';
import { portLauncher } from './portTransport';
import { type ProcessExit, stdioLauncher } from './stdio';

export type LaunchHooks = {
  /** A line the server wrote outside the protocol (stderr, or stdout that is not JSON-RPC). */
  log: (source: 'stderr' | 'stdout', level: LogLevel, text: string) => void;
  /** A local server's process started. */
  spawned: (pid: number) => void;
  /** A local server's process ended; `settled` resolves once its last output is in. */
  exited: (exit: ProcessExit, settled: Promise<void>) => void;
};

/** Opens transports to one configured server. */
export interface Launcher {
  /** What the server is, for messages: its command line or its URL. */
  readonly label: string;
  /** A stable key for what is remembered about this server (the negotiated protocol era). */
  readonly key: string;
  /** A new, unstarted transport; the SDK client starts it. */
  open(hooks: LaunchHooks): Promise<Transport>;
  /** A failure to start, in plain words. */
  explain(error: unknown): string;
  /** What to check when the server does not finish starting in time. */
  readonly slowStartAdvice: string;
}

export type LauncherOptions = { builtinScripts?: BuiltinScripts };

export function launcherFor(entry: ServerEntry, options: LauncherOptions): Launcher {
  if (isRemoteEntry(entry)) {
    throw new UnsupportedEntry(`Remote servers (${entry.type}) are not supported yet.`);
  }
  const fork = options.builtinScripts?.fork;
  if (entry.command === WORKSPACE_COMMAND && options.builtinScripts && fork) {
    return portLauncher(entry, options.builtinScripts.workspace, fork);
  }
  return stdioLauncher(entry, options.builtinScripts);
}

/** An entry this build cannot connect to; no retry will change that. */
export class UnsupportedEntry extends Error {}
