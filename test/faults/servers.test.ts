// Server lifecycle faults through a real host: odd names, edits of a running server, and processes left behind.
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { descendantsOf } from '../../src/main/servers/transport/processTree';
import type { ServerView } from '../../src/shared/types';
import { fixtureEntry, processesWith, programsWith, uniqueToken, until } from '../helpers';
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
    expect(programsWith(mark)).toHaveLength(1);
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
    await until('the old process to be gone', () => programsWith(mark).length <= 1, 5000).catch(() => {});
    const programs = programsWith(mark);
    expect(programs, 'processes after the edit').toHaveLength(1);
    // The server's process, or (sandboxed) inside the sandbox its process started.
    const pid = views[0]?.pid ?? -1;
    expect([pid, ...(await descendantsOf(pid))]).toContain(programs[0]);

    await t.host.shutdown();
    await until('no process left after shutdown', () => processesWith(mark).length === 0, 5000).catch(
      () => {},
    );
    expect(processesWith(mark), 'processes after shutdown').toEqual([]);
  });
});

describe('servers named like members of Object.prototype', { timeout: 40_000 }, () => {
  it('are added, run, renamed, disabled and removed like any other name', async () => {
    const mark = token('proto-names');
    const entry = () => fixtureEntry('changing.mjs', { token: mark });
    // `__proto__` written as a real key of the file, as a person would type it.
    const text = `{"mcpServers": {"constructor": ${JSON.stringify(entry())}, "__proto__": ${JSON.stringify(entry())}}}`;
    const t = await hostWith(text);
    const commands = t.host.commands;
    const list = () => commands['servers.list']({});
    const onDisk = async () => Object.keys(JSON.parse(await readFile(t.configPath, 'utf8')).mcpServers);

    expect((await list()).map((view) => [view.name, view.state.kind])).toEqual([
      ['constructor', 'running'],
      ['__proto__', 'running'],
    ]);

    await commands['config.putServer']({ name: 'toString', entry: entry() });
    await t.host.ready();
    expect(stateOf(await list(), 'toString')).toBe('running');
    expect(await onDisk()).toEqual(['constructor', '__proto__', 'toString']);

    await commands['config.putServer']({ name: 'hasOwnProperty', previousName: '__proto__', entry: entry() });
    await t.host.ready();
    expect((await list()).map((view) => view.name).sort()).toEqual([
      'constructor',
      'hasOwnProperty',
      'toString',
    ]);
    expect(await onDisk()).toEqual(['constructor', 'toString', 'hasOwnProperty']);

    await commands['config.setDisabled']({ name: 'constructor', disabled: true });
    await t.host.ready();
    expect(stateOf(await list(), 'constructor')).toBe('stopped');
    await commands['config.setDisabled']({ name: 'constructor', disabled: false });
    await t.host.ready();
    expect(stateOf(await list(), 'constructor')).toBe('running');

    await commands['roots.setServer']({ server: 'constructor', mode: 'subset', uris: [] });
    const roots = await commands['roots.get']({});
    expect(Object.hasOwn(roots.servers, 'constructor')).toBe(true);
    expect(roots.servers.constructor).toMatchObject({ mode: 'subset', uris: [] });
    expect(roots.servers.toString).toMatchObject({ mode: 'all' });
    await commands['sampling.setPolicy']({ server: '__proto__', mode: 'session', tokenBudget: 10 });
    expect((await commands['sampling.policies']({})).map((policy) => policy.server)).toEqual(['__proto__']);

    const before = t.events('server.changed').length;
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      await commands['config.removeServer']({ name });
      await t.host.ready();
    }
    expect(await list()).toEqual([]);
    expect(await onDisk()).toEqual([]);
    const after = t.events('server.changed').slice(before);
    expect(after.filter((view) => view.state.kind === 'error').map((view) => view.state)).toEqual([]);
    // The rename removed `__proto__`; the three removals follow.
    expect(t.events('server.removed').map((event) => event.name)).toEqual([
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
    ]);
    await until('no process left', () => processesWith(mark).length === 0, 5000).catch(() => {});
    expect(processesWith(mark)).toEqual([]);
  });
});
