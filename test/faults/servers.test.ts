// Server lifecycle faults through a real host: odd names, edits of a running server, and processes left behind.
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerView } from '../../src/shared/types';
import { fixtureEntry, processesWith, uniqueToken, until } from '../helpers';
import { startTestHost, type TestHost } from './hostHarness';

const hosts: TestHost[] = [];
const tokens: string[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
  // Never leave a process behind, even when a test failed.
  for (const token of tokens.splice(0)) for (const pid of processesWith(token)) process.kill(pid, 'SIGKILL');
}, 30_000);

async function hostWith(config: unknown): Promise<TestHost> {
  const host = await startTestHost(config);
  hosts.push(host);
  return host;
}

function token(label: string): string {
  const value = uniqueToken(label);
  tokens.push(value);
  return value;
}

const stateOf = (views: ServerView[], name: string) => views.find((view) => view.name === name)?.state.kind;

/** How many times `name` went into `starting` among the announced views. */
function startsOf(t: TestHost, name: string): number {
  let previous: string | undefined;
  let starts = 0;
  for (const view of t.events('server.changed')) {
    if (view.name !== name) continue;
    if (view.state.kind === 'starting' && previous !== 'starting') starts += 1;
    previous = view.state.kind;
  }
  return starts;
}

describe('editing a running server', { timeout: 30_000 }, () => {
  it('restarts it once, with one process, and shutdown ends that process', async () => {
    const mark = token('edit');
    const t = await hostWith({ mcpServers: { edited: fixtureEntry('changing.mjs', { token: mark }) } });
    expect(stateOf(await t.host.commands['servers.list']({}), 'edited')).toBe('running');
    expect(processesWith(mark)).toHaveLength(1);
    const startsBefore = startsOf(t, 'edited');

    await t.host.commands['config.putServer']({
      name: 'edited',
      previousName: 'edited',
      entry: { ...fixtureEntry('changing.mjs', { token: mark }), env: { CHANGED: '1' } },
    });
    await t.host.ready();

    const views = await t.host.commands['servers.list']({});
    expect(views.filter((view) => view.name === 'edited')).toHaveLength(1);
    expect(stateOf(views, 'edited')).toBe('running');
    expect(startsOf(t, 'edited') - startsBefore, 'starts caused by one edit').toBe(1);
    await until('the old process to be gone', () => processesWith(mark).length <= 1, 5000).catch(() => {});
    expect(processesWith(mark), 'processes after the edit').toEqual([views[0]?.pid]);

    await t.host.shutdown();
    await until('no process left after shutdown', () => processesWith(mark).length === 0, 5000).catch(() => {});
    expect(processesWith(mark), 'processes after shutdown').toEqual([]);
  });
});
