// Ten servers, three of them misbehaving: the seven healthy ones keep answering, and stopping the host leaves nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolCallResult } from '../../src/shared/types';
import { uniqueToken } from '../helpers';
import {
  expectAlive,
  expectNoProcessLeft,
  HostSocket,
  Hosts,
  misbehave,
  type RunningHost,
  requireFreshBuild,
  serverState,
} from './harness';

const tag = uniqueToken('ten');
const hosts = new Hosts();
const HEALTHY = Array.from({ length: 7 }, (_, i) => `healthy-${i + 1}`);
let host: RunningHost;

beforeAll(async () => {
  requireFreshBuild();
  const mcpServers: Record<string, unknown> = {
    quits: misbehave('exit-at-start', tag),
    noisy: misbehave('stderr-flood', tag),
    // Started after the host is ready: the host prints its address once every server started or failed.
    silent: { ...misbehave('hang-init', tag), disabled: true },
  };
  for (const name of HEALTHY) mcpServers[name] = misbehave('healthy', tag);
  host = await hosts.start({ mcpServers });
}, 60_000);

afterAll(async () => {
  await hosts.stopAll();
  await expectNoProcessLeft(tag);
}, 30_000);

describe('ten servers, three misbehaving', { timeout: 60_000 }, () => {
  it('the seven healthy ones answer while the others fail, hang and shout', async () => {
    const page = await HostSocket.open(host);
    void page.invoke('servers.start', { server: 'silent' }).catch(() => {});
    for (const name of HEALTHY) await serverState(page, name, 'running');
    await serverState(page, 'quits', 'error');
    await serverState(page, 'silent', 'starting');
    const crashing = page.invoke('tools.call', { server: 'noisy', tool: 'crash', args: {} });
    const replies = await Promise.all(
      HEALTHY.map((name) => page.invoke('tools.call', { server: name, tool: 'echo', args: { text: name } })),
    );
    expect(
      replies.map((reply) => (reply.ok ? (reply.value as ToolCallResult).content[0] : reply.error)),
    ).toEqual(HEALTHY.map((name) => ({ type: 'text', text: `echo: ${name}` })));
    expect((await crashing).ok).toBe(false);
    // Its last stderr lines join the failure once its stderr has been read to the end.
    const quitsTail = async () => {
      const [quits] = (await page.call('servers.list', {})).filter((server) => server.name === 'quits');
      return quits?.state.kind === 'error' ? quits.state.error.stderrTail : [];
    };
    await expect.poll(quitsTail).toContain('fatal: configuration missing, exiting');
    page.close();
    await expectAlive(host);
  });

  it('stopping the host ends every server it started, the hanging one too', async () => {
    host.process.kill('SIGTERM');
    await host.stop();
    expect(host.process.exitCode).toBe(0);
    await expectNoProcessLeft(tag);
  });
});
