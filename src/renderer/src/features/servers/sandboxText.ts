// How a server's sandbox reads to a person: one line for the Overview and the server list, and its parts.
import { type NetworkChoice, networkWords, type SandboxView } from '../../../../shared/sandbox';

/** "Sandboxed: sees 2 folders, network: 3 hosts", "Not sandboxed: …" or "Runs elsewhere: …". */
export function sandboxLine(sandbox: SandboxView): string {
  if (sandbox.kind === 'remote') return 'Runs elsewhere: not sandboxed by Switchboard';
  if (sandbox.kind === 'unsandboxed') return `Not sandboxed: ${sandbox.message}`;
  const count = sandbox.folders.length;
  const folders = `sees ${count} folder${count === 1 ? '' : 's'}`;
  return `Sandboxed: ${folders}, ${networkPart(sandbox.network)}`;
}

function networkPart(network: NetworkChoice): string {
  const words = networkWords(network);
  return words === 'no network' ? words : `network: ${words}`;
}
