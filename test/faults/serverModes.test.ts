// The misbehaving-server modes the host survives, kept so none can regress: each against the real browser-mode host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolCallResult } from '../../src/shared/types';
import { processesWith, programsWith, uniqueToken, until } from '../helpers';
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

const tag = uniqueToken('server-modes');
/** The stubborn server's own tag (it holds `tag`, so every check of `tag` covers it too). */
const stubbornTag = `${tag}-stubborn`;
const hosts = new Hosts();
let host: RunningHost;
let page: HostSocket;

beforeAll(async () => {
  requireFreshBuild();
  host = await hosts.start(
    {
      mcpServers: {
        healthy: misbehave('healthy', tag),
        garbage: misbehave('garbage-stdout', tag),
        noisy: misbehave('stderr-flood', tag),
        stubborn: misbehave('grandchild', stubbornTag),
        // Disabled at first: the host prints its address only once every server has started or failed.
        hang: { ...misbehave('hang-init', tag), disabled: true },
      },
    },
    { env: { SWITCHBOARD_RESTART_BACKOFF_MS: '100' } },
  );
  page = await HostSocket.open(host);
  for (const name of ['healthy', 'garbage', 'noisy', 'stubborn']) await serverState(page, name, 'running');
  // Its start answers only when the 30 s wait for initialize runs out; nobody waits for it.
  void page.invoke('servers.start', { server: 'hang' }).catch(() => {});
}, 60_000);

afterAll(async () => {
  page?.close();
  await hosts.stopAll();
  await expectNoProcessLeft(tag);
}, 30_000);

async function call(server: string, tool: string, args: Record<string, unknown> = {}) {
  return page.invoke('tools.call', { server, tool, args });
}

function resultText(result: ToolCallResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

describe('the modes the host already survived', { timeout: 30_000 }, () => {
  it('garbage on stdout is logged and calls still work', async () => {
    const reply = await call('garbage', 'echo', { text: 'hi' });
    expect(reply).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: 'echo: hi' }] } });
    const logs = await page.call('servers.logs', { server: 'garbage' });
    expect(logs.some((entry) => entry.source === 'stdout' && entry.text.includes('{not json'))).toBe(true);
  });

  it('a crash in the middle of a call answers with a clear error and the server comes back', async () => {
    const reply = await call('healthy', 'crash');
    expect(reply.ok).toBe(false);
    expect(JSON.stringify(reply)).toMatch(/exited|closed|ended/i);
    await serverState(page, 'healthy', 'running', 20_000);
    expect((await call('healthy', 'echo', { text: 'back' })).ok).toBe(true);
  });

  it('a server that never answers initialize does not hold up the others', async () => {
    const list = await page.call('servers.list', {});
    expect(list.find((server) => server.name === 'hang')?.state.kind).toBe('starting');
    expect((await call('garbage', 'echo', { text: 'meanwhile' })).ok).toBe(true);
  });

  it('10,000 notifications at once: the call finishes, the log stays bounded, the host answers', async () => {
    const flooding = call('healthy', 'flood', { count: 10_000 });
    expect((await call('garbage', 'echo', { text: 'during the flood' })).ok).toBe(true);
    expect(await flooding).toMatchObject({ ok: true, value: { content: [{ text: 'flooded' }] } });
    const logs = await eventually('the last flood line', async () => {
      const entries = await page.call('servers.logs', { server: 'healthy' });
      return entries.some((entry) => entry.text === 'flood 10000 of 10000') && entries;
    });
    expect(logs.length).toBeLessThanOrEqual(5000);
  });

  it('a 9 MB result arrives whole', async () => {
    const reply = await call('healthy', 'big', { mb: 9 });
    expect(reply.ok).toBe(true);
    expect(resultText((reply as { value: ToolCallResult }).value)).toHaveLength(9 * 1024 * 1024);
  });

  it('bytes that are not UTF-8 arrive as replacement characters', async () => {
    const reply = await call('healthy', 'bad-utf8');
    expect(reply.ok).toBe(true);
    const text = resultText((reply as { value: ToolCallResult }).value);
    expect(text.startsWith('before b')).toBe(true);
    expect(text).toContain('\uFFFD');
    expect(text.endsWith('a after')).toBe(true);
  });

  it('answers with ids nobody asked for are ignored and the right answer still arrives', async () => {
    const reply = await call('healthy', 'wrong-id');
    expect(reply).toMatchObject({
      ok: true,
      value: { content: [{ text: 'answered after two frames with wrong ids' }] },
    });
  });

  it('a slow tool does not hold up other calls', async () => {
    const order: string[] = [];
    const slow = call('healthy', 'slow', { ms: 800 }).then((reply) => {
      order.push('slow');
      return reply;
    });
    const quick = call('healthy', 'echo', { text: 'quick' }).then((reply) => {
      order.push('quick');
      return reply;
    });
    expect((await quick).ok).toBe(true);
    expect((await slow).ok).toBe(true);
    expect(order).toEqual(['quick', 'slow']);
  });

  it('100,000 stderr lines: the server runs, answers, and its log stays bounded', async () => {
    expect((await call('noisy', 'stderr', { lines: 100_000 })).ok).toBe(true);
    const logs = await eventually('the last stderr line', async () => {
      const entries = await page.call('servers.logs', { server: 'noisy' });
      return entries.some((entry) => entry.text === 'stderr done') && entries;
    });
    expect(logs.length).toBeLessThanOrEqual(5000);
    expect((await call('noisy', 'echo', { text: 'after the noise' })).ok).toBe(true);
  });

  it('a stderr line of 20 MB is kept cut short, and the lines after it still arrive', async () => {
    expect((await call('noisy', 'stderr-line', { mb: 20 })).ok).toBe(true);
    const logs = await eventually('the line after the long one', async () => {
      const entries = await page.call('servers.logs', { server: 'noisy' });
      return entries.some((entry) => entry.text === 'after the long line') && entries;
    });
    const long = logs.find((entry) => entry.text.startsWith('LLLL'));
    expect(long?.text.length).toBeLessThan(20 * 1024);
    expect(long?.text).toMatch(/not kept\)$/);
  });

  it('a server whose child ignores SIGTERM leaves no process behind when stopped', async () => {
    // The server and its child, both named by the tag (a sandboxed one's own pids are those of its sandbox).
    expect(programsWith(stubbornTag)).toHaveLength(2);
    expect((await page.invoke('servers.stop', { server: 'stubborn' })).ok).toBe(true);
    await until('the server and its child gone', () => processesWith(stubbornTag).length === 0, 10_000);
    await expectAlive(host);
  });
});
