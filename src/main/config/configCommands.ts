// The config.json commands: read, reload or save it whole; add, remove, rename, disable one server or turn its apps off.
import type { CommandHandlers } from '../../shared/contract';
import { unmaskEntry } from '../../shared/entrySecrets';
import { HostFault } from '../errors';
import type { ConfigStore } from './configStore';

type ConfigCommandName = Extract<keyof CommandHandlers, `config.${string}`>;

/** Every change is announced (and applied to the servers) by the store's `onDidChange`; each command answers the new view. */
export function configCommands(config: ConfigStore): Pick<CommandHandlers, ConfigCommandName> {
  return {
    'config.get': async () => config.view(),
    'config.reload': () => config.load(),
    'config.save': ({ text, version }) => config.save(text, version),
    'config.putServer': ({ name, entry, previousName }) =>
      config.update((next) => {
        const servers = next.mcpServers;
        if (name !== previousName && Object.hasOwn(servers, name)) {
          throw new HostFault('invalid_input', `A server named "${name}" already exists.`);
        }
        // Masked secrets the page sent back keep the values stored for the entry it edited.
        const before = previousName ?? name;
        const stored = Object.hasOwn(servers, before) ? servers[before] : undefined;
        if (previousName && previousName !== name) delete servers[previousName];
        servers[name] = unmaskEntry(entry, stored);
      }),
    'config.removeServer': ({ name }) =>
      config.update((next) => {
        delete next.mcpServers[name];
      }),
    'config.setDisabled': ({ name, disabled }) =>
      config.update((next) => {
        const entry = Object.hasOwn(next.mcpServers, name) ? next.mcpServers[name] : undefined;
        if (!entry) throw new HostFault('not_found', `There is no server named "${name}".`);
        if (disabled) entry.disabled = true;
        else delete entry.disabled;
      }),
    'config.setApps': ({ name, enabled }) =>
      config.update((next) => {
        const entry = Object.hasOwn(next.mcpServers, name) ? next.mcpServers[name] : undefined;
        if (!entry) throw new HostFault('not_found', `There is no server named "${name}".`);
        if (enabled) delete entry.apps;
        else entry.apps = false;
      }),
  };
}
