// The transport seam: how a connection reaches its server, chosen by the entry, so the connection does not care.
import type { Transport } from '@modelcontextprotocol/client';
import type { LogLevel, ServerEntry, StdioServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';
import { type BuiltinScripts, WORKSPACE_COMMAND } from './builtin';
import { hasReferences } from './entryReferences';
import { type EnvFiller, withFilledEnv } from './filledEnv';
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
  /** Before the start's clock runs: fills in `${input:…}` and `${env:…}` (may throw `MissingValue`). */
  prepare?(): Promise<void>;
  /** A new, unstarted transport; the SDK client starts it. */
  open(hooks: LaunchHooks): Promise<Transport>;
  /** A failure to start, in plain words. */
  explain(error: unknown): string;
  /** What to check when the server does not finish starting in time. */
  readonly slowStartAdvice: string;
  /** Hides the secret values this launcher filled in (after `prepare`), for logged text. */
  mask?(text: string): string;
}

/** `fillEnv` fills references in a local server's environment; without it values are used as written. */
export type LauncherOptions = { builtinScripts?: BuiltinScripts; fillEnv?: EnvFiller };

export function launcherFor(entry: ServerEntry, options: LauncherOptions): Launcher {
  if (isRemoteEntry(entry)) {
    throw new UnsupportedEntry(`Remote servers (${entry.type}) are not supported yet.`);
  }
  const local = (filled: StdioServerEntry): Launcher => {
    const fork = options.builtinScripts?.fork;
    if (filled.command === WORKSPACE_COMMAND && options.builtinScripts && fork) {
      return portLauncher(filled, options.builtinScripts.workspace, fork);
    }
    return stdioLauncher(filled, options.builtinScripts);
  };
  if (!options.fillEnv || !hasReferences(entry.env)) return local(entry);
  return withFilledEnv(entry, options.fillEnv, local);
}

/** An entry this build cannot connect to; no retry will change that. */
export class UnsupportedEntry extends Error {}
