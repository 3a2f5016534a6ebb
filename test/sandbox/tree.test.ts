// A sandboxed server's whole tree ends with it: stopped by the host, or left behind by a host that was killed.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HostSocket, Hosts, misbehave, requireFreshBuild, serverState } from '../faults/harness';
import { processesWith, programsWith, uniqueToken, until } from '../helpers';

const hosts = new Hosts();
const tags: string[] = [];
beforeAll(() => requireFreshBuild());
afterAll(async () => {
  await hosts.stopAll();
  for (const tag of tags) for (const pid of processesWith(tag)) process.kill(pid, 'SIGKILL');
});

it('a killed host leaves no process of a sandboxed server behind, its child that ignores SIGTERM included', {
  timeout: 40_000,
}, async () => {
  const tag = uniqueToken('sandbox-tree');
  tags.push(tag);
  const host = await hosts.start({ mcpServers: { stubborn: misbehave('grandchild', tag) } });
  const page = await HostSocket.open(host);
  const view = await serverState(page, 'stubborn', 'running');
  page.close();
  expect(view.sandbox?.kind).toBe('sandboxed');
  // The server and its child, each inside the sandbox, with the sandbox's own processes around them.
  expect(programsWith(tag)).toHaveLength(2);
  expect(processesWith(tag).length).toBeGreaterThan(2);
  host.process.kill('SIGKILL');
  await until('every process of the sandbox gone', () => processesWith(tag).length === 0, 10_000);
});
