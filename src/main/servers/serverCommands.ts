// The server commands: lifecycle, sign-in, logs, the protocol log, log level and manual tool runs.
import type { CommandHandlers } from '../../shared/contract';
import type { ServerView } from '../../shared/types';
import type { PayloadStore } from '../payloads/payloadStore';
import { previewResult, resultOwner } from '../payloads/resultPreview';
import type { ManualCalls } from './manualCalls';
import type { ServerLookup } from './runningServers';

type ServerCommandName = Extract<keyof CommandHandlers, `servers.${string}` | `tools.${string}`>;

/** `listed` is every server as the list shows it, the entries of config.json with an error among them. */
export function serverCommands(
  servers: ServerLookup,
  calls: ManualCalls,
  results: PayloadStore,
  listed: () => ServerView[],
): Pick<CommandHandlers, ServerCommandName> {
  return {
    'servers.list': async () => listed(),
    'servers.start': async ({ server }) => {
      servers.get(server).requireApproved();
      await servers.get(server).start();
      return null;
    },
    'servers.stop': async ({ server }) => {
      await servers.get(server).stop();
      return null;
    },
    'servers.restart': async ({ server }) => {
      servers.get(server).requireApproved();
      await servers.get(server).restart();
      return null;
    },
    'servers.logs': async ({ server }) => servers.get(server).logs(),
    'servers.wire': async ({ server }) => servers.get(server).wire(),
    'servers.subscribeWire': async ({ server }, caller) => {
      servers.get(server);
      caller?.watchWire(server, true);
      return null;
    },
    'servers.unsubscribeWire': async ({ server }, caller) => {
      caller?.watchWire(server, false);
      return null;
    },
    'servers.setLogLevel': async ({ server, level }) => {
      await servers.get(server).setLogLevel(level);
      return null;
    },
    'servers.signIn': async ({ server }) => servers.get(server).auth.signIn(),
    'servers.openSignIn': async ({ server }) => servers.get(server).auth.openInBrowser(),
    'servers.cancelSignIn': async ({ server }) => {
      servers.get(server).auth.cancel();
      return null;
    },
    'servers.signOut': async ({ server }) => {
      await servers.get(server).auth.signOut();
      return null;
    },
    'tools.call': async ({ server, tool, args, callId, preview }) => {
      const result = await calls.run(servers.get(server), { callId, tool, args });
      return preview ? previewResult(result, results, resultOwner(server)) : result;
    },
    'tools.cancel': async ({ callId }) => {
      calls.cancel(callId);
      return null;
    },
  };
}
