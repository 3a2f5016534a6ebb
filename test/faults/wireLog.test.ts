// No amount of protocol traffic may crash the host or swell one reply: the log keeps capped frames, whole ones on demand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireEntry } from '../../src/shared/types';
import { uniqueToken } from '../helpers';
import {
  eventually,
  expectAlive,
  expectNoProcessLeft,
  HostSocket,
  Hosts,
  misbehave,
  type RunningHost,
  requireFreshBuild,
  serverState,
} from './harness';

const tag = uniqueToken('wire');
const hosts = new Hosts();
let host: RunningHost;
let page: HostSocket;

/** Enough in all that the old whole-log reply passed V8's longest string (about 512 MB). */
const NOTIFICATIONS = 33;
const CALLS = 3;
const MB = 15;

beforeAll(async () => {
  requireFreshBuild();
  host = await hosts.start({ mcpServers: { big: misbehave('healthy', tag) } });
  page = await HostSocket.open(host);
  await serverState(page, 'big', 'running');
}, 30_000);

afterAll(async () => {
  page?.close();
  await hosts.stopAll();
  await expectNoProcessLeft(tag);
}, 30_000);

const isBig = (entry: WireEntry) => entry.direction === 'in' && (entry.capped?.size ?? 0) > MB * 1e6;
const isResult = (entry: WireEntry) => !('method' in (entry.message as object));

/** A kept frame's whole text, fetched in chunks the way the Protocol tab does. */
async function wholeFrame(id: string): Promise<string> {
  let text = '';
  for (;;) {
    const chunk = await page.call('payloads.read', { id, offset: text.length });
    text += chunk.data;
    if (text.length >= chunk.total) return text;
  }
}

describe('the protocol log under many large results', { timeout: 90_000 }, () => {
  it(`${NOTIFICATIONS} notifications and ${CALLS} results of ${MB} MB: the log stays small, the newest frame comes whole, the oldest is gone`, async () => {
    await page.invoke('servers.subscribeWire', { server: 'big' });
    const burst = await page.invoke('tools.call', {
      server: 'big',
      tool: 'big-burst',
      args: { count: NOTIFICATIONS, mb: MB },
    });
    expect(burst.ok).toBe(true);
    const letters = 'xyz';
    for (let i = 0; i < CALLS; i++) {
      const reply = await page.invoke('tools.call', {
        server: 'big',
        tool: 'big',
        args: { mb: MB, fill: letters[i] },
      });
      expect(reply.ok, `call ${i + 1}`).toBe(true);
    }
    const history = await page.invoke('servers.wire', { server: 'big' });
    expect(history.ok).toBe(true);
    const entries = (history as { value: WireEntry[] }).value;
    expect(JSON.stringify(entries).length).toBeLessThan(16 * 1024 * 1024);

    const big = entries.filter(isBig);
    expect(big.length).toBe(NOTIFICATIONS + CALLS);
    for (const entry of big) {
      expect(entry.capped?.preview.length).toBeLessThanOrEqual(8 * 1024);
      expect(entry.message).toMatchObject({ jsonrpc: '2.0' });
    }
    const newest = big.at(-1);
    expect(newest && isResult(newest)).toBe(true);
    expect(newest?.capped?.id).toBeTruthy();
    const whole = JSON.parse(await wholeFrame(newest?.capped?.id ?? ''));
    expect(whole.result.content[0].text).toBe(letters[CALLS - 1]?.repeat(MB * 1024 * 1024));

    const oldest = big[0];
    const gone = await page.invoke('payloads.read', { id: oldest?.capped?.id ?? 'none', offset: 0 });
    expect(gone).toMatchObject({
      ok: false,
      error: { code: 'gone', message: expect.stringMatching(/no longer kept/) },
    });

    const logs = await page.call('servers.logs', { server: 'big' });
    expect(JSON.stringify(logs).length).toBeLessThan(16 * 1024 * 1024);

    // The live events carried capped frames too.
    const delivered = page.events
      .filter((frame) => frame.event === 'server.wire')
      .flatMap((frame) => (frame.payload as { entries: WireEntry[] }).entries);
    expect(delivered.filter(isBig).length).toBe(NOTIFICATIONS + CALLS);
    await expectAlive(host);
  });

  it('server.wire events reach only the pages that asked for them', async () => {
    const watching = await HostSocket.open(host);
    const other = await HostSocket.open(host);
    const witness = await HostSocket.open(host);
    await watching.call('servers.subscribeWire', { server: 'big' });
    await witness.call('servers.subscribeWire', { server: 'big' });
    const saw = (socket: HostSocket, text: string) =>
      socket.events.some(
        (frame) => frame.event === 'server.wire' && JSON.stringify(frame.payload).includes(text),
      );

    await page.call('tools.call', { server: 'big', tool: 'echo', args: { text: 'first' } });
    await eventually('the watching page sees the first call', async () => saw(watching, 'echo: first'));

    await watching.call('servers.unsubscribeWire', { server: 'big' });
    await page.call('tools.call', { server: 'big', tool: 'echo', args: { text: 'between' } });
    await eventually('the witness sees the call in between', async () => saw(witness, 'echo: between'));
    await watching.call('servers.subscribeWire', { server: 'big' });
    await page.call('tools.call', { server: 'big', tool: 'echo', args: { text: 'last' } });
    await eventually('the watching page sees the last call', async () => saw(watching, 'echo: last'));

    expect(saw(watching, 'echo: between')).toBe(false);
    expect(other.events.some((frame) => frame.event === 'server.wire')).toBe(false);
    for (const socket of [watching, other, witness]) socket.close();
  });
});
