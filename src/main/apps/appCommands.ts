// The app view commands: open a view, its requests to its own server, its log, its permissions, and closing it.
import type { CommandHandlers } from '../../shared/contract';
import type { AppPermissionStore } from './appPermissions';
import type { AppSessions } from './appSessions';
import type { ViewTools } from './viewTools';

type AppCommandName = Extract<keyof CommandHandlers, `apps.${string}`>;

export function appCommands(
  sessions: AppSessions,
  permissions: AppPermissionStore,
  viewTools: Pick<ViewTools, 'answer'>,
): Pick<CommandHandlers, AppCommandName> {
  return {
    'apps.open': (input) => sessions.open(input),
    'apps.callTool': (input) => sessions.callTool(input),
    'apps.readResource': (input) => sessions.readResource(input),
    'apps.saveFile': (input) => sessions.saveFile(input),
    'apps.setTools': async (input) => sessions.setTools(input),
    'apps.toolAnswer': async (input) => {
      viewTools.answer(input);
      return null;
    },
    'apps.log': async (input) => {
      sessions.log(input);
      return null;
    },
    'apps.close': async (input) => {
      sessions.close(input);
      return null;
    },
    'apps.setPermissions': async (input) => {
      await sessions.setPermissions(input);
      return permissions.list(input.server);
    },
    'apps.permissions': async ({ server }) => permissions.list(server),
  };
}
