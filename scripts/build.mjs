// `npm run build`: builds the app, every time, then records what it was built from so `npm start` can skip a build.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { currentStamp, writeStamp } from './buildStamp.mjs';

/** Builds the app under `root`; true when the build succeeded (its output shows in this terminal). */
export function build(root) {
  // Taken before building: a change made while the build runs makes the next start build again.
  const stamp = currentStamp(root);
  const builder = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const result = spawnSync(process.execPath, [builder, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) return false;
  writeStamp(root, stamp);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(build(fileURLToPath(new URL('..', import.meta.url))) ? 0 : 1);
}
