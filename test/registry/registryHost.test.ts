// Browse servers through the host against the loopback fixture registry: search, paging, retired entries, icons,
// installs that wait for approval with secrets kept out of config.json, bundles checked against fileSha256, and links.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Host } from '../../src/main/host';
import { RegistryClient } from '../../src/main/registry/registryClient';
import { bundle, manifest, v } from '../bundles/bundleBuilder';
import { fixtureEntry, until } from '../helpers';

type Registry = { url: string; requests: string[]; close(): Promise<void> };
const { startRegistry } = (await import(
  new URL('../fixtures/registry-server.mjs', import.meta.url).href
)) as {
  startRegistry(options?: { bundles?: Map<string, Buffer>; documents?: string }): Promise<Registry>;
};

const helloBundle = bundle(
  manifest({
    server: {
      type: 'node',
      entry_point: 'server/index.js',
      mcp_config: {
        command: 'node',
        args: [`${v('__dirname')}/server/index.js`],
        env: { HELLO_TOKEN: v('user_config.token') },
      },
    },
  }),
  { 'server/index.js': '' },
);

let registry: Registry;
const hosts: Host[] = [];
const folders: string[] = [];

beforeAll(async () => {
  registry = await startRegistry({ bundles: new Map([['hello.mcpb', helloBundle]]) });
});
afterAll(() => registry.close());
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.shutdown()));
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function start(registryUrl = registry.url): Promise<{ host: Host; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-registry-'));
  folders.push(dataDir);
  await writeFile(
    join(dataDir, 'config.json'),
    JSON.stringify({ mcpServers: { kept: fixtureEntry('argv-echo.mjs') } }),
  );
  const host = await Host.create({ dataDir });
  hosts.push(host);
  await host.commands['registry.setUrl']({ url: registryUrl });
  return { host, dataDir };
}

describe('the registry through the host', () => {
  it('reads the official registry unless told otherwise, and refuses plain http elsewhere', async () => {
    const { host } = await start();
    expect(await host.commands['registry.get']({})).toEqual({ url: registry.url, isDefault: false });
    expect(await host.commands['registry.setUrl']({ url: null })).toEqual({
      url: 'https://registry.modelcontextprotocol.io',
      isDefault: true,
    });
    await expect(host.commands['registry.setUrl']({ url: 'http://registry.example.com' })).rejects.toThrow(
      /https/,
    );
    // Browse servers' neighbours: a bundle path that is not there, and no file dialog in plain Node.
    await expect(host.commands['bundles.open']({ path: '/nonexistent/x.mcpb' })).rejects.toThrow(
      'There is no file at /nonexistent/x.mcpb. Check the path and try again.',
    );
    await expect(host.commands['bundles.pick']({})).rejects.toThrow(/Type the path/);
  });

  it('pages through search results and hides deprecated and deleted entries unless asked', async () => {
    const { host } = await start();
    const first = await host.commands['registry.search']({ search: '' });
    expect(first.servers.map((server) => server.name)).toContain('io.modelcontextprotocol/everything');
    expect(first.servers.map((server) => server.status)).not.toContain('deprecated');
    expect(first.hidden).toBe(2);
    const weather = await host.commands['registry.search']({ search: 'weather', includeRetired: true });
    expect(weather.servers.map((server) => [server.name, server.status])).toEqual([
      ['io.example/weather-remote', 'active'],
      ['io.example/old-weather', 'deprecated'],
      ['io.example/gone-weather', 'deleted'],
    ]);
    // Cursor paging: each page continues where the last stopped, and the last names no next cursor.
    const client = new RegistryClient(() => registry.url);
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.list({ search: '', limit: 4, ...(cursor ? { cursor } : {}) });
      names.push(...page.items.map((item) => item.server.name));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(names).size).toBe(10);
    expect(registry.requests.some((line) => line.includes('search=weather'))).toBe(true);
  });

  it('shows icons of shown entries only (https and data:), and links only when https', async () => {
    const { host } = await start();
    const { servers } = await host.commands['registry.search']({ search: 'everything' });
    const everything = servers[0];
    expect(everything?.icons.map((icon) => icon.src.slice(0, 15))).toEqual(['data:image/svg+']);
    expect(everything?.repositoryUrl).toBe('https://github.com/modelcontextprotocol/servers');
    expect(await host.commands['registry.icon']({ src: everything?.icons[0]?.src ?? '' })).toMatch(
      /^data:image\/svg\+xml/,
    );
    expect(await host.commands['registry.icon']({ src: 'https://example.com/not-shown.png' })).toBeNull();
    expect(await host.commands['registry.icon']({ src: 'javascript:alert(1)' })).toBeNull();
  });

  it('installs an entry waiting for approval, its secret in the secret store and not in config.json', async () => {
    const { host, dataDir } = await start();
    await host.commands['registry.search']({ search: 'context7' });
    const ref = {
      name: 'io.github.upstash/context7',
      version: '1.0.0',
      choice: { kind: 'package', index: 0 },
    } as const;
    const prepared = await host.commands['registry.prepare'](ref);
    expect(prepared.kind === 'entry' && prepared.preview.fields.map((field) => field.key)).toEqual([
      'env:CONTEXT7_API_KEY',
    ]);
    const result = await host.commands['registry.install']({
      ...ref,
      serverName: 'context7',
      values: { 'env:CONTEXT7_API_KEY': 'ctx-live-secret' },
    });
    expect(result.added).toEqual(['context7']);
    const config = await readFile(join(dataDir, 'config.json'), 'utf8');
    expect(config).not.toContain('ctx-live-secret');
    expect(JSON.parse(config).mcpServers.context7).toEqual({
      command: 'npx',
      args: ['-y', '@upstash/context7-mcp@1.0.26'],
      env: { CONTEXT7_API_KEY: v('input:context7.CONTEXT7_API_KEY') },
    });
    const [waiting] = await host.commands['approvals.list']({});
    expect(waiting).toMatchObject({
      name: 'context7',
      state: 'waiting',
      origin: { route: 'registry', from: 'MCP registry — io.github.upstash/context7 1.0.0' },
    });
    const view = (await host.commands['servers.list']({})).find((server) => server.name === 'context7');
    expect(view?.state.kind).not.toBe('running');
    // A second install of the same name is renamed, never replacing the first; its value is kept for it alone.
    const again = await host.commands['registry.install']({
      ...ref,
      serverName: 'context7',
      values: { 'env:CONTEXT7_API_KEY': 'ctx-second-secret' },
    });
    expect(again.added).toEqual(['context7-2']);
    const kept = JSON.parse(
      JSON.parse(await readFile(join(dataDir, 'credentials.json'), 'utf8'))['inputs:servers'],
    );
    expect(kept.values).toEqual([
      ['context7', 'context7.CONTEXT7_API_KEY', 'ctx-live-secret'],
      ['context7-2', 'context7.CONTEXT7_API_KEY', 'ctx-second-secret'],
    ]);
    const shown = (await host.commands['approvals.list']({})).map((request) => request.launch);
    expect(shown).toEqual([
      expect.objectContaining({
        env: [
          {
            name: 'CONTEXT7_API_KEY',
            value: 'the value you saved for this server (input context7.CONTEXT7_API_KEY)',
          },
        ],
      }),
      expect.objectContaining({
        env: [
          {
            name: 'CONTEXT7_API_KEY',
            value: 'the value you saved for this server (input context7.CONTEXT7_API_KEY)',
          },
        ],
      }),
    ]);
  });

  it('downloads a bundle option, checks its fileSha256, and installs it with its sensitive value kept apart', async () => {
    const { host, dataDir } = await start();
    await host.commands['registry.search']({ search: 'hello-bundle' });
    const prepared = await host.commands['registry.prepare']({
      name: 'io.example/hello-bundle',
      version: '1.0.0',
      choice: { kind: 'package', index: 0 },
    });
    if (prepared.kind !== 'bundle') throw new Error('expected a bundle');
    expect(prepared.bundle).toMatchObject({ name: 'hello-bundle', signature: { status: 'unsigned' } });
    const result = await host.commands['bundles.install']({
      id: prepared.bundle.id,
      serverName: 'hello',
      values: { token: 'b-secret' },
    });
    expect(result.added).toEqual(['hello']);
    const config = await readFile(join(dataDir, 'config.json'), 'utf8');
    expect(config).not.toContain('b-secret');
    const entry = JSON.parse(config).mcpServers.hello;
    // Installed into a folder named by the bundle's hash, the registry's fileSha256.
    const sha256 = createHash('sha256').update(helloBundle).digest('hex');
    const folder = join(dataDir, 'bundles', 'hello-bundle', `1.0.0+${sha256}`);
    expect(entry.args).toEqual([join(folder, 'server', 'index.js')]);
    expect(entry.cwd).toBe(folder);
    expect(readdirSync(join(dataDir, 'bundles'))).toEqual(['hello-bundle']);
    const [waiting] = await host.commands['approvals.list']({});
    expect(waiting?.origin.from).toBe('MCP registry — io.example/hello-bundle 1.0.0 (unsigned)');
  });

  it('refuses a downloaded bundle whose hash is not the one the registry gives', async () => {
    const documents = join(await mkdtemp(join(tmpdir(), 'switchboard-docs-')), 'servers.json');
    folders.push(join(documents, '..'));
    const original = await readFile(new URL('../fixtures/registry/servers.json', import.meta.url), 'utf8');
    await writeFile(documents, original.replace('{sha256:hello.mcpb}', 'a'.repeat(64)));
    const other = await startRegistry({ bundles: new Map([['hello.mcpb', helloBundle]]), documents });
    try {
      const { host, dataDir } = await start(other.url);
      await host.commands['registry.search']({ search: 'hello' });
      await expect(
        host.commands['registry.prepare']({
          name: 'io.example/hello-bundle',
          version: '1.0.0',
          choice: { kind: 'package', index: 0 },
        }),
      ).rejects.toThrow(/not the one the registry describes/);
      const bundles = join(dataDir, 'bundles');
      expect(existsSync(bundles) ? readdirSync(bundles) : []).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('adds the server of an install link waiting for approval, never starting it', async () => {
    const { host } = await start();
    const entry = fixtureEntry('argv-echo.mjs');
    const link = `switchboard://install?config=${Buffer.from(JSON.stringify({ name: 'linked', ...entry, extra: 1 })).toString('base64')}`;
    const result = await host.commands['links.open']({ link });
    expect(result).toMatchObject({ added: ['linked'], notes: [expect.stringContaining('"extra"')] });
    const [waiting] = await host.commands['approvals.list']({});
    expect(waiting).toMatchObject({
      name: 'linked',
      origin: { route: 'link', from: 'install link (Switchboard)' },
    });
    // A server the person adds afterwards gets as far as running: had the link's server been started,
    // it would be running by now too (config changes are applied one after another).
    await host.commands['config.putServer']({ name: 'added', entry: fixtureEntry('argv-echo.mjs') });
    const views = await until('the added server to run', async () => {
      const list = await host.commands['servers.list']({});
      return list.find((server) => server.name === 'added')?.state.kind === 'running' && list;
    });
    const view = views.find((server) => server.name === 'linked');
    expect(view).toMatchObject({ approval: 'waiting', state: { kind: 'stopped' } });
    expect(view?.pid).toBeUndefined();
    await expect(host.commands['links.open']({ link: 'javascript:alert(1)' })).rejects.toThrow(
      /not install links/,
    );
  });
});
