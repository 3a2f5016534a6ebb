// The sandbox commands: the person has seen the notice of a server's blocked connection.
import type { CommandHandlers } from '../../shared/contract';
import type { ServerLookup } from '../servers/runningServers';
import type { Sandboxes } from './sandboxes';

/** `sandboxes` is absent when the sandbox is turned off; a known server then has no notice to dismiss. */
export function sandboxCommands(
  servers: Pick<ServerLookup, 'get'>,
  sandboxes: Pick<Sandboxes, 'dismissNotice'> | undefined,
): Pick<CommandHandlers, 'sandbox.dismissNotice'> {
  return {
    'sandbox.dismissNotice': async ({ server }) => {
      servers.get(server);
      sandboxes?.dismissNotice(server);
      return null;
    },
  };
}
