// The server approval commands: what waits, the person's answer, and asking again after a no.
import type { CommandHandlers } from '../../shared/contract';
import type { NetworkChoice } from '../../shared/sandbox';
import { networkOf } from '../../shared/sandboxNetwork';
import type { ServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';
import type { ConfigStore } from '../config/configStore';
import { HostFault } from '../errors';
import type { InputService } from '../requests/inputs';
import { approvalRequests } from './approvalRequests';
import { serverIdentity } from './identity';
import type { ServerApprovals } from './serverApprovals';

type ApprovalCommandName = Extract<keyof CommandHandlers, `approvals.${string}`>;

export function approvalCommands(
  config: ConfigStore,
  approvals: ServerApprovals,
  inputs: Pick<InputService, 'has'>,
): Pick<CommandHandlers, ApprovalCommandName> {
  const entryOf = (name: string): ServerEntry => {
    const servers = config.current.mcpServers;
    const entry = Object.hasOwn(servers, name) ? servers[name] : undefined;
    if (!entry) throw new HostFault('not_found', { id: 'host.trust.serverGone', values: { name } });
    return entry;
  };
  return {
    'approvals.list': async () =>
      approvalRequests(config.current.mcpServers, approvals, (server, id) => inputs.has(server, id)),
    'approvals.answer': async ({ name, identity, approve, network }) => {
      const entry = entryOf(name);
      const changed = () =>
        new HostFault('config_changed', { id: 'host.trust.changedWhileLooking', values: { name } });
      if (serverIdentity(entry) !== identity) throw changed();
      if (approve && network !== undefined && isNewNetwork(entry, network)) {
        // The person's network choice goes into the entry, which waits until it is approved just after: still as
        // an entry from elsewhere, so it is given only the values kept for it.
        let chosen: string | undefined;
        await config.update((next) => {
          const written = Object.hasOwn(next.mcpServers, name) ? next.mcpServers[name] : undefined;
          if (!written || serverIdentity(written) !== identity || isRemoteEntry(written)) throw changed();
          written.sandbox = { network };
          chosen = serverIdentity(written);
        });
        const now = entryOf(name);
        if (serverIdentity(now) !== chosen) throw changed();
        approvals.approve([[name, now]], 'outside');
        return null;
      }
      // Every entry the dialog shows came from elsewhere: the person's own are approved by writing them.
      if (approve) approvals.approve([[name, entry]], 'outside');
      else approvals.deny(name, entry);
      return null;
    },
    'approvals.review': async ({ name }) => {
      entryOf(name);
      approvals.review(name);
      return null;
    },
  };
}

/** True when `network` is not what the local `entry` runs with already (its own choice, or the default list). */
function isNewNetwork(entry: ServerEntry, network: NetworkChoice): boolean {
  if (isRemoteEntry(entry) || entry.sandbox === false) return false;
  return JSON.stringify(networkOf(entry)) !== JSON.stringify(network);
}
