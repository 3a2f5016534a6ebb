// The host's time to build each model request of a reply in a 500-message conversation (tool calls and results in it):
// from the person's send, or from the step's tool results, until the request has reached the model server. Baseline:
// the same request body sent to the same server by a bare fetch.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Host } from '../src/main/host';
import { snapshotOf } from '../src/main/storage/conversationRecords';
import type { ChatMessage } from '../src/shared/chat';
import { compare, report } from './harness';
import { benchEntry } from './lib/setup';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 500);
const RUNS = Number(process.env.BENCH_REQUEST_RUNS ?? 12);
const GOAL_MS = 50;
const WORDS = 'lantern harbour keeper tide signal north beacon chart rope anchor gull fog'.split(' ');

const text = (seed: number, words: number) =>
  Array.from({ length: words }, (_, n) => WORDS[(n * 7 + seed) % WORDS.length]).join(' ');

/** Exchanges of a question and a reply; every other reply calls a tool first and reads its result. */
function conversation(count: number): Map<string, ChatMessage> {
  const messages = new Map<string, ChatMessage>();
  const time = Date.now() - 86_400_000;
  for (let n = 0; messages.size < count; n++) {
    messages.set(`u${n}`, { id: `u${n}`, role: 'user', text: text(n, 60), time });
    const call = {
      id: `call-${n}`,
      name: 'bench__echo',
      server: 'bench',
      tool: 'echo',
      args: { text: text(n, 8) },
      status: 'done' as const,
      decision: 'conversation' as const,
      result: { content: [{ type: 'text' as const, text: text(n * 3, 300) }] },
    };
    messages.set(`a${n}`, {
      id: `a${n}`,
      role: 'assistant',
      time,
      model: 'local/m',
      status: 'done',
      parts: [
        ...(n % 2 === 0 ? [{ type: 'tool' as const, call }] : []),
        { type: 'text', text: text(n * 5, 180) },
      ],
    });
  }
  return messages;
}

const { startOpenAIFixture } = (await import(
  new URL('../test/fixtures/openai-server.mjs', import.meta.url).href
)) as {
  startOpenAIFixture(options: { port: number; onRequest?: (body: unknown) => void }): Promise<{
    url: string;
    script(turns: unknown[]): void;
    requests(): unknown[];
    close(): Promise<void>;
  }>;
};
let arrived: (at: number) => void = () => {};
const model = await startOpenAIFixture({ port: 0, onRequest: () => arrived(performance.now()) });
const nextArrival = () => new Promise<number>((done) => (arrived = done));

const dir = await mkdtemp(join(tmpdir(), 'switchboard-bench-'));
const configPath = join(dir, 'config.json');
await writeFile(
  configPath,
  JSON.stringify({
    mcpServers: { bench: benchEntry() },
    models: {
      providers: [{ id: 'local', type: 'openai-compatible', baseURL: model.url, models: ['m'] }],
      default: 'local/m',
    },
  }),
);
await writeFile(join(dir, 'model-options.json'), JSON.stringify({ 'local/m': { contextWindow: 2_000_000 } }));
await mkdir(join(dir, 'conversations'));
const state = {
  title: 'Long',
  tools: { disabledServers: [], disabledTools: [] },
  createdAt: Date.now(),
  updatedAt: Date.now(),
  messages: conversation(MESSAGES),
};
await writeFile(
  join(dir, 'conversations', 'long.jsonl'),
  snapshotOf(state)
    .map((line) => `${JSON.stringify(line)}\n`)
    .join(''),
);

const host = await Host.create({ dataDir: dir, configPath });
await host.ready();
host.on('consent.requested', (request) => {
  void host.commands['consent.answer']({ id: request.id, decision: 'conversation' });
});

/** One reply of three steps (two tool calls, then text); the longest time the host took to build one of its requests. */
async function reply(): Promise<number> {
  model.script([
    { toolCalls: [{ name: 'bench__echo', arguments: { text: 'one' } }] },
    { toolCalls: [{ name: 'bench__echo', arguments: { text: 'two' } }] },
    { text: 'Done.' },
  ]);
  const steps: number[] = [];
  let from = performance.now();
  let arrival = nextArrival();
  const off = host.on('chat.message', ({ message }) => {
    if (message.role !== 'assistant' || message.status !== 'streaming') return;
    const calls = message.parts.flatMap((part) => (part.type === 'tool' ? [part.call] : []));
    if (calls.length === steps.length && calls.every((call) => call.status === 'done'))
      from = performance.now();
  });
  await host.commands['chat.send']({ id: 'long', text: 'Go on.' });
  for (let step = 0; step < 3; step++) {
    steps.push((await arrival) - from);
    arrival = nextArrival();
  }
  off();
  for (;;) {
    const last = (await host.commands['chat.get']({ id: 'long' })).messages.at(-1);
    if (last?.role === 'assistant' && last.status !== 'streaming') break;
    await new Promise((done) => setTimeout(done, 5));
  }
  if (process.env.BENCH_STEPS) console.log(steps.map((value) => value.toFixed(1)).join(' '));
  return Math.max(...steps);
}

/** The same first request, sent by a bare fetch. */
async function bare(): Promise<number> {
  const body = (model.requests() as unknown[]).at(-3);
  model.script([{ text: 'ok' }]);
  const from = performance.now();
  const arrival = nextArrival();
  const response = fetch(`${model.url}/chat/completions`, { method: 'POST', body: JSON.stringify(body) });
  const at = await arrival;
  await (await response).text();
  return at - from;
}

await reply();
const result = await compare({
  name: `longest request build of a reply, ${MESSAGES}-message conversation, host vs bare fetch of the same body`,
  runs: RUNS,
  warmup: 2,
  subject: reply,
  baseline: bare,
});
report([result]);
const p95 = result.subject.p95;
console.log(
  `longest step: median ${result.subject.median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (goal: none over ${GOAL_MS} ms ${p95 <= GOAL_MS ? 'met' : 'NOT met'})`,
);
await host.shutdown();
await model.close();
await rm(dir, { recursive: true, force: true });
