// Finds a program the sandbox itself runs (bwrap, socat, rg) by its full path, on the PATH or where systems install it.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

const SYSTEM_BIN = ['/usr/bin', '/bin', '/usr/local/bin', '/opt/homebrew/bin', '/usr/sbin'];

/** The full path of the executable `name`, or undefined when there is none. */
export function findCommandSync(name: string, path = process.env.PATH ?? ''): string | undefined {
  for (const dir of [...path.split(delimiter), ...SYSTEM_BIN]) {
    if (!dir || !isAbsolute(dir)) continue;
    const full = join(dir, name);
    try {
      accessSync(full, constants.X_OK);
      if (statSync(full).isFile()) return full;
    } catch {
      // Not here.
    }
  }
  return undefined;
}
