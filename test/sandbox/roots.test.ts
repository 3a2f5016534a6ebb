// Roots follow the person: sharing or unsharing a folder restarts a sandboxed server with exactly the new view.
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { Host } from '../../src/main/host';
import { fixtureEntry, until } from '../helpers';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

type Attempt = { ok: boolean; text?: string; code?: string };

async function folderWith(name: string, text: string): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-sandbox-roots-')));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  await writeFile(join(dir, name), text);
  return dir;
}

it('restarts with a folder shared, sees it; loses it when unshared; writes nowhere in a read-only one', {
  timeout: 60_000,
}, async () => {
  const first = await folderWith('a.txt', 'in the first folder');
  const second = await folderWith('b.txt', 'in the second folder');
  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-sandbox-host-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const entry = { ...fixtureEntry('hostile.mjs'), sandbox: { network: 'none' as const } };
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ mcpServers: { hostile: entry } }));
  const firstRoot = { uri: pathToFileURL(first).href, name: 'first', path: first };
  await writeFile(
    join(dataDir, 'roots.json'),
    JSON.stringify({
      version: 1,
      roots: [firstRoot],
      servers: { hostile: { mode: 'all', uris: [], confirmed: true } },
    }),
  );
  const host = await Host.create({ dataDir, initTimeoutMs: 20_000 });
  cleanup.push(() => host.shutdown());
  await host.ready();
  const commands = host.commands;
  const attack = async (plan: { reads?: Record<string, string>; writes?: Record<string, string> }) => {
    const result = await commands['tools.call']({
      server: 'hostile',
      tool: 'attack',
      args: plan,
      callId: `c${Date.now()}`,
    });
    const text = result.content.map((part) => ('text' in part ? part.text : '')).join('');
    return JSON.parse(text) as { reads: Record<string, Attempt>; writes: Record<string, Attempt> };
  };
  const reads = { a: join(first, 'a.txt'), b: join(second, 'b.txt') };
  const logged = (text: string) => async () =>
    (await commands['servers.logs']({ server: 'hostile' })).some((line) => line.text.includes(text));

  let seen = await attack({ reads });
  expect(seen.reads.a).toEqual({ ok: true, text: 'in the first folder' });
  expect(seen.reads.b?.ok).toBe(false);

  await commands['roots.add']({ path: second, name: 'second' });
  await until('the restart to be announced', logged(`sees exactly ${first}, ${second}`));
  seen = await attack({ reads });
  expect(seen.reads.b).toEqual({ ok: true, text: 'in the second folder' });

  await commands['roots.setServer']({ server: 'hostile', mode: 'subset', uris: [firstRoot.uri] });
  await until('the second restart to be announced', logged(`sees exactly ${first}.`));
  seen = await attack({ reads });
  expect(seen.reads.a?.ok).toBe(true);
  expect(seen.reads.b?.ok).toBe(false);

  await commands['roots.setReadOnly']({ server: 'hostile', uri: firstRoot.uri, readOnly: true });
  await until('the read-only restart to be announced', logged(`${first} (read-only)`));
  seen = await attack({ reads, writes: { a: join(first, 'new.txt') } });
  expect(seen.reads.a?.ok).toBe(true);
  expect(seen.writes.a).toEqual({ ok: false, code: 'EROFS' });
  await expect(readFile(join(first, 'new.txt'))).rejects.toThrow();
  expect((await commands['servers.list']({}))[0]?.sandbox).toEqual({
    kind: 'sandboxed',
    folders: [{ path: first, readOnly: true }],
    network: 'none',
  });
});
