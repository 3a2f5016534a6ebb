// A server that leaves config.json takes its approval, its kept values and its sign-in tokens with it: put back
// identically by another program (after a removal or a rename, live or between runs) it waits for approval again.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Host } from '../../src/main/host';
import { InputService } from '../../src/main/requests/inputs';
import { CredentialStore, identityKey } from '../../src/main/servers/auth/credentials';
import { FileSecretStore } from '../../src/main/settings/fileSecrets';
import { ServerApprovals } from '../../src/main/trust/serverApprovals';
import { ServerForgetting } from '../../src/main/trust/serverForgetting';
import type { InputRequest } from '../../src/shared/requests';
import type { ServerEntry, StdioServerEntry } from '../../src/shared/types';
import { fixtureEntry, until } from '../helpers';

const hosts: Host[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.shutdown()));
}, 30_000);

/** `${input:id}` as config.json writes it. */
const input = (id: string) => ['$', '{input:', id, '}'].join('');
const TOKEN = 'ghp_kept_for_echo_0123';

/** The env-echo fixture with a secret input, as the person's server form writes it. */
const echo: StdioServerEntry = fixtureEntry('env-echo.mjs', { env: { TOKEN: input('echo.TOKEN') } });

async function started(servers: Record<string, ServerEntry>, dataDir?: string) {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'switchboard-forget-')));
  if (!dataDir) await writeConfig(dir, servers);
  const host = await Host.create({ dataDir: dir, initTimeoutMs: 10_000 });
  hosts.push(host);
  const asked: InputRequest[] = [];
  host.on('inputs.requested', (request) => asked.push(request));
  await host.ready();
  return { host, dir, asked };
}

function writeConfig(dir: string, servers: Record<string, ServerEntry>): Promise<void> {
  return writeFile(join(dir, 'config.json'), `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
}

async function stateOf(host: Host, name: string) {
  const view = (await host.commands['servers.list']({})).find((server) => server.name === name);
  return view && { approval: view.approval ?? 'approved', state: view.state.kind };
}

async function tokenOf(host: Host, name: string): Promise<unknown> {
  const result = await host.commands['tools.call']({ server: name, tool: 'env', args: { name: 'TOKEN' } });
  return result.content[0]?.type === 'text' ? result.content[0].text : undefined;
}

/** The person adds `echo` in the app with its secret, and it runs with it. */
async function ownEcho(host: Host): Promise<void> {
  await host.commands['config.putServer']({ name: 'echo', entry: echo, secrets: { 'echo.TOKEN': TOKEN } });
  await until('echo running', async () => (await stateOf(host, 'echo'))?.state === 'running');
  expect(await tokenOf(host, 'echo')).toBe(TOKEN);
}

describe('a server removed or renamed', { timeout: 30_000 }, () => {
  it('removed in the app and written back identically by another program waits, and its value is gone', async () => {
    const { host, dir } = await started({});
    await ownEcho(host);
    await host.commands['config.removeServer']({ name: 'echo' });
    await until('echo gone', async () => (await stateOf(host, 'echo')) === undefined);
    await expect.poll(() => readFile(join(dir, 'credentials.json'), 'utf8')).not.toContain(TOKEN);

    await writeConfig(dir, { echo });
    await until('echo back', async () => (await stateOf(host, 'echo'))?.approval === 'waiting');
    expect(await stateOf(host, 'echo')).toEqual({ approval: 'waiting', state: 'stopped' });
    expect((await host.commands['approvals.list']({})).map((request) => request.name)).toEqual(['echo']);
  });

  it('renamed in the app keeps running with its value, and its old name written back waits', async () => {
    const { host, dir, asked } = await started({});
    await ownEcho(host);
    await host.commands['config.putServer']({ name: 'renamed', previousName: 'echo', entry: echo });
    await until('renamed running', async () => (await stateOf(host, 'renamed'))?.state === 'running');
    expect(await tokenOf(host, 'renamed')).toBe(TOKEN);
    expect(asked).toEqual([]);

    const config = JSON.parse(await readFile(join(dir, 'config.json'), 'utf8'));
    await writeConfig(dir, { ...config.mcpServers, echo });
    await until('echo back', async () => (await stateOf(host, 'echo'))?.approval === 'waiting');
    expect(await stateOf(host, 'echo')).toEqual({ approval: 'waiting', state: 'stopped' });
  });

  it('renamed by another program waits under its new name, and its old name written back waits too', async () => {
    const { host, dir } = await started({});
    await ownEcho(host);
    await writeConfig(dir, { moved: echo });
    await until('moved waits', async () => (await stateOf(host, 'moved'))?.approval === 'waiting');
    await writeConfig(dir, { moved: echo, echo });
    await until('echo back', async () => (await stateOf(host, 'echo')) !== undefined);
    expect(await stateOf(host, 'echo')).toEqual({ approval: 'waiting', state: 'stopped' });
    await expect.poll(() => readFile(join(dir, 'credentials.json'), 'utf8')).not.toContain(TOKEN);
  });

  it('removed while Switchboard was closed, then written back while it runs, waits and has no value', async () => {
    const first = await started({});
    await ownEcho(first.host);
    await first.host.shutdown();
    hosts.splice(hosts.indexOf(first.host), 1);
    await writeConfig(first.dir, {});

    const { host, dir } = await started({}, first.dir);
    await expect.poll(() => readFile(join(dir, 'credentials.json'), 'utf8')).not.toContain(TOKEN);
    await writeConfig(dir, { echo });
    await until('echo back', async () => (await stateOf(host, 'echo')) !== undefined);
    expect(await stateOf(host, 'echo')).toEqual({ approval: 'waiting', state: 'stopped' });
  });
});

describe('ServerForgetting', () => {
  it('forgets a removed remote server’s sign-in tokens unless an approved server still uses its address', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'switchboard-forget-tokens-'));
    const secrets = new FileSecretStore(join(dir, 'credentials.json'));
    const credentials = new CredentialStore(secrets);
    const approvals = new ServerApprovals(join(dir, 'server-approvals.json'));
    const inputs = new InputService({ secrets, emit: () => {}, declared: () => [] });
    const forgetting = new ServerForgetting({ approvals, inputs, credentials, onProblem: () => {} });
    const remote: ServerEntry = { url: 'https://example.com/mcp' };
    const other: ServerEntry = { url: 'https://other.example.com/mcp' };
    const key = identityKey(new URL(remote.url).href, undefined);
    const otherKey = identityKey(new URL(other.url).href, undefined);
    for (const [k, url] of [
      [key, remote.url],
      [otherKey, other.url],
    ] as const) {
      await credentials.update(k, url, (saved) => {
        saved.tokens = { access_token: `token-for-${url}`, token_type: 'Bearer' };
      });
    }
    approvals.approve(
      [
        ['a', remote],
        ['b', remote],
        ['c', other],
      ],
      'own',
    );
    forgetting.started({ a: remote, b: remote, c: other }, false);
    // Changes of the store run one after another: one made now settles after every forget asked before it.
    const settled = () => credentials.update('settled', 'x', () => {});

    forgetting.configured({ b: remote, c: other });
    await settled();
    expect((await credentials.read(key))?.tokens).toBeDefined();
    forgetting.configured({ b: remote });
    forgetting.configured({});
    await settled();
    const file = await readFile(join(dir, 'credentials.json'), 'utf8');
    expect(file).not.toContain('token-for-');
    expect(approvals.names()).toEqual([]);
  });
});
