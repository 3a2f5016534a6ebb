// The PATH of the person's login shell, so `npx`, `uvx` and `node` are found when started from a desktop launcher.
import { execFile } from 'node:child_process';

const MARK = '__SWITCHBOARD_PATH__';
let cached: Promise<string | undefined> | undefined;

/** The login shell's PATH, or undefined where it cannot be read (Windows, no shell, timeout). */
export function loginShellPath(): Promise<string | undefined> {
  cached ??= readLoginPath();
  return cached;
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
