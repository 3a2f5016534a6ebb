// Commands about servers and config.json: lifecycle, logs, manual tool runs, and edits that restart what they touch.
import type { ConfigView } from '../../shared/types';
import type { ConfigStore } from '../config/configStore';
import { HostFault } from '../errors';
import type { CommandHandlers } from '../host';
import type { ServerManager } from '../servers/manager';

type ServerCommandNames = Extract<
  keyof CommandHandlers,
  `servers.${string}` | `config.${string}` | 'tools.call'
>;

export type ServerCommandDeps = {
  servers: ServerManager;
  config: ConfigStore;
  /** Announces a saved config and applies it to the servers. */
  configChanged: (view: ConfigView) => ConfigView;
};

export function serverCommands(deps: ServerCommandDeps): Pick<CommandHandlers, ServerCommandNames> {
  return {
    'servers.list': async () => deps.servers.list(),
    'servers.start': async ({ server }) => {
      await deps.servers.get(server).start();
      return null;
    },
    'servers.stop': async ({ server }) => {
      await deps.servers.get(server).stop();
      return null;
    },
    'servers.restart': async ({ server }) => {
      await deps.servers.get(server).restart();
      return null;
    },
    'servers.logs': async ({ server }) => deps.servers.get(server).logs(),
    'servers.wire': async ({ server }) => deps.servers.get(server).wire(),
    'servers.setLogLevel': async ({ server, level }) => {
      await deps.servers.get(server).setLogLevel(level);
      return null;
    },
    'tools.call': async ({ server, tool, args }) => deps.servers.get(server).callTool(tool, args),
    'config.get': async () => deps.config.view(),
    'config.save': async ({ text }) => deps.configChanged(await deps.config.save(text)),
    'config.putServer': async ({ name, entry, previousName }) => {
      const servers = deps.config.current.mcpServers;
      if (name !== previousName && servers[name]) {
        throw new HostFault('invalid_input', `A server named "${name}" already exists.`);
      }
      return deps.configChanged(
        await deps.config.update((config) => {
          if (previousName && previousName !== name) delete config.mcpServers[previousName];
          config.mcpServers[name] = entry;
        }),
      );
    },
    'config.removeServer': async ({ name }) =>
      deps.configChanged(
        await deps.config.update((config) => {
          delete config.mcpServers[name];
        }),
      ),
    'config.setDisabled': async ({ name, disabled }) =>
      deps.configChanged(
        await deps.config.update((config) => {
          const entry = config.mcpServers[name];
          if (!entry) throw new HostFault('not_found', `There is no server named "${name}".`);
          if (disabled) entry.disabled = true;
          else delete entry.disabled;
        }),
      ),
  };
}
