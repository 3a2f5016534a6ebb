// 20 tool results of 9 MB in one conversation (the scripted model calls the tool, the host runs it): the host's RSS
// five seconds after the last, against its RSS before the first, then every byte of every result read back.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Host } from '../src/main/host';
import type { AssistantMessage } from '../src/shared/chat';
import { numberedText, repeatedText } from '../test/fixtures/bigText.mjs';
import { modelProcess } from './lib/modelProcess';
import { benchEntry } from './lib/setup';

const CHARS = 9 * 1024 * 1024;
const RESULTS = Number(process.env.BENCH_CHAT_RESULTS ?? 20);
const SETTLE_MS = 5_000;
const GOAL_MB = 40;
/** ASCII text, as most results are (`big`, as in largeResult.ts); `BENCH_CHAT_TEXT=numbered` sends lines with
 * characters outside ASCII, which a JavaScript engine holds at two bytes each. */
const NUMBERED = process.env.BENCH_CHAT_TEXT === 'numbered';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  const child = spawn(process.execPath, [...process.execArgv, '--expose-gc', process.argv[1] ?? ''], {
    stdio: 'inherit',
  });
  child.once('exit', (code) => process.exit(code ?? 1));
} else {
  await run(gc);
}

async function run(collect: () => void): Promise<void> {
  const model = await modelProcess();
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
  const host = await Host.create({ dataDir: dir, configPath, keepWholeMs: SETTLE_MS });
  await host.ready();
  host.on('consent.requested', (request) => {
    void host.commands['consent.answer']({ id: request.id, decision: 'conversation' });
  });
  const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const settle = async () => {
    await new Promise((done) => setTimeout(done, 200));
    collect();
    collect();
    return process.memoryUsage();
  };
  const reply = async (id: string, text: string): Promise<AssistantMessage> => {
    await host.commands['chat.send']({ id, text });
    for (;;) {
      const last = (await host.commands['chat.get']({ id })).messages.at(-1);
      if (last?.role === 'assistant' && last.status !== 'streaming') return last;
      await new Promise((done) => setTimeout(done, 50));
    }
  };

  // The baseline: the host started, the model answered once and the server ran a small call.
  const { id } = await host.commands['chat.create']({});
  await model.script([
    { toolCalls: [{ name: 'bench__echo', arguments: { text: 'warm' } }] },
    { text: 'Warm.' },
  ]);
  await reply(id, 'Warm up.');
  const before = await settle();

  const call = {
    toolCalls: [
      NUMBERED
        ? { name: 'bench__numbered', arguments: { chars: CHARS } }
        : { name: 'bench__big', arguments: { bytes: CHARS } },
    ],
  };
  await model.script([...Array.from({ length: RESULTS }, () => call), { text: 'Done.' }]);
  const started = performance.now();
  const done = await reply(id, `Call numbered ${RESULTS} times.`);
  const seconds = (performance.now() - started) / 1000;
  await new Promise((wait) => setTimeout(wait, SETTLE_MS));
  const after = await settle();
  const growth = after.rss - before.rss;
  console.log(
    `host RSS ${SETTLE_MS / 1000} s after ${RESULTS} results of 9 MB${NUMBERED ? ' (not ASCII)' : ''} in a conversation (${seconds.toFixed(1)} s for the reply): ${megabytes(before.rss)} → ${megabytes(after.rss)} (+${megabytes(growth)}; goal ≤ +${GOAL_MB} MB ${growth <= GOAL_MB * 1024 * 1024 ? 'met' : 'NOT met'}), heap ${megabytes(before.heapUsed)} → ${megabytes(after.heapUsed)}`,
  );

  // Every byte is still there: each result read back whole through the page's command, against the server's text.
  const expected = createHash('sha256')
    .update(NUMBERED ? numberedText(CHARS) : repeatedText(CHARS))
    .digest('hex');
  const kept = done.parts.flatMap((part) => (part.type === 'tool' && part.call.kept ? [part.call] : []));
  let whole = 0;
  for (const card of kept) {
    const block = card.result?.content[0];
    const pageId = block?.type === 'text' ? block.truncated?.id : undefined;
    const hash = createHash('sha256');
    for (let offset = 0; ; ) {
      const piece = await host.commands['payloads.read']({ id: pageId ?? '', offset });
      hash.update(piece.data);
      offset += piece.data.length;
      if (offset >= piece.total) break;
    }
    if (hash.digest('hex') === expected) whole++;
  }
  console.log(`results read back whole, every byte as the server sent it: ${whole} of ${RESULTS}`);
  await host.shutdown();
  model.close();
  await rm(dir, { recursive: true, force: true });
  if (whole !== RESULTS) process.exit(1);
}
