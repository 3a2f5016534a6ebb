// A small tool call: the host in this process and the host through browser mode's WebSocket, each against a bare SDK client.
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { attachWebSocket } from '../src/main/rpc/ws';
import { compare, report, summarize, timed } from './harness';
import { bareClient, benchEntry, browserHost, dataFolder, inProcessHost, pageSocket } from './lib/setup';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const args = { text: 'hello from the benchmark' };

const bare = await bareClient(benchEntry());
const baseline = () => timed(() => bare.callTool({ name: 'echo', arguments: args }));

const local = await inProcessHost({ bench: benchEntry() });
const inProcess = await compare({
  name: 'tools/call in process vs bare SDK',
  runs: RUNS,
  warmup: 20,
  subject: () =>
    timed(async () => {
      const reply = await local.dispatch('tools.call', { server: 'bench', tool: 'echo', args });
      if (!reply.ok) throw new Error(reply.error.message);
    }),
  baseline,
});

// The same socket code in this process: what the bridge costs without a second process to wake.
const http = createServer();
attachWebSocket(http, { refusal: () => undefined, dispatch: local.dispatch, events: local.host });
await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
const samePage = await pageSocket({ origin, token: 'unused' });
const sameProcess = await compare({
  name: 'tools/call through the bridge, host in the same process, vs bare SDK',
  runs: RUNS,
  warmup: 20,
  subject: () => timed(() => samePage.invoke('tools.call', { server: 'bench', tool: 'echo', args })),
  baseline,
});
samePage.close();
http.close();
await local.close();

const folder = await dataFolder({ bench: benchEntry() });
const web = await browserHost(folder.dir);
const page = await pageSocket(web);
// A page that has the server list open, as the window does.
await page.invoke('servers.list', {});
const bridged = await compare({
  name: 'tools/call through the browser-mode bridge vs bare SDK',
  runs: RUNS,
  warmup: 20,
  goal: 1.5,
  subject: () => timed(() => page.invoke('tools.call', { server: 'bench', tool: 'echo', args })),
  baseline,
});
const eventsPerCall = page.events() / (RUNS * 2 + 40);
// The bridge's own floor: a command that does no work (its time is the socket, JSON and dispatch alone).
const floor: number[] = [];
for (let run = 0; run < RUNS; run++) floor.push(await timed(() => page.invoke('instructions.get', {})));
page.close();
await web.stop();
await rm(folder.dir, { recursive: true, force: true });
await bare.close();

report([inProcess, sameProcess, bridged]);
const bridge = summarize(floor);
console.log(
  `bridge round trip alone (a command that does no work): ${bridge.median.toFixed(2)} ms median, p95 ${bridge.p95.toFixed(2)} ms; events sent to the page per bridged call: ${eventsPerCall.toFixed(2)}`,
);
