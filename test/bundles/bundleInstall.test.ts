// Bundles through the host with real server processes: a second bundle of the same name and version, installed and
// left waiting across a restart of the host, never changes the code an approved one runs.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Host } from '../../src/main/host';
import type { StdioServerEntry } from '../../src/shared/types';
import { until } from '../helpers';
import { echoBundle } from './bundleBuilder';

const hosts: Host[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.shutdown()));
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function start(dataDir: string): Promise<Host> {
  const host = await Host.create({ dataDir, initTimeoutMs: 10_000 });
  hosts.push(host);
  await host.ready();
  return host;
}

async function stop(host: Host): Promise<void> {
  hosts.splice(hosts.indexOf(host), 1);
  await host.shutdown();
}

/** Opens the bundle file `path` and installs it as `name`: it is proposed, waiting for approval. */
async function install(host: Host, path: string, name: string): Promise<string> {
  const opened = await host.commands['bundles.open']({ path });
  const result = await host.commands['bundles.install']({
    id: opened.id,
    serverName: name,
    values: { token: 't' },
  });
  const [added] = result.added;
  if (!added) throw new Error('nothing was added');
  return added;
}

async function approve(host: Host, name: string): Promise<void> {
  const request = (await host.commands['approvals.list']({})).find((waiting) => waiting.name === name);
  if (!request) throw new Error(`${name} is not waiting`);
  await host.commands['approvals.answer']({ name, identity: request.identity, approve: true });
}

async function state(host: Host, name: string) {
  return (await host.commands['servers.list']({})).find((view) => view.name === name);
}

/** The marker the server `name` answers with: which bundle's code it runs. */
async function codeOf(host: Host, name: string): Promise<string | undefined> {
  await until(`${name} running`, async () => (await state(host, name))?.state.kind === 'running');
  const result = await host.commands['tools.call']({ server: name, tool: 'argv', args: {} });
  const [first] = result.content;
  return (JSON.parse(first?.type === 'text' ? first.text : '[]') as string[]).at(-1);
}

describe('installing bundles', { timeout: 60_000 }, () => {
  it('keeps an approved bundle’s code when another of the same name and version is installed, across a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bundle-install-'));
    folders.push(dataDir);
    await writeFile(join(dataDir, 'config.json'), JSON.stringify({ mcpServers: {} }));
    await writeFile(join(dataDir, 'a.mcpb'), echoBundle('code A'));
    await writeFile(join(dataDir, 'b.mcpb'), echoBundle('code B'));

    const host = await start(dataDir);
    const first = await install(host, join(dataDir, 'a.mcpb'), 'hello');
    await approve(host, first);
    expect(await codeOf(host, first)).toBe('code A');
    const entry = (await state(host, first))?.entry as StdioServerEntry;
    const codeA = join(entry.cwd ?? '', 'server', 'index.mjs');
    const before = { text: await readFile(codeA, 'utf8'), inode: (await stat(codeA)).ino };

    const second = await install(host, join(dataDir, 'b.mcpb'), 'hello');
    expect(second).toBe('hello-2');
    expect(await state(host, second)).toMatchObject({ approval: 'waiting', state: { kind: 'stopped' } });
    // A bundle opened and never installed is gone with the run that opened it.
    const unused = await host.commands['bundles.open']({ path: join(dataDir, 'b.mcpb') });
    await stop(host);

    const again = await start(dataDir);
    await expect(
      again.commands['bundles.install']({ id: unused.id, serverName: 'x', values: { token: 't' } }),
    ).rejects.toThrow('That bundle is no longer open. Open it again.');
    expect(await readFile(codeA, 'utf8')).toBe(before.text);
    expect((await stat(codeA)).ino).toBe(before.inode);
    expect(await codeOf(again, first)).toBe('code A');
    expect(await state(again, second)).toMatchObject({ approval: 'waiting', state: { kind: 'stopped' } });
    const [request] = await again.commands['approvals.list']({});
    expect(request).toMatchObject({ name: 'hello-2', origin: { route: 'bundle' } });
    expect(request?.launch).toMatchObject({ transport: 'stdio' });
    expect(JSON.stringify(request?.launch)).not.toContain(entry.cwd);

    await approve(again, second);
    expect(await codeOf(again, second)).toBe('code B');
    expect(await codeOf(again, first)).toBe('code A');
  });
});
