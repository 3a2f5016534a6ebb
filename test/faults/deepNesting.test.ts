// JSON nested thousands of levels deep, from a server or from the page, must never take the host down.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../../src/shared/contract';
import type { LogEntry, ToolCallResult, WireEntry } from '../../src/shared/types';
import { uniqueToken } from '../helpers';
import {
  eventually,
  expectAlive,
  expectNoProcessLeft,
  HostSocket,
  Hosts,
  misbehave,
  requireFreshBuild,
  serverState,
} from './harness';

const tag = uniqueToken('deep');
const hosts = new Hosts();
const sockets: HostSocket[] = [];
const DEEP_MARK = /nested more than \d+ levels deep/;

beforeAll(() => requireFreshBuild());
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await hosts.stopAll();
}, 20_000);
afterAll(() => expectNoProcessLeft(tag), 20_000);

/** A host with one server in `mode`, and a page connected to it, the server running. */
async function hostWith(mode: string) {
  const host = await hosts.start({ mcpServers: { deep: misbehave(mode, tag) } });
  const page = await HostSocket.open(host);
  sockets.push(page);
  await serverState(page, 'deep', 'running');
  return { host, page };
}

describe('from a server', { timeout: 30_000 }, () => {
  it('a tool result: the call answers with the deep part cut off visibly, and the host lives', async () => {
    const { host, page } = await hostWith('healthy');
    const reply = await page.invoke('tools.call', {
      server: 'deep',
      tool: 'deep-result',
      args: { depth: 5000 },
    });
    expect(reply.ok, JSON.stringify(reply).slice(0, 300)).toBe(true);
    const result = (reply as { value: ToolCallResult }).value;
    expect(result.content).toEqual([{ type: 'text', text: 'nested 5000 levels' }]);
    expect(JSON.stringify(result.structuredContent)).toMatch(DEEP_MARK);
    await expectAlive(host);
    expect((await page.invoke('tools.call', { server: 'deep', tool: 'echo', args: { text: 'hi' } })).ok).toBe(
      true,
    );
  });

  it('a log notification: the log and the protocol log show it cut off, and the host lives', async () => {
    const { host, page } = await hostWith('healthy');
    await page.call('servers.subscribeWire', { server: 'deep' }).catch(() => null);
    expect(
      (await page.invoke('tools.call', { server: 'deep', tool: 'deep-log', args: { depth: 5000 } })).ok,
    ).toBe(true);
    const logged = await page.event<{ entries: LogEntry[] }>('server.log', ({ entries }) =>
      entries.some((entry) => entry.logger === 'deep'),
    );
    expect(logged.entries.find((entry) => entry.logger === 'deep')?.text).toMatch(DEEP_MARK);
    await expectAlive(host);
    const wire = await page.call('servers.wire', { server: 'deep' });
    const frame = wire.find((entry: WireEntry) => JSON.stringify(entry).includes('notifications/message'));
    expect(JSON.stringify(frame)).toMatch(DEEP_MARK);
  });

  it('its capabilities: the server fails to start, saying why, and the host lives', async () => {
    const host = await hosts.start({ mcpServers: { deep: misbehave('deep-info', tag) } });
    const page = await HostSocket.open(host);
    sockets.push(page);
    const view = await serverState(page, 'deep', 'error');
    expect(view.state.kind === 'error' && view.state.error.message).toBe(
      '"deep" sent JSON nested too deeply to read; the server may be broken.',
    );
    await expectAlive(host);
  });

  it('a tool list: the tools are listed and callable', async () => {
    const { host, page } = await hostWith('deep-list');
    const [view] = await page.call('servers.list', {});
    expect(view?.tools.map((tool) => tool.name)).toContain('deep-result');
    expect((await page.invoke('tools.call', { server: 'deep', tool: 'echo', args: { text: 'ok' } })).ok).toBe(
      true,
    );
    await expectAlive(host);
  });
});

describe('from the page', { timeout: 30_000 }, () => {
  const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

  it('2,000 levels in a command’s arguments are refused as invalid input, and the host lives', async () => {
    const { host, page } = await hostWith('healthy');
    const args = `{"server":"deep","tool":"echo","args":{"text":${nested(2000)}}}`;
    const reply = await page.sendFor(900, `{"id":900,"name":"tools.call","args":${args}}`);
    expect(reply.ok).toBe(false);
    expect((reply as Extract<Reply<unknown>, { ok: false }>).error).toMatchObject({ code: 'invalid_input' });
    expect((reply as Extract<Reply<unknown>, { ok: false }>).error.message).toMatch(/nested|deep/i);
    await expectAlive(host);
  });

  it('100,000 levels anywhere in a frame are refused too', async () => {
    const { host, page } = await hostWith('healthy');
    const reply = await page.sendFor(
      901,
      `{"id":901,"name":"consent.answer","args":{"id":"x","decision":"once","args":${nested(100_000)}}}`,
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    await expectAlive(host);
    await eventually('a normal command', async () => (await page.invoke('servers.list', {})).ok);
  });
});
