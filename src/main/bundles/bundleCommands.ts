// The bundle commands: open a .mcpb file on this computer (by path, the native dialog or a drop), and install an opened one.
import type { CommandHandlers } from '../../shared/contract';
import { HostFault } from '../errors';
import type { BundleService } from './bundleService';

type BundleCommandName = Extract<keyof CommandHandlers, `bundles.${string}`>;

export function bundleCommands(
  bundles: BundleService,
  pickBundle?: () => Promise<string | null>,
): Pick<CommandHandlers, BundleCommandName> {
  return {
    'bundles.pick': async () => {
      if (!pickBundle) throw new HostFault('unsupported', { id: 'host.bundles.noFileDialog' });
      const path = await pickBundle();
      return path ? bundles.openFile(path) : null;
    },
    'bundles.open': ({ path }) => bundles.openFile(path),
    'bundles.drop': ({ name, data }) =>
      bundles.openBytes(Buffer.from(data, 'base64'), `bundle — ${name} (dropped)`),
    'bundles.install': ({ id, serverName, values }) => bundles.install(id, serverName, values),
  };
}
