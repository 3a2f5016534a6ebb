// The package a local entry runs through a package runner (npx, uvx, docker …), without its version, for the built-in list and the policy.
import type { ServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';

/** Runners whose first plain argument is the package; some take a sub-command first. */
const RUNNERS: Record<string, readonly string[]> = {
  npx: [],
  bunx: [],
  uvx: [],
  pnpm: ['dlx'],
  yarn: ['dlx'],
  pipx: ['run'],
  docker: ['run'],
  podman: ['run'],
};

/** Runner options that take a value in the next argument. */
const WITH_VALUE = new Set([
  '-p',
  '--package',
  '--from',
  '--with',
  '-e',
  '--env',
  '-v',
  '--volume',
  '--name',
  '--network',
  '--python',
]);

/** The package `entry` runs, e.g. `@modelcontextprotocol/server-fetch` or `mcp/fetch`; undefined when none is named. */
export function packageOf(entry: ServerEntry): string | undefined {
  if (isRemoteEntry(entry)) return undefined;
  const runner = baseName(entry.command).replace(/\.(cmd|exe)$/i, '');
  const sub = RUNNERS[runner];
  if (!sub) return undefined;
  const args = [...(entry.args ?? [])];
  for (const word of sub) if (args[0] === word) args.shift();
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg.startsWith('-')) {
      if (WITH_VALUE.has(arg)) index++;
      continue;
    }
    return withoutVersion(arg, runner === 'docker' || runner === 'podman');
  }
  return undefined;
}

function baseName(command: string): string {
  return command.split(/[\\/]/).pop() ?? command;
}

/** `@scope/name@1.2` → `@scope/name`; `name==1.0` → `name`; an image's `:tag` and `@digest` go. */
function withoutVersion(spec: string, image: boolean): string {
  if (image) return spec.replace(/@sha256:.*$/, '').replace(/:[^/:]+$/, '');
  const at = spec.indexOf('@', 1);
  const name = at > 0 ? spec.slice(0, at) : spec;
  return name.replace(/[=<>~!].*$/, '');
}
