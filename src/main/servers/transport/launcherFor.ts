// The launcher an entry names: remote, the app's own fork of a built-in, or stdio; references filled first.
import type { ServerEntry, StdioServerEntry } from '../../../shared/types';
import { isRemoteEntry } from '../../../shared/types';
import { hasReferences } from '../references/entryReferences';
import { type BuiltinScripts, WORKSPACE_COMMAND } from './builtin';
import { type EnvFiller, withFilledEnv } from './filledEnv';
import { type RemoteOptions, remoteLauncher } from './http';
import type { Launcher } from './launcher';
import { portLauncher } from './portTransport';
import { stdioLauncher } from './stdio';

/** `fillEnv` fills references in a local server's environment; without it values are used as written. */
export type LauncherOptions = {
  builtinScripts?: BuiltinScripts;
  remote?: RemoteOptions;
  fillEnv?: EnvFiller;
};

export function launcherFor(entry: ServerEntry, options: LauncherOptions): Launcher {
  if (isRemoteEntry(entry)) return remoteLauncher(entry, options.remote);
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
