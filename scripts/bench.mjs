// Runs every benchmark in bench/ one after another: `vitest bench` for *.bench.ts, tsx for every other bench/*.ts
// (not harness.ts; helpers live in bench/lib/). Names given as arguments pick some: `node scripts/bench.mjs launch`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const picked = process.argv.slice(2);
const chosen = (file) => picked.length === 0 || picked.some((name) => file.includes(name));
const files = readdirSync('bench')
  .filter((file) => file.endsWith('.ts') && file !== 'harness.ts')
  .filter(chosen)
  .sort();
const vitestFiles = files.filter((file) => file.endsWith('.bench.ts'));
const scripts = files.filter((file) => !file.endsWith('.bench.ts'));

console.log(`${new Date().toISOString()} on ${process.platform}, Node ${process.version}\n`);
const failed = [];
const run = (label, command, args) => {
  console.log(`── ${label}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) failed.push(label);
  console.log();
};
if (vitestFiles.length > 0)
  run(vitestFiles.join(', '), process.execPath, [
    'node_modules/vitest/vitest.mjs',
    'bench',
    '--run',
    ...vitestFiles.map((file) => `bench/${file}`),
  ]);
for (const file of scripts) run(file, process.execPath, ['--import', 'tsx', `bench/${file}`]);
if (failed.length > 0) {
  console.error(`These benchmarks failed: ${failed.join(', ')}`);
  process.exit(1);
}
