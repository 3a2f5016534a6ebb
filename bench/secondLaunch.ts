// Second launch: from spawning the host to the first server view with tools (from the catalogue cache), against a
// first launch without the cache (tools only once a server answered). Host side; the painted page is speed-page's.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Host } from '../src/main/host';
import { compare, report, summarize, timed } from './harness';
import { benchEntry, browserHost, dataFolder, inProcessHost, pageSocket } from './lib/setup';

const SERVERS = 5;
const TOOLS = 100;
const RUNS = Number(process.env.BENCH_SECOND_LAUNCH_RUNS ?? 6);

const servers = Object.fromEntries(
  Array.from({ length: SERVERS }, (_, n) => [`bench${n}`, benchEntry(TOOLS)]),
);
const warm = await dataFolder(servers);
// One launch fills the catalogue cache, as a first day's use does.
const filling = await inProcessHost(servers, warm.dir);
await filling.close();

/** A copy of `from` (config and whatever caches it holds) to launch on. */
async function copyOf(from: string, withCaches: boolean): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-bench-launch-'));
  if (withCaches) await cp(from, dir, { recursive: true });
  else await cp(join(from, 'config.json'), join(dir, 'config.json'));
  return dir;
}

/** Milliseconds from spawning the host until the page's first `servers.list` with tools in it. */
async function firstTools(withCaches: boolean): Promise<number> {
  const dir = await copyOf(warm.dir, withCaches);
  const started = performance.now();
  const host = await browserHost(dir, 'open');
  const page = await pageSocket(host);
  for (;;) {
    const views = (await page.invoke('servers.list', {})) as { tools: unknown[] }[];
    if (views.some((view) => view.tools.length > 0)) break;
    await new Promise((done) => setTimeout(done, 5));
  }
  const ms = performance.now() - started;
  page.close();
  await host.stop();
  await rm(dir, { recursive: true, force: true });
  return ms;
}

const launch = await compare({
  name: `second launch → first tools at the page's socket (${SERVERS} servers × ${TOOLS} tools), cached vs uncached, whole process`,
  runs: RUNS,
  warmup: 1,
  subject: () => firstTools(true),
  baseline: () => firstTools(false),
});

// In process, without Node's own start: Host.create to the first view with tools.
const inProcess: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const dir = await copyOf(warm.dir, true);
  let host: Awaited<ReturnType<typeof Host.create>> | undefined;
  inProcess.push(
    await timed(async () => {
      host = await Host.create({ dataDir: dir, configPath: join(dir, 'config.json') });
      const started = host;
      while (!(await started.commands['servers.list']({})).some((view) => view.tools.length > 0))
        await new Promise((done) => setImmediate(done));
    }),
  );
  await host?.shutdown();
  await rm(dir, { recursive: true, force: true });
}
await rm(warm.dir, { recursive: true, force: true });

report([launch]);
const sample = summarize(inProcess);
console.log(
  `host start → first tools (in process, cached): ${sample.median.toFixed(1)} ms median, p95 ${sample.p95.toFixed(1)} ms over ${sample.runs} runs  goal ≤ 100 ms ${sample.median <= 100 ? 'met' : 'NOT met'}`,
);
