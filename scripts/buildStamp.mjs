// Whether the built app in out/ is older than what it is built from: a stamp of the inputs, written after each build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** What a build reads: the sources and the files that say how they are built and with which packages. */
export const BUILD_INPUTS = [
  'src',
  'electron.vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];
/** Where the stamp of the last successful build is kept (inside out/, so a removed out/ takes it along). */
export const STAMP_FILE = join('out', '.build-stamp');
/** What a build leaves that starting the app needs. */
export const BUILD_OUTPUTS = [
  join('out', 'main', 'index.js'),
  join('out', 'main', 'web.js'),
  join('out', 'renderer', 'index.html'),
];

/** A stamp of `files` (`{ path, size, mtimeMs }`): it changes when a file is added, removed or changed. */
export function stampOf(files) {
  const hash = createHash('sha256');
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const file of sorted) hash.update(`${file.path}\0${file.size}\0${file.mtimeMs}\n`);
  return hash.digest('hex');
}

/** Why a build is needed, in a few words; undefined when the last build is still current. */
export function buildReason({ written, current, outputsPresent }) {
  if (!outputsPresent) return 'it is not built yet';
  if (written === undefined) return 'there is no record of what the last build was made from';
  if (written !== current) return 'its sources changed since the last build';
  return undefined;
}

/** The input files under `root`, each with its size and modification time (paths with `/`). */
export function listInputs(root) {
  const files = [];
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) visit(join(path, name));
    } else if (stat.isFile()) {
      files.push({ path: relative(root, path).split(sep).join('/'), size: stat.size, mtimeMs: stat.mtimeMs });
    }
  };
  for (const input of BUILD_INPUTS) visit(join(root, input));
  return files;
}

/** The stamp of the inputs as they are now. */
export function currentStamp(root) {
  return stampOf(listInputs(root));
}

/** Why the app under `root` needs building before it starts; undefined when it does not. */
export function whyBuild(root) {
  const stampPath = join(root, STAMP_FILE);
  return buildReason({
    written: existsSync(stampPath) ? readFileSync(stampPath, 'utf8').trim() : undefined,
    current: currentStamp(root),
    outputsPresent: BUILD_OUTPUTS.every((output) => existsSync(join(root, output))),
  });
}

/** Records `stamp` as what the build just made was built from. */
export function writeStamp(root, stamp) {
  writeFileSync(join(root, STAMP_FILE), `${stamp}\n`);
}
