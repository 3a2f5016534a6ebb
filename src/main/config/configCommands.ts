// The config.json commands: read it, save it whole, and add, remove, rename or disable one server.
import type { CommandHandlers } from '../../shared/contract';
import { unmaskEntry } from '../../shared/entrySecrets';
import type { ConfigView } from '../../shared/types';
import { HostFault } from '../errors';
import type { ConfigStore } from './configStore';

type ConfigCommandName = Extract<keyof CommandHandlers, `config.${string}`>;

/** `configChanged` announces a saved config, applies it to the servers and answers with it. */
export function configCommands(
  config: ConfigStore,
  configChanged: (view: ConfigView) => ConfigView,
): Pick<CommandHandlers, ConfigCommandName> {
  return {
    'config.get': async () => config.view(),
    'config.save': async ({ text }) => configChanged(await config.save(text)),
    'config.putServer': async ({ name, entry, previousName }) => {
      const servers = config.current.mcpServers;
      if (name !== previousName && Object.hasOwn(servers, name)) {
        throw new HostFault('invalid_input', `A server named "${name}" already exists.`);
      }
      const before = previousName ?? name;
      const stored = Object.hasOwn(servers, before) ? servers[before] : undefined;
      return configChanged(
        await config.update((next) => {
          if (previousName && previousName !== name) delete next.mcpServers[previousName];
          next.mcpServers[name] = unmaskEntry(entry, stored);
        }),
      );
    },
    'config.removeServer': async ({ name }) =>
      configChanged(
        await config.update((next) => {
          delete next.mcpServers[name];
        }),
      ),
    'config.setDisabled': async ({ name, disabled }) =>
      configChanged(
        await config.update((next) => {
          const entry = Object.hasOwn(next.mcpServers, name) ? next.mcpServers[name] : undefined;
          if (!entry) throw new HostFault('not_found', `There is no server named "${name}".`);
          if (disabled) entry.disabled = true;
          else delete entry.disabled;
        }),
      ),
  };
}
