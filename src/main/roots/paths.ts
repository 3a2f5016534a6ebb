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
    const example = process.platform === 'win32' ? 'like C:\\Users\\you\\project' : 'starting with / or ~';
    throw new HostFault('invalid_input', `"${input}" is not a full path. Give the whole path, ${example}.`);
  }
  return resolve(path);
}
