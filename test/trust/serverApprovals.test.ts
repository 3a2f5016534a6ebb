// Consent before a server runs: first run, outside edits (live and between runs), own edits, proposals, refusals, argv verbatim.
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Host } from '../../src/main/host';
import { changeLines } from '../../src/main/trust/approvalRequests';
import { canonicalIdentity } from '../../src/main/trust/identity';
import { ServerApprovals } from '../../src/main/trust/serverApprovals';
import type { ServerApprovalRequest } from '../../src/shared/serverApprovals';
import type { ServerEntry, ServerView, StdioServerEntry } from '../../src/shared/types';
import { fixtureEntry, until } from '../helpers';

const hosts: Host[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.shutdown()));
});

async function dataFolder(servers: Record<string, ServerEntry>): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-approvals-'));
  await writeConfig(dataDir, servers);
  return dataDir;
}

function writeConfig(dataDir: string, servers: Record<string, ServerEntry>): Promise<void> {
  return writeFile(join(dataDir, 'config.json'), `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
}

async function start(dataDir: string): Promise<Host> {
  const host = await Host.create({ dataDir, initTimeoutMs: 10_000 });
  hosts.push(host);
  return host;
}

async function view(host: Host, name: string): Promise<ServerView | undefined> {
  return (await host.commands['servers.list']({})).find((server) => server.name === name);
}

async function argvOf(host: Host, name: string): Promise<string[]> {
  const result = await host.commands['tools.call']({ server: name, tool: 'argv', args: {} });
  const [first] = result.content;
  return JSON.parse(first?.type === 'text' ? first.text : 'null') as string[];
}

function waiting(host: Host): Promise<ServerApprovalRequest[]> {
  return host.commands['approvals.list']({});
}

const echo = (...args: string[]): StdioServerEntry => {
  const entry = fixtureEntry('argv-echo.mjs');
  return { ...entry, args: [...(entry.args ?? []), ...args] };
};

describe('server approvals', () => {
  it('runs the servers already configured on the first run, and an outside change waits until approved, with what changed', async () => {
    const dataDir = await dataFolder({ echo: echo('one') });
    const host = await start(dataDir);
    await until('echo running', async () => (await view(host, 'echo'))?.state.kind === 'running');
    expect(await argvOf(host, 'echo')).toEqual(['one']);

    await writeConfig(dataDir, { echo: echo('two', '--unsafe') });
    const [request] = await until('the change waits for approval', async () => {
      const list = await waiting(host);
      return list.length > 0 && list;
    });
    expect(request).toMatchObject({
      name: 'echo',
      state: 'waiting',
      origin: { route: 'outside', from: 'config.json changed by another program' },
      launch: { transport: 'stdio', command: process.execPath },
    });
    expect(request?.launch).toMatchObject({ args: [...(echo().args ?? []), 'two', '--unsafe'] });
    expect(request?.change?.before).toContain('arg 2: "one"');
    expect(request?.change?.after).toContain('arg 2: "two"');
    expect(request?.change?.after).toContain('arg 3: "--unsafe"');
    const stopped = await until('the old process stopped', () => view(host, 'echo'));
    expect(stopped).toMatchObject({ approval: 'waiting', state: { kind: 'stopped' } });
    await expect(host.commands['servers.start']({ server: 'echo' })).rejects.toThrow(/not been approved/);
    await expect(host.commands['tools.call']({ server: 'echo', tool: 'argv', args: {} })).rejects.toThrow();

    await host.commands['approvals.answer']({ name: 'echo', identity: request!.identity, approve: true });
    await until('echo running again', async () => (await view(host, 'echo'))?.state.kind === 'running');
    expect(await argvOf(host, 'echo')).toEqual(['two', '--unsafe']);
    expect(await waiting(host)).toEqual([]);
  });

  it('asks about a change made between runs, and keeps a refusal until the person reviews it', async () => {
    const dataDir = await dataFolder({ echo: echo('one') });
    const first = await start(dataDir);
    await first.ready();
    await first.shutdown();
    hosts.splice(hosts.indexOf(first), 1);
    await writeConfig(dataDir, { echo: echo('one'), added: echo('sneaky') });

    const host = await start(dataDir);
    await host.ready();
    expect((await view(host, 'echo'))?.state.kind).toBe('running');
    expect(await view(host, 'added')).toMatchObject({ approval: 'waiting', state: { kind: 'stopped' } });
    const [request] = await waiting(host);
    expect(request).toMatchObject({ name: 'added', origin: { route: 'outside' } });
    expect(request?.change).toBeUndefined();

    await host.commands['approvals.answer']({ name: 'added', identity: request!.identity, approve: false });
    expect(await view(host, 'added')).toMatchObject({ approval: 'denied', state: { kind: 'stopped' } });
    expect(await waiting(host)).toMatchObject([{ name: 'added', state: 'denied' }]);
    await host.commands['approvals.review']({ name: 'added' });
    expect(await waiting(host)).toMatchObject([{ name: 'added', state: 'waiting' }]);
  });

  it('takes the servers of a file named with --config, as they are at launch, as the person’s own', async () => {
    const dataDir = await dataFolder({ echo: echo('one') });
    const first = await start(dataDir);
    await first.ready();
    await first.shutdown();
    hosts.splice(hosts.indexOf(first), 1);
    const named = join(dataDir, 'named.json');
    await writeFile(named, JSON.stringify({ mcpServers: { echo: echo('two'), other: echo('three') } }));

    const host = await Host.create({ dataDir, configPath: named, configNamed: true });
    hosts.push(host);
    await host.ready();
    expect(await waiting(host)).toEqual([]);
    expect(await argvOf(host, 'other')).toEqual(['three']);
    // Afterwards, a change made outside asks again.
    await writeFile(named, JSON.stringify({ mcpServers: { echo: echo('two'), other: echo('four') } }));
    await until('the change waits', async () =>
      (await waiting(host)).some((request) => request.name === 'other'),
    );
  });

  it('writes the approvals of a named file on its first launch, and on later ones only when an entry changed', async () => {
    const dataDir = await dataFolder({});
    const named = join(dataDir, 'named.json');
    await writeFile(named, JSON.stringify({ mcpServers: { echo: echo('one') } }));
    const launch = async () => {
      const host = await Host.create({ dataDir, configPath: named, configNamed: true });
      await host.ready();
      await host.shutdown();
      return (await stat(join(dataDir, 'server-approvals.json'))).ino;
    };
    const first = await launch();
    // Every write replaces the file with a new one, so an unchanged inode means nothing was written.
    expect(await launch()).toBe(first);
    await writeFile(named, JSON.stringify({ mcpServers: { echo: echo('two') } }));
    expect(await launch()).not.toBe(first);
  });

  it('refuses an answer about a server that changed since the person looked', async () => {
    const dataDir = await dataFolder({});
    const host = await start(dataDir);
    await host.proposals.propose([
      { name: 'echo', entry: echo('a'), origin: { route: 'import', from: 'Claude Desktop — test' } },
    ]);
    const [request] = await waiting(host);
    await writeConfig(dataDir, { echo: echo('b') });
    await until(
      'the outside change is read',
      async () => (await waiting(host))[0]?.identity !== request?.identity,
    );
    await expect(
      host.commands['approvals.answer']({ name: 'echo', identity: request!.identity, approve: true }),
    ).rejects.toThrow(/changed while you were looking/);
    expect((await view(host, 'echo'))?.state.kind).toBe('stopped');
  });

  it('starts what the person writes in the app, and proposals only once approved, with their origin', async () => {
    const dataDir = await dataFolder({});
    const host = await start(dataDir);
    await host.commands['config.putServer']({ name: 'mine', entry: echo('typed') });
    await until('mine running', async () => (await view(host, 'mine'))?.state.kind === 'running');

    const result = await host.proposals.propose(
      [
        {
          name: 'mine',
          entry: echo('imported'),
          origin: { route: 'import', from: 'Cursor — ~/.cursor/mcp.json' },
        },
        {
          name: 'other',
          entry: echo('x'),
          origin: { route: 'registry', from: 'MCP registry — io.github.x/y 1.2.0' },
        },
      ],
      () => 'rename',
    );
    expect(result).toEqual({ added: ['mine-2', 'other'], skipped: [] });
    const requests = await waiting(host);
    expect(requests.map((request) => [request.name, request.origin.route, request.origin.from])).toEqual([
      ['mine-2', 'import', 'Cursor — ~/.cursor/mcp.json'],
      ['other', 'registry', 'MCP registry — io.github.x/y 1.2.0'],
    ]);
    expect((await view(host, 'other'))?.state.kind).toBe('stopped');
    const skipped = await host.proposals.propose([
      { name: 'mine', entry: echo('again'), origin: { route: 'link', from: 'install link' } },
    ]);
    expect(skipped).toEqual({ added: [], skipped: ['mine'] });
    expect(await argvOf(host, 'mine')).toEqual(['typed']);
  });

  it('hands arguments full of shell metacharacters to the server verbatim, as argv', async () => {
    const nasty = [
      '; rm -rf ~',
      '$(whoami)',
      '`id`',
      'a && b',
      'x | y',
      '> /tmp/out',
      '\'quoted\' "twice"',
      '*',
    ];
    const dataDir = await dataFolder({});
    const host = await start(dataDir);
    await host.proposals.propose([
      { name: 'echo', entry: echo(...nasty), origin: { route: 'link', from: 'install link' } },
    ]);
    const [request] = await waiting(host);
    expect(request?.launch).toMatchObject({ args: [...(echo().args ?? []), ...nasty] });
    await host.commands['approvals.answer']({ name: 'echo', identity: request!.identity, approve: true });
    await until('echo running', async () => (await view(host, 'echo'))?.state.kind === 'running');
    expect(await argvOf(host, 'echo')).toEqual(nasty);
  });

  it('leaves the servers as they are when the outside change makes the file invalid', async () => {
    const dataDir = await dataFolder({ echo: echo('one') });
    const host = await start(dataDir);
    await until('echo running', async () => (await view(host, 'echo'))?.state.kind === 'running');
    await writeFile(join(dataDir, 'config.json'), '{ "mcpServers": { "echo": { "command": ');
    await until('the problem is shown', async () => (await host.commands['config.get']({})).problem);
    expect((await view(host, 'echo'))?.state.kind).toBe('running');
    expect(await waiting(host)).toEqual([]);
  });
});

describe('the approval identity', () => {
  const base: StdioServerEntry = { command: 'node', args: ['a'], env: { KEY: 'v' }, cwd: '/w' };
  const changes: [string, ServerEntry][] = [
    ['command', { ...base, command: 'nodejs' }],
    ['args', { ...base, args: ['a', 'b'] }],
    ['env value', { ...base, env: { KEY: 'w' } }],
    ['env name', { ...base, env: { KEY2: 'v' } }],
    ['cwd', { ...base, cwd: '/x' }],
  ];
  const remote: ServerEntry = { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer a' } };
  const remoteChanges: [string, ServerEntry][] = [
    ['url', { ...remote, url: 'https://example.com/other' }],
    ['header value', { ...remote, headers: { Authorization: 'Bearer b' } }],
    ['header name', { ...remote, headers: { 'X-Key': 'Bearer a' } }],
    ['transport', { ...remote, type: 'sse' }],
  ];

  it('re-asks when any part of what runs changes, and not when only `disabled` does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'switchboard-identity-'));
    const approvals = new ServerApprovals(join(dir, 'server-approvals.json'));
    expect(await approvals.load()).toBe(false);
    approvals.approve(
      [
        ['local', base],
        ['remote', remote],
      ],
      'own',
    );
    for (const [what, entry] of changes)
      expect([what, approvals.state('local', entry)]).toEqual([what, 'waiting']);
    for (const [what, entry] of remoteChanges)
      expect([what, approvals.state('remote', entry)]).toEqual([what, 'waiting']);
    expect(approvals.state('local', { ...base, disabled: true })).toBe('approved');
    expect(approvals.state('other', base)).toBe('waiting');

    await approvals.flush();
    const saved = await readFile(join(dir, 'server-approvals.json'), 'utf8');
    expect(saved).not.toContain('Bearer a');
    const again = new ServerApprovals(join(dir, 'server-approvals.json'));
    expect(await again.load()).toBe(true);
    expect(again.state('remote', remote)).toBe('approved');
  });

  it('shows what changed without any secret value', () => {
    const before = canonicalIdentity({ ...base, env: { KEY: 'old-secret', SAME: 's' } });
    const after = canonicalIdentity({
      ...base,
      args: ['a', '; rm -rf ~'],
      env: { KEY: 'new-secret', SAME: 's' },
    });
    const { before: was, after: now } = changeLines(before, after);
    expect(was.split('\n')).toEqual([
      'command: "node"',
      'arg 1: "a"',
      'working directory: "/w"',
      'env "KEY": (value hidden, as approved)',
      'env "SAME": (value hidden)',
    ]);
    expect(now.split('\n')).toEqual([
      'command: "node"',
      'arg 1: "a"',
      'arg 2: "; rm -rf ~"',
      'working directory: "/w"',
      'env "KEY": (value hidden, changed since approved)',
      'env "SAME": (value hidden)',
    ]);
    expect(`${was}${now}`).not.toMatch(/secret|"s"/);
  });
});
