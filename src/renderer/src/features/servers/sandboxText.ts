// How a server's sandbox reads to a person: one line for the Overview and the server list, and its parts.
import { noNetwork, type SandboxView } from '../../../../shared/sandbox';
import { translate } from '../../i18n';

/** "Sandboxed: sees 2 folders, network: 3 hosts", "Not sandboxed: …" or "Runs elsewhere: …". */
export function sandboxLine(sandbox: SandboxView): string {
  if (sandbox.kind === 'remote') return translate('servers.sandbox.line.remote');
  if (sandbox.kind === 'unsandboxed')
    return translate('servers.sandbox.line.unsandboxed', { reason: sandbox.message });
  const { network } = sandbox;
  return translate('servers.sandbox.line.sandboxed', {
    folders: sandbox.folders.length,
    network: noNetwork(network) ? 'none' : network === 'any' ? 'any' : 'hosts',
    hosts: Array.isArray(network) ? network.length : 0,
  });
}
