// ${env:…} and ${input:…} in remote entries: asked once, kept in the secret store (credentials.json, 0600), never
// in config.json, the logs or the window; forgotten on request.
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Host } from '../../src/main/host';
import { fillVariables, MissingValue } from '../../src/main/servers/references/variables';
import type { InputRequest } from '../../src/shared/requests';
import type { ServerView } from '../../src/shared/types';
import { until } from '../helpers';
import { startRemote, stopRemotes } from './remoteFixture';

// biome-ignore lint/suspicious/noTemplateCurlyInString: a config.json reference, not a template
const TOKEN_HEADER = 'Bearer ${input:api-token}';
// biome-ignore lint/suspicious/noTemplateCurlyInString: a config.json reference, not a template
const TEAM_HEADER = '${env:SWITCHBOARD_TEST_TEAM}';

const hosts: Host[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.shutdown()));
  await stopRemotes();
}, 20_000);

async function hostWith(config: unknown, dataDir?: string) {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'switchboard-inputs-')));
  await writeFile(join(dir, 'config.json'), JSON.stringify(config));
  const host = await Host.create({ dataDir: dir, restartBackoffMs: [60_000] });
  hosts.push(host);
  const asked: InputRequest[] = [];
  host.on('inputs.requested', (request) => asked.push(request));
  const view = (name: string) =>
    host.commands['servers.list']({}).then((list) => list.find((v) => v.name === name));
  return { host, dir, asked, view };
}

function remoteConfig(url: string, names = ['api']) {
  const mcpServers: Record<string, unknown> = {};
  for (const name of names) {
    mcpServers[name] = { url, headers: { Authorization: TOKEN_HEADER, 'X-Team': TEAM_HEADER } };
  }
  return {
    inputs: [{ id: 'api-token', type: 'promptString', description: 'API token', password: true }],
    mcpServers,
  };
}

/** `${kind:name}` as config.json writes it. */
const ref = (kind: string, name: string) => ['$', '{', kind, ':', name, '}'].join('');

describe('filling variables', () => {
  it('fills env and input references and lists their values as secrets', async () => {
    const filled = await fillVariables(`https://x/${ref('env', 'PATH_PART')}?k=${ref('input', 'key')}`, {
      env: (name) => (name === 'PATH_PART' ? 'mcp' : undefined),
      input: async () => 'k-1234',
    });
    expect(filled).toEqual({ text: 'https://x/mcp?k=k-1234', secrets: ['mcp', 'k-1234'] });
  });

  it('names an unset environment variable and an unknown kind of reference', async () => {
    const sources = { env: () => undefined, input: async () => '' };
    await expect(fillVariables(ref('env', 'NOPE'), sources)).rejects.toThrow(
      'The environment variable NOPE is not set.',
    );
    await expect(fillVariables(ref('secret', 'x'), sources)).rejects.toBeInstanceOf(MissingValue);
  });
});

describe('an input a remote entry uses', { timeout: 30_000 }, () => {
  it('is asked once for each server that uses it, sent to the server, and kept out of config, logs and the window', async () => {
    process.env.SWITCHBOARD_TEST_TEAM = 'team-blue';
    const remote = await startRemote();
    const { host, dir, asked, view } = await hostWith(remoteConfig(remote.url, ['api', 'api-copy']));
    // Values are kept per server: each server that uses the input is asked for its own, once.
    await until('the questions', () => asked.length === 2);
    expect(asked.map((request) => request.server).sort()).toEqual(['api', 'api-copy']);
    for (const request of asked)
      expect(request).toMatchObject({ inputId: 'api-token', description: 'API token', password: true });
    expect((await view('api'))?.state.kind).toBe('starting');

    for (const request of asked) await host.commands['inputs.answer']({ id: request.id, value: 'tok-98765' });
    await host.ready();
    expect(asked).toHaveLength(2);
    for (const name of ['api', 'api-copy']) expect((await view(name))?.state.kind).toBe('running');
    const seen = (await remote.stats()).lastHeaders;
    expect(seen.authorization).toBe('Bearer tok-98765');
    expect(seen['x-team']).toBe('team-blue');

    const credentials = join(dir, 'credentials.json');
    expect(await readFile(credentials, 'utf8')).toContain('tok-98765');
    expect((await stat(credentials)).mode & 0o777).toBe(0o600);
    expect(await readFile(join(dir, 'config.json'), 'utf8')).not.toContain('tok-98765');
    const shown = JSON.stringify([
      await host.commands['servers.list']({}),
      await host.commands['servers.wire']({ server: 'api' }),
      await host.commands['servers.logs']({ server: 'api' }),
      await host.commands['config.get']({}),
    ]);
    expect(shown).not.toContain('tok-98765');
    expect(shown).not.toContain('team-blue');
    expect((await view('api'))?.inputs).toEqual([
      { id: 'api-token', description: 'API token', stored: true },
    ]);
  });

  it('is not asked again after a restart of the host, and is asked again once forgotten', async () => {
    process.env.SWITCHBOARD_TEST_TEAM = 'team-blue';
    const remote = await startRemote();
    const first = await hostWith(remoteConfig(remote.url));
    await until('the question', () => first.asked.length > 0);
    await first.host.commands['inputs.answer']({ id: first.asked[0]!.id, value: 'tok-1' });
    await first.host.ready();
    await first.host.shutdown();

    const second = await hostWith(remoteConfig(remote.url), first.dir);
    await second.host.ready();
    expect(second.asked).toEqual([]);
    expect((await second.view('api'))?.state.kind).toBe('running');

    await second.host.commands['inputs.forget']({ server: 'api', inputId: 'api-token' });
    const restarted = second.host.commands['servers.restart']({ server: 'api' });
    await until('the new question', () => second.asked.length > 0);
    await second.host.commands['inputs.answer']({ id: second.asked[0]!.id, value: 'tok-2' });
    await restarted;
    expect((await remote.stats()).lastHeaders.authorization).toBe('Bearer tok-2');
  });

  it('leaves the server stopped with a clear message when the person cancels', async () => {
    process.env.SWITCHBOARD_TEST_TEAM = 'team-blue';
    const remote = await startRemote();
    const { host, asked, view } = await hostWith(remoteConfig(remote.url));
    await until('the question', () => asked.length > 0);
    await host.commands['inputs.answer']({ id: asked[0]!.id });
    await host.ready();
    const state = (await view('api'))?.state as ServerView['state'];
    expect(state.kind).toBe('error');
    if (state.kind !== 'error') return;
    expect(state.error.message).toBe('No value was given for "API token". Press Start to be asked again.');
    expect(state.error.gaveUp).toBe(true);
    expect((await remote.stats()).sessions).toBe(0);
  });

  it('names an environment variable that is not set', async () => {
    delete process.env.SWITCHBOARD_TEST_TEAM;
    const remote = await startRemote();
    const { host, asked, view } = await hostWith(remoteConfig(remote.url));
    await until('the question', () => asked.length > 0);
    await host.commands['inputs.answer']({ id: asked[0]!.id, value: 'tok-3' });
    await host.ready();
    const state = (await view('api'))?.state;
    expect(state?.kind === 'error' && state.error.message).toContain(
      'The environment variable SWITCHBOARD_TEST_TEAM is not set.',
    );
  });
});
