// HostClient over the Electron preload bridge (`window.host`).
import type { CommandArgs, CommandName, CommandResult, EventName, Events } from '../../../shared/contract';
import { unwrapReply } from './reply';
import type { HostBridge, HostClient } from './types';

/** Wraps the preload's `{ invoke, on }`; the link is always up while the window lives. */
export function createIpcClient(bridge: HostBridge): HostClient {
  return {
    status: 'connected',
    onStatus: () => () => {},
    async invoke<N extends CommandName>(name: N, args: CommandArgs<N>): Promise<CommandResult<N>> {
      return unwrapReply(await bridge.invoke(name, args)) as CommandResult<N>;
    },
    on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
      return bridge.on(event, (payload) => listener(payload as Events[E]));
    },
  };
}
