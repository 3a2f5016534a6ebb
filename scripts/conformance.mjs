// `npm run test:conformance`: the official MCP conformance runner against Switchboard's own client
// (scripts/conformance-client.mjs, built by `npm run build`), every client scenario.
//
// The runner needs Node 22 (it uses fs.globSync) while the app supports Node 20, so a Node 22 binary is
// installed from the npm registry (the `node` package) into node_modules/.cache once, and the runner alone
// runs on it; the client runs on the Node that runs this script.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE_22 = '22.23.3';
const root = fileURLToPath(new URL('..', import.meta.url));
const cache = join(root, 'node_modules', '.cache', `switchboard-node-${NODE_22}`);
const runner = join(root, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const results = join(root, 'test-results', 'conformance');
const command = 'node scripts/conformance-client.mjs';

if (!existsSync(join(root, 'out', 'main', 'conformance.js'))) {
  console.error('The conformance client is not built yet: run `npm run build` first.');
  process.exit(1);
}

const node = runnerNode();
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

/** Node 22 or later for the runner: this one if it is recent enough, else one installed from npm into the cache. */
function runnerNode() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const binary = ['node', 'node.exe']
    .map((name) => join(cache, 'node_modules', 'node', 'bin', name))
    .find((path) => existsSync(path));
  if (binary && works(binary)) return binary;
  console.log(`Installing Node ${NODE_22} for the conformance runner into ${cache} (once)…`);
  const npm = process.env.npm_execpath;
  const args = ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', cache, `node@${NODE_22}`];
  if (npm) execFileSync(process.execPath, [npm, ...args], { stdio: 'inherit' });
  else execFileSync('npm', args, { stdio: 'inherit', shell: process.platform === 'win32' });
  const installed = ['node', 'node.exe']
    .map((name) => join(cache, 'node_modules', 'node', 'bin', name))
    .find((path) => existsSync(path) && works(path));
  if (!installed) {
    console.error(
      `Node ${NODE_22} could not be installed from the npm registry; the conformance runner needs it.`,
    );
    process.exit(1);
  }
  return installed;
}

function works(binary) {
  try {
    return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim() === `v${NODE_22}`;
  } catch {
    return false;
  }
}

/** Runs the conformance runner; resolves to everything it printed. */
function run(args, echo) {
  return new Promise((resolve) => {
    const child = spawn(node, [runner, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
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
