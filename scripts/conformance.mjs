// `npm run test:conformance`: the official MCP conformance runner against Switchboard's own client
// (scripts/conformance-client.mjs, built by `npm run build`), every client scenario.
//
// The runner needs Node 22 (it uses fs.globSync): `npm run test:conformance` runs this script on Node 22.12 or
// later (scripts/node22.mjs), and the runner and the client run on that Node too.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { node22, withNode22OnPath } from './node22.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const runner = join(root, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const results = join(root, 'test-results', 'conformance');
const command = 'node scripts/conformance-client.mjs';

if (!existsSync(join(root, 'out', 'main', 'conformance.js'))) {
  console.error('The conformance client is not built yet: run `npm run build` first.');
  process.exit(1);
}

const node = node22();
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const suite = await run(['client', '--command', command, '--suite', 'all', '-o', results], true);
const start = suite.indexOf('=== SUITE SUMMARY ===');
const summary = start >= 0 ? suite.slice(start) : '';
console.log(summary.trim());
const failed = [...summary.matchAll(/^✗ (\S+):/gm)].map((match) => match[1]);
const scenarios = [...summary.matchAll(/^[✓✗] (\S+):/gm)].length;
if (scenarios === 0) {
  console.error('The conformance runner printed no summary; see its output above.');
  process.exit(1);
}

// The suite starts every scenario at once. On a small machine that starves the runner's own event loop,
// and sse-retry measures the client's reconnection delay in milliseconds, so it can come out "late"
// without the client being late. A scenario that fails in the parallel run is run again alone: it
// passes only if it passes there, so a real failure still fails the tests.
const stillFailing = [];
for (const scenario of failed) {
  const alone = await run(['client', '--command', command, '--scenario', scenario, '-o', results], false);
  const verdict = /OVERALL: PASSED/.test(alone) ? 'passed when run alone' : 'failed again when run alone';
  console.log(`${scenario}: ${verdict}`);
  if (!/OVERALL: PASSED/.test(alone)) {
    console.log(alone.trim());
    stillFailing.push(scenario);
  }
}
const passed = scenarios - stillFailing.length;
console.log(`Conformance: ${passed}/${scenarios} client scenarios passed.`);
process.exit(stillFailing.length === 0 ? 0 : 1);

/** Runs the conformance runner; resolves to everything it printed. */
function run(args, echo) {
  return new Promise((resolve) => {
    // The client command starts `node`: the same Node, first on PATH.
    const child = spawn(node, [runner, ...args], {
      cwd: root,
      env: withNode22OnPath(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (chunk) => {
      output += chunk;
      if (echo && process.env.CONFORMANCE_VERBOSE) process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', () => resolve(output));
  });
}
