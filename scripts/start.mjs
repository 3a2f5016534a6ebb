// `npm start`: build the app if its sources changed since the last build, then run it in Electron when its binary
// is here (or can be fetched), else in browser mode.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from './build.mjs';
import { whyBuild } from './buildStamp.mjs';
import { node22 } from './node22.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const electronDir = join(root, 'node_modules', 'electron');
const INSTALL_LIMIT_MS = 180_000;
const args = process.argv.slice(2);

const reason = whyBuild(root);
if (reason) {
  console.log(`Building Switchboard first: ${reason}.`);
  if (!build(root)) {
    console.error('The build failed (see above), so Switchboard was not started.');
    process.exit(1);
  }
}

const electron = await findElectron();
if (electron.path) {
  run(electron.path, [root, ...args]);
} else {
  console.log(
    `Electron is not available on this machine (${electron.reason}); starting browser mode instead.`,
  );
  run(node22(), [join(root, 'out', 'main', 'web.js'), ...args]);
}

/** The Electron executable, fetching it once if needed; or why there is none. */
async function findElectron() {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { reason: 'no graphical display' };
  }
  if (!existsSync(join(electronDir, 'package.json')))
    return { reason: 'the electron package is not installed' };
  const installed = installedPath();
  if (installed) return { path: installed };
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return { reason: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' };
  const failure = await fetchBinary();
  if (failure) return { reason: `its binary could not be downloaded: ${failure}` };
  return installedPath() ? { path: installedPath() } : { reason: 'its binary is missing after install' };
}

function installedPath() {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(electronDir, 'dist');
  const executable = join(dist, readFileSync(pathFile, 'utf8').trim());
  return existsSync(executable) ? executable : undefined;
}

/** Runs electron's own installer quietly; resolves to a one-line failure reason, or undefined on success. */
function fetchBinary() {
  return new Promise((settle) => {
    const child = spawn(process.execPath, [join(electronDir, 'install.js')], {
      cwd: electronDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk) => {
      output = (output + chunk).slice(-4000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const notice = setTimeout(() => console.log('Downloading the Electron binary (once)…'), 3000);
    const limit = setTimeout(() => child.kill('SIGTERM'), INSTALL_LIMIT_MS);
    child.on('error', (error) => settle(error.message));
    child.on('close', (code, signal) => {
      clearTimeout(notice);
      clearTimeout(limit);
      if (code === 0) return settle(undefined);
      const firstLine = output.split('\n').find((line) => line.trim()) ?? '';
      settle(signal ? 'the download took too long' : firstLine.trim() || `installer exited with ${code}`);
    });
  });
}

/** Runs the app as a child, forwards termination signals to it and exits with its code. */
function run(command, childArgs) {
  // Own process group on POSIX, so a terminal Ctrl+C reaches the child once (from us), not twice.
  const child = spawn(command, childArgs, { stdio: 'inherit', detached: process.platform !== 'win32' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('error', (error) => {
    console.error(`Could not start ${command}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    process.exit(code ?? 128 + (constants.signals[signal] ?? 1));
  });
}
