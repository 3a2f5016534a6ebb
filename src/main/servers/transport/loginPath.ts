// The PATH of the person's login shell, so `npx`, `uvx` and `node` are found when started from a desktop launcher.
import { execFile } from 'node:child_process';
import { isAbsolute } from 'node:path';

const MARK = '__SWITCHBOARD_PATH__';
let cached: Promise<string | undefined> | undefined;
/** What the probe found, once it has finished. */
let found: { path: string | undefined } | undefined;

/**
 * This process already has the login shell's PATH (it was started from a terminal, as browser mode is): no
 * shell is run to read it, and servers get this process's PATH.
 */
export function pathIsLoginPath(): void {
  found = { path: undefined };
  cached = Promise.resolve(undefined);
}

/** The login shell's PATH, or undefined where it cannot be read (Windows, no shell, timeout). Starts the probe once. */
export function loginShellPath(): Promise<string | undefined> {
  cached ??= readLoginPath().then((path) => {
    found = { path };
    return path;
  });
  return cached;
}

/**
 * The PATH a server started with `command` gets. A command given by its full path starts at once, with
 * the login PATH if the probe has already read it; any other command waits for the probe, which it needs
 * to be found at all.
 */
export async function pathForCommand(
  command: string,
  own: string | undefined,
  separator = ':',
): Promise<string> {
  if (isAbsolute(command)) {
    void loginShellPath();
    return mergePaths(found?.path, own, separator);
  }
  return mergePaths(await loginShellPath(), own, separator);
}

function readLoginPath(): Promise<string | undefined> {
  const shell = process.env.SHELL;
  if (process.platform === 'win32' || !shell) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    execFile(
      shell,
      ['-ilc', `printf '${MARK}%s${MARK}' "$PATH"`],
      { timeout: 3000, env: { ...process.env, DISABLE_AUTO_UPDATE: 'true' } },
      (error, stdout) => {
        const match = new RegExp(`${MARK}(.*?)${MARK}`).exec(stdout ?? '');
        resolve(error || !match?.[1] ? undefined : match[1]);
      },
    );
  });
}

/** Joins the login PATH with this process's PATH, login entries first, without repeats. */
export function mergePaths(login: string | undefined, own: string | undefined, separator = ':'): string {
  const seen = new Set<string>();
  const parts = [...(login ?? '').split(separator), ...(own ?? '').split(separator)];
  return parts.filter((part) => part && !seen.has(part) && seen.add(part)).join(separator);
}
