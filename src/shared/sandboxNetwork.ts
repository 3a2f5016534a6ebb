// Where a sandboxed server may connect: the entry's network choice, or the default list derived from what the entry runs.
import { hostEntryProblem, type NetworkChoice } from './sandbox';
import type { StdioServerEntry } from './types';

const NPM = ['registry.npmjs.org'];
const PYPI = ['pypi.org', 'files.pythonhosted.org'];
const DOCKER_HUB = ['registry-1.docker.io', 'auth.docker.io', 'production.cloudflare.docker.com'];
const NUGET = ['api.nuget.org'];

/** The package registry each launcher downloads what it runs from. */
const LAUNCHER_HOSTS: Readonly<Record<string, readonly string[]>> = {
  npx: NPM,
  npm: NPM,
  pnpm: NPM,
  pnpx: NPM,
  bunx: NPM,
  uvx: PYPI,
  uv: PYPI,
  pipx: PYPI,
  dnx: NUGET,
  dotnet: NUGET,
};

/** The hosts `entry` connects to without being asked: its launcher's registry and the hosts its arguments name. */
export function defaultHosts(entry: StdioServerEntry): string[] {
  const launcher = launcherName(entry.command);
  const args = entry.args ?? [];
  const registry =
    launcher === 'docker' || launcher === 'podman' ? imageRegistry(args) : (LAUNCHER_HOSTS[launcher] ?? []);
  return unique([...registry, ...hostsInText(args)]);
}

/** Where the entry's sandbox lets it connect: its own choice, else the default list. */
export function networkOf(entry: StdioServerEntry): NetworkChoice {
  const setting = entry.sandbox;
  if (setting && setting.network !== undefined) return setting.network;
  return defaultHosts(entry);
}

/**
 * The hosts named in `texts` that look like addresses (`https://host:port/…`, `wss://…`): the host, with the
 * port when it is not the scheme's own.
 */
export function hostsInText(texts: readonly string[]): string[] {
  const found: string[] = [];
  for (const text of texts) {
    for (const match of text.matchAll(/\b(https?|wss?):\/\/([^\s/?#"'<>]+)/gi)) {
      const host = hostOf(`${match[1]}://${match[2]}`);
      if (host) found.push(host);
    }
  }
  return unique(found);
}

/**
 * The network list a registry or bundle install declares for `entry`: the default list with `declared` added, or
 * undefined when they add nothing to it (the entry then keeps no `sandbox` key of its own).
 */
export function declaredNetwork(entry: StdioServerEntry, declared: readonly string[]): string[] | undefined {
  const base = defaultHosts(entry);
  const extra = declared.filter((host) => !base.includes(host) && hostEntryProblem(host) === undefined);
  return extra.length > 0 ? unique([...base, ...extra]) : undefined;
}

/** The host (and a port other than the scheme's) of `url`, or undefined when it is not an address. */
export function hostOf(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const host = parsed.hostname.toLowerCase();
  if (!host || host.includes('$') || host.includes('{')) return undefined;
  const entry = parsed.port ? `${host}:${parsed.port}` : host;
  return hostEntryProblem(entry) === undefined ? entry : undefined;
}

/** `npx`, `uvx`, `docker` … from a command given by name or full path (`.cmd` and `.exe` dropped). */
export function launcherName(command: string): string {
  return (command.replace(/\\/g, '/').split('/').pop() ?? '').toLowerCase().replace(/\.(cmd|exe|bat)$/, '');
}

/** The registry `docker run … IMAGE` pulls from: the image's host, or Docker Hub. */
function imageRegistry(args: readonly string[]): string[] {
  const image = imageArgument(args);
  if (!image) return DOCKER_HUB;
  const first = image.split('/')[0] ?? '';
  const hasHost =
    image.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost');
  if (!hasHost) return DOCKER_HUB;
  const host = first.toLowerCase();
  return hostEntryProblem(host) === undefined ? [host] : DOCKER_HUB;
}

/** Flags of `docker run` that take a value as the next word. */
const VALUED_FLAGS = new Set([
  '-e',
  '--env',
  '-v',
  '--volume',
  '-p',
  '--publish',
  '--name',
  '--network',
  '--net',
  '-w',
  '--workdir',
  '-u',
  '--user',
  '--entrypoint',
  '--env-file',
  '--mount',
  '--platform',
  '-l',
  '--label',
]);

function imageArgument(args: readonly string[]): string | undefined {
  const run = args.indexOf('run');
  if (run < 0) return undefined;
  for (let index = run + 1; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (VALUED_FLAGS.has(arg)) index += 1;
    else if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)];
}
