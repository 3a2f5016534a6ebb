// What one sandboxed server may touch, computed purely from its resolved program, its folders and its network choice.
import type { NetworkChoice } from '../../shared/sandbox';

/** The system folders every server reads (programs, libraries, settings), per platform. */
export const SYSTEM_DIRS: Readonly<Record<'linux' | 'darwin', readonly string[]>> = {
  linux: ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc', '/nix/store'],
  darwin: [
    '/System',
    '/Library',
    '/usr',
    '/bin',
    '/sbin',
    '/private/etc',
    '/private/var/db/timezone',
    '/opt/homebrew',
    '/usr/local',
  ],
};

/** The port the sandbox's HTTP proxy listens on inside a Linux sandbox. */
export const INNER_PROXY_PORT = 3128;

/** A server's program as resolved on the host: real paths, ready to run inside. */
export type ResolvedProgram = {
  /** The command's full path. */
  command: string;
  /** The arguments, with those naming an existing file or folder made absolute. */
  args: string[];
  /** Folders and files it reads to run: the command's install, the programs its arguments name, its interpreter. */
  readable: string[];
  /** Where it runs: its configured working directory, or its private home. */
  cwd: string;
};

export type PolicyInput = {
  platform: 'linux' | 'darwin';
  program: ResolvedProgram;
  /** The shared folders it sees (real paths). */
  roots: readonly { path: string; readOnly: boolean }[];
  /** Its private home and temporary folder (kept between runs). */
  home: string;
  tmp: string;
  network: NetworkChoice;
  /** What the sandbox itself needs readable inside (its helper, its proxy sockets). */
  runtimePaths: readonly string[];
  /** The system folders of this machine (those of `SYSTEM_DIRS` that exist). */
  systemDirs: readonly string[];
  /** Files inside writable roots that must stay read-only (git hooks and config run outside the sandbox). */
  protectedPaths?: readonly string[];
};

/** The library's per-start configuration (a subset of its `SandboxRuntimeConfig`). */
export type WrapConfig = {
  filesystem: { denyRead: string[]; allowRead: string[]; allowWrite: string[]; denyWrite: string[] };
  /** Absent: no network namespace and no proxy ("Any"). */
  network?: { allowedDomains: string[]; deniedDomains: string[] };
};

export type SandboxPolicy = {
  config: WrapConfig;
  /** The hosts registered for this start with the sandbox's proxy; none for "None" and "Any". */
  hosts: string[];
  /** Loopback ports of other local services it may reach (Linux: relayed inside through the proxy). */
  loopbackPorts: number[];
  /** The environment set inside, in front of the command. */
  env: Record<string, string>;
  cwd: string;
  program: ResolvedProgram;
};

/** The policy for one start: the whole machine hidden, then the system, the program, its folders and its own home shown. */
export function policyFor(input: PolicyInput): SandboxPolicy {
  const { program, roots, home, tmp, network } = input;
  const writable = roots.filter((root) => !root.readOnly).map((root) => root.path);
  const allowRead = unique([
    ...input.systemDirs,
    ...input.runtimePaths,
    ...program.readable,
    ...roots.map((root) => root.path),
    home,
    tmp,
  ]);
  const hosts = network === 'any' || network === 'none' ? [] : registeredHosts(network);
  const loopbackPorts = input.platform === 'linux' ? hosts.flatMap(loopbackPort) : [];
  return {
    config: {
      filesystem: {
        denyRead: ['/'],
        allowRead,
        allowWrite: unique([...writable, home, tmp]),
        denyWrite: [...(input.protectedPaths ?? [])],
      },
      ...(network === 'any' ? {} : { network: { allowedDomains: [], deniedDomains: [] } }),
    },
    hosts,
    loopbackPorts,
    // Node's own fetch follows the proxy variables only when told to (Node 22 and later).
    env: { HOME: home, TMPDIR: tmp, ...(network === 'any' ? {} : { NODE_USE_ENV_PROXY: '1' }) },
    cwd: program.cwd,
    program,
  };
}

/**
 * The shell text run inside the sandbox: a relay per allowed loopback port (`relay` is the proxy's user and
 * token for this start, `socat` the relay program), then the program in its folder with its environment.
 */
export function innerCommand(policy: SandboxPolicy, relay?: { auth: string; socat: string }): string {
  const ports = relay ? policy.loopbackPorts : [];
  const relays = ports
    .map((port) => `${relayCommand(port, relay?.auth ?? '', relay?.socat ?? 'socat')} >/dev/null & `)
    .join('');
  const env = Object.entries(policy.env)
    .map(([name, value]) => `${name}=${quote(value)}`)
    .join(' ');
  const argv = [policy.program.command, ...policy.program.args].map(quote).join(' ');
  return `${relays}${ports.map(untilListening).join('')}cd ${quote(policy.cwd)} && ${env} exec ${argv}`;
}

/** A listener on 127.0.0.1:`port` inside the sandbox that reaches the host's port through the proxy, which checks the list. */
function relayCommand(port: number, auth: string, socat: string): string {
  const target = `PROXY:localhost:127.0.0.1:${port},proxyport=${INNER_PROXY_PORT},proxyauth=${auth}`;
  return `${quote(socat)} TCP4-LISTEN:${port},bind=127.0.0.1,fork,reuseaddr ${quote(target)}`;
}

/** Waits (up to a second) until the relay of `port` listens, so the server's first connection finds it. */
function untilListening(port: number): string {
  const listening = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')} 00000000:0000 0A`;
  return `_n=0; while [ $_n -lt 100 ] && ! grep -q ${quote(listening)} /proc/net/tcp 2>/dev/null; do sleep 0.01; _n=$((_n + 1)); done; `;
}

/** The list as the proxy matches it: `localhost` is written as the address it means, which the proxy accepts. */
function registeredHosts(hosts: readonly string[]): string[] {
  return unique(hosts.map((host) => host.replace(/^localhost(?=:\d+$)/i, '127.0.0.1')));
}

function loopbackPort(host: string): number[] {
  const match = /^127\.0\.0\.1:(\d+)$/.exec(host);
  return match?.[1] ? [Number(match[1])] : [];
}

/** `text` as one POSIX shell word. */
export function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)];
}
