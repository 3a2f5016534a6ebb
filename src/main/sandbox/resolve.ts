// Finds what a sandboxed server runs before it starts: its command on the PATH, the programs it names, all as real paths.
import { constants } from 'node:fs';
import { access, open, realpath, stat } from 'node:fs/promises';
import { basename, delimiter, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ResolvedProgram } from './policy';

export type ProgramInput = {
  command: string;
  args: readonly string[];
  /** The entry's working directory, if it names one. */
  cwd?: string;
  /** The PATH the server starts with. */
  path: string;
  /** The person's home folder and the app's data folder: never shown whole, nor anything above them. */
  home: string;
  dataDir: string;
  /** Where a relative path in the entry is taken from when it names no working directory. */
  hostCwd: string;
  /** The server's private home: where it runs when its working directory cannot be shown. */
  privateHome: string;
};

/** A server that cannot start inside the sandbox: `path` is what it could not reach, where that is known. */
export class SandboxStartError extends Error {
  readonly code: string;
  constructor(
    message: string,
    readonly path?: string,
    code = 'ESANDBOX',
  ) {
    super(message);
    this.code = code;
  }
}

/** Marks of a project folder: the program's dependencies sit in or below it. */
const PROJECT_MARKS = [
  'manifest.json',
  'package.json',
  'pyproject.toml',
  'setup.py',
  'Cargo.toml',
  'go.mod',
  'deno.json',
];
const SCRIPT = /\.(?:[cm]?js|[cm]?ts|py|rb|pl|sh|jar)$/i;

/** The program `input` runs, resolved on the host: its command found and every path it reads made real. */
export async function resolveProgram(input: ProgramInput): Promise<ResolvedProgram> {
  const base = input.cwd ? resolve(input.hostCwd, input.cwd) : input.hostCwd;
  const found = await findCommand(input.command, input.path, base);
  const real = await realpath(found);
  const readable = [...installOf(found, input), ...installOf(real, input)];
  readable.push(...(await interpreterOf(real, input)));
  const args: string[] = [];
  for (const arg of input.args) {
    const named = await namedPath(arg, base);
    if (!named) {
      args.push(arg);
      continue;
    }
    const shown = await programPaths(named.real, input);
    readable.push(...shown);
    args.push(shown.length > 0 ? named.rewrite(named.real) : arg);
  }
  let cwd = input.privateHome;
  if (input.cwd) {
    const realCwd = await realpath(base).catch(() => {
      throw new SandboxStartError(`Its working directory ${base} does not exist.`, base, 'ENOENT');
    });
    if (mayShow(realCwd, input)) {
      readable.push(realCwd);
      cwd = realCwd;
    }
  }
  return { command: real, args, readable: unique(readable), cwd };
}

/** Where `command` is: as given when it has a slash, else the first executable of that name on `path`. */
export async function findCommand(command: string, path: string, base: string): Promise<string> {
  if (command.includes('/')) {
    const full = resolve(base, command);
    if (await isExecutable(full)) return full;
  } else {
    for (const dir of path.split(delimiter)) {
      if (!dir || !isAbsolute(dir)) continue;
      const full = join(dir, command);
      if (await isExecutable(full)) return full;
    }
  }
  const error = new SandboxStartError(`Could not find the command "${command}".`, command, 'ENOENT');
  throw error;
}

/**
 * What a program at `file` needs to read: its install prefix (`…/nvm/versions/node/v22/bin/node` → `…/v22`), or
 * the file alone where the prefix is shared by much else (`/usr`, `~/.local`, `~/.cargo`).
 */
function installOf(file: string, input: ProgramInput): string[] {
  const dir = dirname(file);
  if (basename(dir) !== 'bin') return [file];
  const prefix = dirname(dir);
  const shared =
    ['/', '/usr', '/usr/local', '/opt'].includes(prefix) ||
    dirname(prefix) === input.home ||
    !mayShow(prefix, input);
  return shared ? [file] : [prefix];
}

/** The interpreter a script names on its `#!` line (`/usr/bin/env node` finds `node` on the PATH). */
async function interpreterOf(file: string, input: ProgramInput): Promise<string[]> {
  const line = await firstLine(file);
  if (!line.startsWith('#!')) return [];
  const words = line.slice(2).trim().split(/\s+/);
  let program = words[0];
  if (program && basename(program) === 'env') program = words.slice(1).find((word) => !word.startsWith('-'));
  if (!program) return [];
  try {
    const found = await findCommand(program, input.path, input.hostCwd);
    return [...installOf(found, input), ...installOf(await realpath(found), input)];
  } catch {
    // The script cannot start here either; it says so itself.
    return [];
  }
}

/**
 * The path an argument names, when it names one that exists: the argument itself or the value of `--name=value`,
 * taken from `base` when relative; `rewrite` puts a real path back where it was written.
 */
async function namedPath(
  arg: string,
  base: string,
): Promise<{ real: string; rewrite: (real: string) => string } | undefined> {
  const equals = arg.startsWith('-') ? arg.indexOf('=') : -1;
  if (arg.startsWith('-') && equals < 0) return undefined;
  const value = equals < 0 ? arg : arg.slice(equals + 1);
  if (!value || /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return undefined;
  if (!isAbsolute(value) && !value.includes('/') && !SCRIPT.test(value)) return undefined;
  const real = await realpath(resolve(base, value)).catch(() => undefined);
  if (!real) return undefined;
  return { real, rewrite: (path) => (equals < 0 ? path : `${arg.slice(0, equals + 1)}${path}`) };
}

/** What reading the program at `real` takes: a folder as named, a file's project (a package inside node_modules: all of node_modules). */
async function programPaths(real: string, input: ProgramInput): Promise<string[]> {
  if (!mayShow(real, input)) return [];
  const info = await stat(real);
  if (info.isDirectory()) return [real];
  const modules = real.indexOf(`${sep}node_modules${sep}`);
  if (modules >= 0) {
    const folder = real.slice(0, modules + `${sep}node_modules`.length);
    if (mayShow(folder, input)) return [folder];
  }
  for (let dir = dirname(real); mayShow(dir, input); dir = dirname(dir)) {
    for (const mark of PROJECT_MARKS) {
      if (await exists(join(dir, mark))) return [dir];
    }
    if (dirname(dir) === dir) break;
  }
  const own = dirname(real);
  return [mayShow(own, input) ? own : real];
}

/** False for the home folder, the data folder, anything above them, and the data folder's own files. */
export function mayShow(path: string, input: Pick<ProgramInput, 'home' | 'dataDir'>): boolean {
  if (path === sep || isWithin(input.home, path) || isWithin(input.dataDir, path)) return false;
  if (isWithin(path, input.dataDir)) return isWithin(path, join(input.dataDir, 'bundles'));
  return true;
}

/** True when `path` is `folder` or inside it. */
export function isWithin(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function firstLine(file: string): Promise<string> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return '';
  try {
    const buffer = Buffer.alloc(256);
    const { bytesRead } = await handle.read(buffer, 0, 256, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').split('\n')[0] ?? '';
  } finally {
    await handle.close();
  }
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)];
}
