// Keys of a server entry Switchboard does not know: kept in config.json through the app's own edits, listed once in
// the server's Logs, ignored by everything else (what runs, its approval, its restarts).
import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { serverIdentity } from '../src/main/trust/identity';
import type { StdioServerEntry } from '../src/shared/types';
import { startTestHost, type TestHost } from './faults/hostHarness';
import { fixtureEntry, until } from './helpers';

const hosts: TestHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
}, 30_000);

const CLINE_KEYS = { autoApprove: ['argv'], alwaysAllow: [], timeout: 60 };

async function stored(t: TestHost): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(t.configPath, 'utf8')).mcpServers.echo;
}

describe('keys of a server entry Switchboard does not know', { timeout: 30_000 }, () => {
  it('are not part of what the server is approved as', () => {
    const entry = fixtureEntry('argv-echo.mjs');
    expect(serverIdentity({ ...entry, ...CLINE_KEYS } as StdioServerEntry)).toBe(serverIdentity(entry));
  });

  it('leave the server running, are listed once in its Logs, and survive the app’s edits and outside ones', async () => {
    const entry = fixtureEntry('argv-echo.mjs');
    const t = await startTestHost({ mcpServers: { echo: { ...entry, ...CLINE_KEYS } } });
    hosts.push(t);
    const [view] = await t.host.commands['servers.list']({});
    expect(view).toMatchObject({ name: 'echo', state: { kind: 'running' } });
    expect(view?.entry).toEqual(entry);
    const notes = (await t.host.commands['servers.logs']({ server: 'echo' })).filter((line) =>
      line.text.includes('Switchboard does not use'),
    );
    expect(notes.map((line) => line.text)).toEqual([
      'config.json gives this server settings Switchboard does not use, kept in the file and ignored: "autoApprove", "alwaysAllow", "timeout".',
    ]);

    // Another program changes only a key Switchboard ignores: nothing to approve, nothing restarts.
    const pid = view?.pid;
    await writeFile(
      t.configPath,
      JSON.stringify({ mcpServers: { echo: { ...entry, ...CLINE_KEYS, timeout: 120 } } }),
    );
    await until('the host took the file', async () =>
      t.events('config.changed').some((change) => change.text.includes('120')),
    );
    expect(await t.host.commands['approvals.list']({})).toEqual([]);
    expect((await t.host.commands['servers.list']({}))[0]).toMatchObject({ pid, state: { kind: 'running' } });

    // The app's own edits: the form (which knows nothing of them) and the switches.
    await t.host.commands['config.putServer']({
      name: 'echo',
      previousName: 'echo',
      entry: { ...entry, args: [...(entry.args ?? []), 'one'] },
    });
    await t.host.commands['config.setDisabled']({ name: 'echo', disabled: true });
    expect(await stored(t)).toEqual({
      ...entry,
      args: [...(entry.args ?? []), 'one'],
      disabled: true,
      ...CLINE_KEYS,
      timeout: 120,
    });
    expect(await t.host.commands['approvals.list']({})).toEqual([]);
  });
});
