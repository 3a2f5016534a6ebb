// Whether a runtime command (npx, uvx, docker, dnx, node …) is on the person's PATH, login shell's PATH included.
import { access, constants } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';
import type { RuntimeCheck } from '../../shared/registry';
import { loginShellPath, mergePaths } from '../servers/transport/loginPath';

/** Looks `command` up the way a launch would: an absolute path as is, a bare name on PATH (with Windows' extensions). */
export async function checkRuntime(command: string, path?: string): Promise<RuntimeCheck> {
  const searched = path ?? mergePaths(await loginShellPath(), process.env.PATH, delimiter);
  const extensions = process.platform === 'win32' ? ['', '.exe', '.cmd', '.bat'] : [''];
  const candidates = isAbsolute(command)
    ? [command]
    : searched
        .split(delimiter)
        .filter(Boolean)
        .flatMap((dir) => extensions.map((extension) => join(dir, `${command}${extension}`)));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return { command, found: true };
    } catch {
      // Not here; try the next folder.
    }
  }
  return { command, found: false };
}

/** What to tell the person when a runtime is missing. */
export function missingRuntimeText(command: string): string {
  const how: Readonly<Record<string, string>> = {
    npx: 'npx comes with Node.js (nodejs.org)',
    node: 'Install Node.js (nodejs.org)',
    uvx: 'uvx comes with uv (docs.astral.sh/uv)',
    docker: 'Install Docker (docs.docker.com/get-docker)',
    dnx: 'dnx comes with the .NET 10 SDK (dot.net)',
  };
  const advice = how[command] ?? `Install ${command}`;
  return `${command} was not found on your PATH, so this server cannot start yet. ${advice}, then restart Switchboard.`;
}
