// Secret environment values: stored in the secret store under an ${input:…} reference, filled in when the
// server starts, never in config.json, the view, the log or the protocol log.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fillEnv, MissingValue, maskSecrets } from '../../src/main/servers/references/entryReferences';
import { inputReference } from '../../src/shared/inputReferences';
import { startTestHost, type TestHost } from '../faults/hostHarness';
import { fixtureEntry, until } from '../helpers';

const hosts: TestHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
}, 30_000);

const SECRET = 'ghp_abcdefghijklmnopqrstuvwxyz0123';
/** `${kind:name}`, written without a template-looking string literal. */
const braced = (inside: string) => `$${'{'}${inside}}`;

describe('fillEnv', () => {
  const sources = {
    input: async (id: string) => (id === 'github.TOKEN' ? SECRET : undefined),
    env: (name: string) => (name === 'HOME_DIR' ? '/home/me' : undefined),
  };

  it('fills inputs and environment variables, and names the secrets', async () => {
    const filled = await fillEnv(
      'github',
      {
        TOKEN: inputReference('github.TOKEN'),
        AUTH: `Bearer ${inputReference('github.TOKEN')}`,
        DIR: `${braced('env:HOME_DIR')}/x`,
      },
      sources,
    );
    expect({ ...filled.env }).toEqual({ TOKEN: SECRET, AUTH: `Bearer ${SECRET}`, DIR: '/home/me/x' });
    expect(filled.secrets).toContain(SECRET);
    expect(filled.secrets).toContain('/home/me');
  });

  it('passes other braced text on as written', async () => {
    const filled = await fillEnv('x', { A: `${braced('HOME')}/y`, B: 'plain' }, sources);
    expect({ ...filled.env }).toEqual({ A: `${braced('HOME')}/y`, B: 'plain' });
  });

  it('says which variable lacks a value, and what to do', async () => {
    await expect(fillEnv('github', { TOKEN: inputReference('gone') }, sources)).rejects.toThrow(MissingValue);
    await expect(fillEnv('github', { TOKEN: inputReference('gone') }, sources)).rejects.toThrow(
      /"github" needs the secret value of TOKEN.*Edit the server/,
    );
    await expect(fillEnv('github', { DIR: braced('env:NOPE') }, sources)).rejects.toThrow(
      /environment variable NOPE, which is not set/,
    );
  });

  it('masks secrets of four characters or more', () => {
    expect(maskSecrets(`token=${SECRET};`, [SECRET])).toBe('token=••••••••;');
    expect(maskSecrets('abc abc', ['abc'])).toBe('abc abc');
  });
});

describe('a server with a secret environment value', { timeout: 30_000 }, () => {
  it('starts with the value, which stays out of config.json, the view, the log and the protocol log', async () => {
    const t = await startTestHost({ mcpServers: {} });
    hosts.push(t);
    const entry = fixtureEntry('env-echo.mjs', {
      env: { GITHUB_TOKEN: inputReference('github.GITHUB_TOKEN'), ECHO_AT_START: 'GITHUB_TOKEN' },
    });
    await t.host.commands['config.putServer']({
      name: 'github',
      entry,
      secrets: { 'github.GITHUB_TOKEN': SECRET },
    });
    await t.host.ready();
    const [view] = await t.host.commands['servers.list']({});
    expect(view?.state.kind).toBe('running');

    const result = await t.host.commands['tools.call']({
      server: 'github',
      tool: 'env',
      args: { name: 'GITHUB_TOKEN' },
    });
    expect(result.content).toEqual([{ type: 'text', text: SECRET }]);

    const config = await readFile(t.configPath, 'utf8');
    expect(config).toContain(inputReference('github.GITHUB_TOKEN'));
    expect(config).not.toContain(SECRET);
    expect(JSON.stringify(t.events('server.changed'))).not.toContain(SECRET);
    expect(JSON.stringify(t.events('config.changed'))).not.toContain(SECRET);

    const started = await until('the start line in the log', () =>
      t
        .events('server.log')
        .flatMap((batch) => batch.entries)
        .find((line) => line.text.startsWith('starting with')),
    );
    expect(started.text).toBe('starting with GITHUB_TOKEN=••••••••');
    const wire = JSON.stringify(await t.host.commands['servers.wire']({ server: 'github' }));
    expect(wire).toContain('••••••••');
    expect(wire).not.toContain(SECRET);
    expect(JSON.stringify(await t.host.commands['servers.logs']({ server: 'github' }))).not.toContain(SECRET);
    expect(JSON.stringify(t.events('server.log'))).not.toContain(SECRET);
    expect(JSON.stringify(t.events('server.wire'))).not.toContain(SECRET);

    // Browser mode has no keychain: the value sits in credentials.json, readable by its owner only.
    const credentials = join(t.dir, 'credentials.json');
    expect((await stat(credentials)).mode & 0o777).toBe(0o600);
  });

  it('masks a value filled from an environment variable in the log, the protocol log and what is copied', async () => {
    const canary = 'canary-env-value-4f1b2c';
    process.env.SWITCHBOARD_TEST_CANARY = canary;
    const t = await startTestHost({ mcpServers: {} });
    hosts.push(t);
    const entry = fixtureEntry('env-echo.mjs', {
      env: { API_KEY: braced('env:SWITCHBOARD_TEST_CANARY'), ECHO_AT_START: 'API_KEY' },
    });
    // Written in the app's form: the person's own entry takes the value from Switchboard's environment.
    await t.host.commands['config.putServer']({ name: 'own', entry });
    await t.host.ready();
    const result = await t.host.commands['tools.call']({
      server: 'own',
      tool: 'env',
      args: { name: 'API_KEY' },
    });
    expect(result.content).toEqual([{ type: 'text', text: canary }]);
    const started = await until('the start line in the log', () =>
      t
        .events('server.log')
        .flatMap((batch) => batch.entries)
        .find((line) => line.text.startsWith('starting with')),
    );
    expect(started.text).toBe('starting with API_KEY=••••••••');
    const shown = JSON.stringify([
      await t.host.commands['servers.logs']({ server: 'own' }),
      await t.host.commands['servers.wire']({ server: 'own' }),
      t.events('server.log'),
      t.events('server.wire'),
    ]);
    expect(shown).not.toContain(canary);
  });

  it('asks for a value that is not stored, and fails without retrying when none is given', async () => {
    const t = await startTestHost({ mcpServers: {} });
    hosts.push(t);
    const entry = fixtureEntry('env-echo.mjs', { env: { GITHUB_TOKEN: inputReference('never.stored') } });
    await t.host.commands['config.putServer']({ name: 'github', entry });
    const question = await until('the question for the value', () => t.events('inputs.requested')[0]);
    expect(question).toMatchObject({ inputId: 'never.stored', server: 'github', password: true });
    const [waiting] = await t.host.commands['servers.list']({});
    expect(waiting?.pid).toBeUndefined();

    await t.host.commands['inputs.answer']({ id: question.id });
    const failed = await until('the start to fail', async () => {
      const [view] = await t.host.commands['servers.list']({});
      return view?.state.kind === 'error' && view;
    });
    expect(failed.state).toMatchObject({
      kind: 'error',
      error: { gaveUp: true, message: expect.stringMatching(/No value was given/) },
    });
    expect(failed.pid).toBeUndefined();
  });

  it('refuses a value for a secret the entry does not use, and saves nothing', async () => {
    const t = await startTestHost({ mcpServers: {} });
    hosts.push(t);
    await expect(
      t.host.commands['config.putServer']({
        name: 'plain',
        entry: fixtureEntry('env-echo.mjs'),
        secrets: { 'other.TOKEN': SECRET },
      }),
    ).rejects.toThrow(/does not use the secret "other.TOKEN"/);
    expect(await readFile(t.configPath, 'utf8')).not.toContain('plain');
  });
});
