// Node 22.12 or later, which the dependencies need: this Node when it is recent enough, else one installed once
// from the npm registry (the `node` package) into node_modules/.cache.
//
//   node scripts/node22.mjs [--on-path] FILE [ARGS…]   runs FILE on it (--on-path: and the `node` FILE starts)
//   node scripts/node22.mjs --bin-dir                  prints the folder holding it
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The Node installed where this one is too old. */
export const NODE_22 = '22.23.3';
/** The oldest Node the dependencies accept (package.json `engines`). */
const NEEDED = { major: 22, minor: 12 };

const root = fileURLToPath(new URL('..', import.meta.url));
const cacheRoot = join(root, 'node_modules', '.cache');
const cache = join(cacheRoot, `switchboard-node-${NODE_22}`);

/** True when `version` ("22.12.0") is at least the Node the dependencies need. */
export function recentEnough(version) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > NEEDED.major || (major === NEEDED.major && minor >= NEEDED.minor);
}

/** A Node binary recent enough: this one, or the cached one, installed from the npm registry the first time. */
export function node22() {
  if (recentEnough(process.versions.node)) return process.execPath;
  const cached = binaryIn(cache);
  if (cached) return cached;
  console.error(
    `Switchboard's tools need Node ${NEEDED.major}.${NEEDED.minor} or later and this is Node ${process.versions.node}: ` +
      `installing Node ${NODE_22} from the npm registry into ${relative(process.cwd(), cache)} (once)…`,
  );
  install();
  const installed = binaryIn(cache);
  if (!installed) {
    console.error(
      `Node ${NODE_22} could not be installed from the npm registry. Install Node ${NEEDED.major}.${NEEDED.minor} ` +
        'or later (https://nodejs.org) and run the command again.',
    );
    process.exit(1);
  }
  return installed;
}

/** `env` with the folder of `node22()` first on PATH, so a program that starts `node` starts that one. */
export function withNode22OnPath(env = process.env) {
  const key = Object.keys(env).find((name) => name.toUpperCase() === 'PATH') ?? 'PATH';
  return { ...env, [key]: [dirname(node22()), env[key]].filter(Boolean).join(delimiter) };
}

/** The working node binary installed under `prefix`, if any. */
function binaryIn(prefix) {
  return ['node', 'node.exe']
    .map((name) => join(prefix, 'node_modules', 'node', 'bin', name))
    .find((path) => existsSync(path) && works(path));
}

function works(binary) {
  try {
    return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim() === `v${NODE_22}`;
  } catch {
    return false;
  }
}

/** Installs into a fresh folder, then moves it into place: a run that stops half-way leaves nothing used. */
function install() {
  mkdirSync(cacheRoot, { recursive: true });
  const staging = mkdtempSync(join(cacheRoot, `switchboard-node-${NODE_22}-`));
  // Readable by every user, as an installed program is (a folder made by mkdtemp is its owner's alone): tests start
  // the host as an unprivileged user on this Node.
  chmodSync(staging, 0o755);
  try {
    const args = ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', staging, `node@${NODE_22}`];
    // npm's report goes to stderr: stdout may be read (`--bin-dir`).
    const stdio = ['ignore', 2, 2];
    const npm = process.env.npm_execpath;
    if (npm?.endsWith('npm-cli.js')) execFileSync(process.execPath, [npm, ...args], { stdio });
    else execFileSync('npm', args, { stdio, shell: process.platform === 'win32' });
    // Another run may have finished first: then its copy serves, else a broken copy makes way.
    if (!binaryIn(cache)) {
      rmSync(cache, { recursive: true, force: true });
      renameSync(staging, cache);
    }
  } catch (error) {
    console.error(`npm could not install node@${NODE_22}: ${error instanceof Error ? error.message : error}`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Runs `file` on `node22()` with `args`, signals passed on, and exits as it exits. */
function runOnNode22(file, args, onPath) {
  const env = onPath ? withNode22OnPath() : process.env;
  const child = spawn(node22(), [file, ...args], { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('error', (error) => {
    console.error(`Could not start Node ${NODE_22}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 1)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const given = process.argv.slice(2);
  const onPath = given[0] === '--on-path';
  const [file, ...args] = onPath ? given.slice(1) : given;
  if (file === '--bin-dir') console.log(dirname(node22()));
  else if (file) runOnNode22(file, args, onPath);
  else {
    console.error('Usage: node scripts/node22.mjs [--on-path] FILE [ARGS…] | --bin-dir');
    process.exit(2);
  }
}
