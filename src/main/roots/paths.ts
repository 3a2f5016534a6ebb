// Paths typed by a person: `~` means the home folder, and only full paths are accepted.
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { HostFault } from '../errors';

/** `~` and `~/…` expanded, `..` and `.` resolved; a relative path is refused. */
export function userPath(input: string, home = homedir()): string {
  let path = input;
  if (input === '~') path = home;
  else if (input.startsWith('~/') || (process.platform === 'win32' && input.startsWith('~\\')))
    path = join(home, input.slice(2));
  if (!isAbsolute(path)) {
    throw new HostFault('invalid_input', {
      id: 'host.roots.notFullPath',
      values: { input, windows: process.platform === 'win32' ? 'yes' : 'no' },
    });
  }
  return resolve(path);
}
