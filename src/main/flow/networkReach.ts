// Whether a server can send data out: a remote one always can; a local one only as far as its sandbox's network choice lets it.
import type { ServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';

/** How far a server's network reaches: nowhere, to a list of hosts, or anywhere. */
export type NetworkReach = 'none' | 'limited' | 'any';

/** A local entry's sandbox, as config.json writes it: off, or on with a network choice (absent: the default host list). */
export type SandboxSetting = false | { network?: 'none' | 'any' | string[] };

/** The sandbox setting of `entry`; undefined when it says none (sandboxed with the default host list). */
export function sandboxOf(entry: ServerEntry): SandboxSetting | undefined {
  const value = (entry as { sandbox?: unknown }).sandbox;
  if (value === false) return false;
  if (value === null || typeof value !== 'object') return undefined;
  const network = (value as { network?: unknown }).network;
  if (network === 'none' || network === 'any') return { network };
  if (Array.isArray(network) && network.every((host) => typeof host === 'string')) return { network };
  return {};
}

/**
 * How far `entry` can reach. A sandbox's choice counts only while `sandboxActive` says the sandbox really
 * runs; otherwise a local server reaches anywhere. A remote server always reaches out.
 */
export function networkReach(entry: ServerEntry, sandboxActive: boolean): NetworkReach {
  if (isRemoteEntry(entry)) return 'any';
  const sandbox = sandboxOf(entry);
  if (!sandboxActive || sandbox === false) return 'any';
  const network = sandbox?.network;
  if (network === 'none') return 'none';
  if (network === 'any') return 'any';
  return 'limited';
}
