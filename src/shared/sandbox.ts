// What a local server's sandbox is: the entry's setting, the network choice, and what the person is shown of it.
import type { HostText } from './hostText';

/** Where a sandboxed server may connect: nowhere, anywhere, or only these hosts (`host`, `host:port`, `*.domain`). */
export type NetworkChoice = 'none' | 'any' | string[];

/** An entry's `sandbox` key: `false` runs it as the user; an object sandboxes it (without `network`, the default list). */
export type SandboxSetting = false | { network?: NetworkChoice };

/** Why a local server runs without a sandbox. */
export type UnsandboxedReason =
  /** `"sandbox": false` in its entry. */
  | 'turned-off'
  /** The sandbox's programs (bubblewrap, socat, ripgrep) are missing or cannot run. */
  | 'missing'
  /** The platform has no sandbox the app can use. */
  | 'unsupported'
  /** Windows: the sandbox is not provisioned, or cannot keep each server to its own folders. */
  | 'windows'
  /** The built-in server runs inside the app's own process in this build. */
  | 'built-in';

/** How a server runs, for its Overview: in the sandbox (what it sees), outside it (why), or elsewhere. */
export type SandboxView =
  | {
      kind: 'sandboxed';
      /** The shared folders it sees. */
      folders: { path: string; readOnly: boolean }[];
      network: NetworkChoice;
      /** The first connection the sandbox blocked in this session, until the person looks at it. */
      notice?: string;
    }
  | { kind: 'unsandboxed'; reason: UnsandboxedReason; message: string }
  | { kind: 'remote' };

/** Hosts a person may list: a name (`*.` allowed in front), an IPv4 address or a bracketed IPv6 one, each with an optional port. */
const HOST_ENTRY =
  /^(?:(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])(?::(?:[1-9]\d{0,4}))?$/i;

/** Whether `entry` can be a network host entry. */
export function isHostEntry(entry: string): boolean {
  if (!HOST_ENTRY.test(entry) || /^\*\.[^.]+$/.test(entry)) return false;
  const port = /:(\d+)$/.exec(entry)?.[1];
  return port === undefined || Number(port) <= 65535;
}

/** Why `entry` cannot be a network host entry (by id in the host catalogue), or undefined when it can. */
export function hostEntryProblem(entry: string): HostText | undefined {
  return isHostEntry(entry) ? undefined : { id: 'host.schema.notAHost', values: { entry } };
}

/** True when the network choice lets it reach nothing (None, or an empty list). */
export function noNetwork(network: NetworkChoice): boolean {
  return network === 'none' || (Array.isArray(network) && network.length === 0);
}
