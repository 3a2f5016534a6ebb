// A 9 MB tool result: the host (in this process) vs the same bytes through a raw pipe; then the host's memory after 20 of them.
import { spawn } from 'node:child_process';
import { FRAME_STORE_LIMITS } from '../src/main/servers/log/serverLog';
import { compare, report, timed } from './harness';
import { benchEntry, inProcessHost } from './lib/setup';

const BYTES = 9 * 1024 * 1024;
const RUNS = Number(process.env.BENCH_LARGE_RUNS ?? 12);
const MEMORY_CALLS = 20;
const KEEP_WHOLE_MS = 5_000;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  // Memory is only meaningful after a full collection: run again with one at hand.
  const child = spawn(process.execPath, [...process.execArgv, '--expose-gc', process.argv[1] ?? ''], {
    stdio: 'inherit',
  });
  child.once('exit', (code) => process.exit(code ?? 1));
} else {
  await run(gc);
}

/** One line through a pipe and parsed, as a server's answer would be. */
function rawPipe(): { ask(): Promise<unknown>; close(): void } {
  const child = spawn(process.execPath, ['bench/lib/pipe.mjs'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, BYTES: String(BYTES) },
  });
  let chunks: Buffer[] = [];
  let waiting: ((value: unknown) => void) | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    const end = chunk.indexOf(10);
    if (end === -1) {
      chunks.push(chunk);
      return;
    }
    chunks.push(chunk.subarray(0, end));
    const text = Buffer.concat(chunks).toString('utf8');
    chunks = [chunk.subarray(end + 1)];
    waiting?.(JSON.parse(text));
  });
  return {
    ask: () =>
      new Promise((done) => {
        waiting = done;
        child.stdin.write('next\n');
      }),
    close: () => child.kill(),
  };
}

async function run(collect: () => void): Promise<void> {
  // Whole copies are kept for ten minutes; a short keep shows where memory goes once they are let go.
  const host = await inProcessHost({ bench: benchEntry() }, undefined, { keepWholeMs: KEEP_WHOLE_MS });
  const call = async () => {
    const reply = await host.dispatch('tools.call', { server: 'bench', tool: 'big', args: { bytes: BYTES } });
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.value;
  };
  const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const settle = async () => {
    await new Promise((done) => setTimeout(done, 200));
    collect();
    collect();
    return process.memoryUsage();
  };
  // The baseline: the host started and its server answered, before any large result.
  await host.dispatch('tools.call', { server: 'bench', tool: 'echo', args: { text: 'warm' } });
  const before = await settle();
  for (let n = 0; n < MEMORY_CALLS; n++) await call();
  const after = await settle();
  console.log(
    `host memory after ${MEMORY_CALLS} results of 9 MB, from before the first (after GC; the protocol log keeps whole frames up to ${megabytes(FRAME_STORE_LIMITS.maxChars)}): RSS ${megabytes(before.rss)} → ${megabytes(after.rss)} (${megabytes(after.rss - before.rss)}), heap ${megabytes(before.heapUsed)} → ${megabytes(after.heapUsed)} (${megabytes(after.heapUsed - before.heapUsed)})`,
  );
  await new Promise((done) => setTimeout(done, KEEP_WHOLE_MS));
  const released = await settle();
  console.log(
    `host memory once the whole copies are let go (after ${KEEP_WHOLE_MS / 1000} s here, ten minutes in the app): RSS ${megabytes(released.rss)} (${megabytes(released.rss - before.rss)} from before the first), heap ${megabytes(released.heapUsed)} (${megabytes(released.heapUsed - before.heapUsed)})`,
  );
  const pipe = rawPipe();
  const result = await compare({
    name: '9 MB tool result, host only vs raw pipe',
    runs: RUNS,
    warmup: 2,
    goal: 1.5,
    subject: () => timed(call),
    baseline: () => timed(() => pipe.ask()),
  });
  pipe.close();
  report([result]);

  await host.close();
}
