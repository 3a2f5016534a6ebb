// Whether a server can send data out: a remote one always can; a local one only as far as its running sandbox's network lets it.
import { noNetwork } from '../../shared/sandbox';
import { networkOf } from '../../shared/sandboxNetwork';
import type { ServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';

/** How far a server's network reaches: nowhere, to a list of hosts, or anywhere. */
export type NetworkReach = 'none' | 'limited' | 'any';

/**
 * How far `entry` can reach. A sandbox's network (the entry's choice, else its default list) counts only while
 * `sandboxActive` says the sandbox really runs; otherwise a local server reaches anywhere. A remote server
 * always reaches out.
 */
export function networkReach(entry: ServerEntry, sandboxActive: boolean): NetworkReach {
  if (isRemoteEntry(entry) || !sandboxActive || entry.sandbox === false) return 'any';
  const network = networkOf(entry);
  if (noNetwork(network)) return 'none';
  return network === 'any' ? 'any' : 'limited';
}
