// The bundle commands: open a .mcpb file on this computer, and install an opened one.
import type { CommandHandlers } from '../../shared/contract';
import type { BundleService } from './bundleService';

type BundleCommandName = Extract<keyof CommandHandlers, `bundles.${string}`>;

export function bundleCommands(bundles: BundleService): Pick<CommandHandlers, BundleCommandName> {
  return {
    'bundles.open': ({ path }) => bundles.openFile(path),
    'bundles.install': ({ id, serverName, values }) => bundles.install(id, serverName, values),
  };
}
