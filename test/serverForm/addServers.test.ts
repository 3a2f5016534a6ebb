// config.addServers: a pasted block adds every server at once and starts them; a clash adds none.
import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestHost, type TestHost } from '../faults/hostHarness';
import { fixtureEntry } from '../helpers';

const hosts: TestHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
}, 30_000);

async function hostWith(config: unknown): Promise<TestHost> {
  const host = await startTestHost(config);
  hosts.push(host);
  return host;
}

const server = fixtureEntry('changing.mjs');
const onDisk = async (t: TestHost) => JSON.parse(await readFile(t.configPath, 'utf8'));

describe('config.addServers', { timeout: 30_000 }, () => {
  it('adds every server, keeps an outside edit, and starts them (the outside one waits for approval)', async () => {
    const t = await hostWith({ mcpServers: { first: server } });
    await writeFile(t.configPath, JSON.stringify({ mcpServers: { first: server, outside: server } }));
    await t.host.commands['config.addServers']({
      servers: [
        { name: 'one', entry: server },
        { name: 'two', entry: { ...server, env: { GREETING: 'hi' } } },
      ],
    });
    await t.host.ready();
    const file = await onDisk(t);
    expect(Object.keys(file.mcpServers)).toEqual(['first', 'outside', 'one', 'two']);
    expect(file.mcpServers.two.env).toEqual({ GREETING: 'hi' });
    const views = await t.host.commands['servers.list']({});
    expect(
      views
        .filter((view) => view.state.kind === 'running')
        .map((view) => view.name)
        .sort(),
    ).toEqual(['first', 'one', 'two']);
    expect(views.find((view) => view.name === 'outside')).toMatchObject({
      approval: 'waiting',
      state: { kind: 'stopped' },
    });
  });

  it('adds none when one name is taken, and names it', async () => {
    const t = await hostWith({ mcpServers: { taken: server } });
    await expect(
      t.host.commands['config.addServers']({
        servers: [
          { name: 'fresh', entry: server },
          { name: 'taken', entry: server },
        ],
      }),
    ).rejects.toThrow(/"taken" already exists.*Nothing was added/);
    expect(Object.keys((await onDisk(t)).mcpServers)).toEqual(['taken']);
  });

  it('refuses the same name twice', async () => {
    const t = await hostWith({ mcpServers: {} });
    await expect(
      t.host.commands['config.addServers']({
        servers: [
          { name: 'twin', entry: server },
          { name: 'twin', entry: server },
        ],
      }),
    ).rejects.toThrow(/"twin" twice/);
  });
});
