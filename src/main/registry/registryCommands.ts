// The registry commands: which registry, search it, its icons, install one of its options, and look for servers at an address.
import type { CommandHandlers } from '../../shared/contract';
import type { RegistrySettings } from '../settings/registrySettings';
import type { RegistryService } from './registryService';
import { discoverServers } from './serverDiscovery';

type RegistryCommandName = Extract<keyof CommandHandlers, `registry.${string}`>;

export function registryCommands(
  registry: RegistryService,
  settings: RegistrySettings,
): Pick<CommandHandlers, RegistryCommandName> {
  return {
    'registry.get': async () => settings.view(),
    'registry.setUrl': ({ url }) => settings.set(url),
    'registry.search': (query) => registry.search(query),
    'registry.icon': ({ src }) => registry.icon(src),
    'registry.prepare': ({ name, version, choice }) => registry.prepare(name, version, choice),
    'registry.install': (request) => registry.install(request),
    'registry.discover': ({ address }) => discoverServers(address),
  };
}
