// The launcher an entry names: remote, the app's own fork of a built-in, or stdio (sandboxed where it runs in one); references filled first.
import type { ServerEntry, StdioServerEntry } from '../../../shared/types';
import { isRemoteEntry } from '../../../shared/types';
import { hasReferences } from '../references/entryReferences';
import { type BuiltinScripts, WORKSPACE_COMMAND } from './builtin';
import { type EnvFiller, withFilledEnv } from './filledEnv';
import { type RemoteOptions, remoteLauncher } from './http';
import type { Launcher } from './launcher';
import { portLauncher } from './portTransport';
import { stdioLauncher } from './stdio';

/** Wraps a local server's launcher where it runs in a sandbox (`local` launches an entry as it is). */
export type SandboxLauncher = (
  entry: StdioServerEntry,
  local: (entry: StdioServerEntry) => Launcher,
) => Launcher;

/** `fillEnv` fills references in a local server's environment; without it values are used as written. */
export type LauncherOptions = {
  builtinScripts?: BuiltinScripts;
  remote?: RemoteOptions;
  fillEnv?: EnvFiller;
  sandbox?: SandboxLauncher;
};

export function launcherFor(entry: ServerEntry, options: LauncherOptions): Launcher {
  if (isRemoteEntry(entry)) return remoteLauncher(entry, options.remote);
  const local = (filled: StdioServerEntry): Launcher => {
    const fork = options.builtinScripts?.fork;
    if (filled.command === WORKSPACE_COMMAND && options.builtinScripts && fork) {
      return portLauncher(filled, options.builtinScripts.workspace, fork);
    }
    const plain = (entry: StdioServerEntry) => stdioLauncher(entry, options.builtinScripts);
    return options.sandbox ? options.sandbox(filled, plain) : plain(filled);
  };
  if (!options.fillEnv || !hasReferences(entry.env)) return local(entry);
  return withFilledEnv(entry, options.fillEnv, local);
}
