// JSON nested thousands of levels deep, from a server or from the page, must never take the host down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  type RunningHost,
  requireFreshBuild,
  serverState,
} from './harness';

const tag = uniqueToken('deep');
const hosts = new Hosts();
const DEEP_MARK = /nested more than \d+ levels deep/;
let host: RunningHost;
let page: HostSocket;

beforeAll(async () => {
  requireFreshBuild();
  host = await hosts.start(
    {
      mcpServers: {
        deep: misbehave('healthy', tag),
        'deep-list': misbehave('deep-list', tag),
        'deep-info': misbehave('deep-info', tag),
      },
    },
    { env: { SWITCHBOARD_RESTART_BACKOFF_MS: '60000' } },
  );
  page = await HostSocket.open(host);
  await serverState(page, 'deep', 'running');
}, 30_000);

afterAll(async () => {
  page?.close();
  await hosts.stopAll();
  await expectNoProcessLeft(tag);
}, 30_000);

const call = (server: string, tool: string, args: Record<string, unknown>) =>
  page.invoke('tools.call', { server, tool, args });

describe('from a server', { timeout: 30_000 }, () => {
  it('a tool result: the call answers with the deep part cut off visibly, and the host lives', async () => {
    const reply = await call('deep', 'deep-result', { depth: 5000 });
    expect(reply.ok, JSON.stringify(reply).slice(0, 300)).toBe(true);
    const result = (reply as { value: ToolCallResult }).value;
    expect(result.content).toEqual([{ type: 'text', text: 'nested 5000 levels' }]);
    expect(JSON.stringify(result.structuredContent)).toMatch(DEEP_MARK);
    await expectAlive(host);
    expect((await call('deep', 'echo', { text: 'hi' })).ok).toBe(true);
  });

  it('a log notification: the log and the protocol log show it cut off, and the host lives', async () => {
    await page.call('servers.subscribeWire', { server: 'deep' });
    expect((await call('deep', 'deep-log', { depth: 5000 })).ok).toBe(true);
    const logged = await page.event<{ entries: LogEntry[] }>('server.log', ({ entries }) =>
      entries.some((entry) => entry.logger === 'deep'),
    );
    expect(logged.entries.find((entry) => entry.logger === 'deep')?.text).toMatch(DEEP_MARK);
    await page.event<{ entries: WireEntry[] }>('server.wire', ({ entries }) =>
      entries.some((entry) => JSON.stringify(entry).includes('notifications/message')),
    );
    await expectAlive(host);
    const wire = await page.call('servers.wire', { server: 'deep' });
    const frame = wire.find((entry: WireEntry) => JSON.stringify(entry).includes('notifications/message'));
    expect(JSON.stringify(frame)).toMatch(DEEP_MARK);
  });

  it('a tool list: the tools are listed and callable', async () => {
    const view = await serverState(page, 'deep-list', 'running');
    expect(view.tools.map((tool) => tool.name)).toContain('deep-result');
    expect((await call('deep-list', 'echo', { text: 'ok' })).ok).toBe(true);
    await expectAlive(host);
  });

  it('its capabilities: the server fails to start, saying why, and the host lives', async () => {
    const view = await serverState(page, 'deep-info', 'error');
    expect(view.state.kind === 'error' && view.state.error.message).toBe(
      '"deep-info" sent JSON nested too deeply to read; the server may be broken.',
    );
    await expectAlive(host);
  });
});

describe('from the page', { timeout: 30_000 }, () => {
  const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

  it('2,000 levels in a command’s arguments are refused as invalid input, and the host lives', async () => {
    const args = `{"server":"deep","tool":"echo","args":{"text":${nested(2000)}}}`;
    const reply = await page.sendFor(900, `{"id":900,"name":"tools.call","args":${args}}`);
    expect(reply.ok).toBe(false);
    const { error } = reply as Extract<Reply<unknown>, { ok: false }>;
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/nested more than 128 levels deep/);
    await expectAlive(host);
  });

  it('100,000 levels anywhere in a frame are refused too', async () => {
    const reply = await page.sendFor(
      901,
      `{"id":901,"name":"consent.answer","args":{"id":"x","decision":"once","args":${nested(100_000)}}}`,
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    await expectAlive(host);
    await eventually('a normal command', async () => (await page.invoke('servers.list', {})).ok);
  });
});
