// The server commands: lifecycle, logs, the protocol log, log level and manual tool runs.
import type { CommandHandlers } from '../../shared/contract';
import type { ServerManager } from './manager';

type ServerCommandName = Extract<keyof CommandHandlers, `servers.${string}` | 'tools.call'>;

export function serverCommands(servers: ServerManager): Pick<CommandHandlers, ServerCommandName> {
  return {
    'servers.list': async () => servers.list(),
    'servers.start': async ({ server }) => {
      await servers.get(server).start();
      return null;
    },
    'servers.stop': async ({ server }) => {
      await servers.get(server).stop();
      return null;
    },
    'servers.restart': async ({ server }) => {
      await servers.get(server).restart();
      return null;
    },
    'servers.logs': async ({ server }) => servers.get(server).logs(),
    'servers.wire': async ({ server }) => servers.get(server).wire(),
    'servers.setLogLevel': async ({ server, level }) => {
      await servers.get(server).setLogLevel(level);
      return null;
    },
    // A tool the server runs as a task is followed to its end.
    'tools.call': async ({ server, tool, args }) =>
      servers.get(server).callTool(tool, args, { onTask: () => {} }),
  };
}
