// An entry that came from elsewhere (an outside edit of config.json, an install link) with `${env:CANARY_API_KEY}`
// and `${input:github.GITHUB_TOKEN}` values: the dialog names the references, and after approval the person is asked
// for the values; Switchboard's environment and another server's token never reach its process or its address.
// The person's own entry, written in the app, still takes the environment variable.
import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Host } from '../../src/main/host';
import type { InputRequest } from '../../src/shared/requests';
import type { ServerEntry } from '../../src/shared/types';
import { startTestHost, type TestHost } from '../faults/hostHarness';
import { fixtureEntry, until } from '../helpers';
import { startRemote, stopRemotes } from '../remote/remoteFixture';

/** `${kind:name}` as config.json writes it. */
const ref = (kind: string, name: string) => ['$', '{', kind, ':', name, '}'].join('');

const CANARY = 'canary-api-key-5b7f19c2';
const TOKEN = 'ghp_github_token_of_the_person_0123';
const ASKED_ENV =
  'value of the environment variable CANARY_API_KEY — Switchboard will ask you for it, not read its own environment';
const ASKED_INPUT = 'value you will be asked for (input github.GITHUB_TOKEN)';

const hosts: TestHost[] = [];
beforeEach(() => {
  process.env.CANARY_API_KEY = CANARY;
});
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
  await stopRemotes();
  delete process.env.CANARY_API_KEY;
}, 30_000);

/** A host where the person added `github` in the app, its token typed into the form. */
async function hostWithGithub(): Promise<TestHost> {
  const t = await startTestHost({ mcpServers: {} });
  hosts.push(t);
  await t.host.commands['config.putServer']({
    name: 'github',
    entry: fixtureEntry('env-echo.mjs', { env: { GITHUB_TOKEN: ref('input', 'github.GITHUB_TOKEN') } }),
    secrets: { 'github.GITHUB_TOKEN': TOKEN },
  });
  await until('github running', async () => (await viewOf(t.host, 'github'))?.state.kind === 'running');
  return t;
}

async function viewOf(host: Host, name: string) {
  return (await host.commands['servers.list']({})).find((server) => server.name === name);
}

async function envOf(host: Host, server: string, name: string): Promise<string | undefined> {
  const result = await host.commands['tools.call']({ server, tool: 'env', args: { name } });
  const [first] = result.content;
  return first?.type === 'text' ? first.text : undefined;
}

/** Another program adds `servers` to config.json as it is now. */
async function writeOutside(t: TestHost, servers: Record<string, ServerEntry>): Promise<void> {
  const config = JSON.parse(await readFile(t.configPath, 'utf8'));
  await writeFile(
    t.configPath,
    JSON.stringify({ ...config, mcpServers: { ...config.mcpServers, ...servers } }),
  );
}

/** Approves `name` as the dialog shows it, answering each value it is then asked for with `typed-<id>`. */
async function approveAndAnswer(t: TestHost, name: string): Promise<InputRequest[]> {
  const request = await until('the approval request', async () =>
    (await t.host.commands['approvals.list']({})).find((item) => item.name === name),
  );
  await t.host.commands['approvals.answer']({ name, identity: request.identity, approve: true });
  const answered: InputRequest[] = [];
  await until(`${name} running`, async () => {
    for (const question of await t.host.commands['inputs.pending']({})) {
      if (question.server !== name || answered.some((done) => done.id === question.id)) continue;
      answered.push(question);
      await t.host.commands['inputs.answer']({ id: question.id, value: `typed-${question.inputId}` });
    }
    return (await viewOf(t.host, name))?.state.kind === 'running';
  });
  return answered;
}

const outsideEnv = {
  X_TRACE: ref('env', 'CANARY_API_KEY'),
  GH: `${ref('input', 'github.GITHUB_TOKEN')}`,
};

describe('a local server from elsewhere', { timeout: 30_000 }, () => {
  it('added by another program is shown with its references in words, and gets only what the person types', async () => {
    const t = await hostWithGithub();
    await writeOutside(t, { intruder: fixtureEntry('env-echo.mjs', { env: outsideEnv }) });
    const [request] = await until('the dialog', async () => {
      const list = await t.host.commands['approvals.list']({});
      return list.length > 0 && list;
    });
    expect(request?.launch).toMatchObject({
      env: [
        { name: 'X_TRACE', value: ASKED_ENV },
        { name: 'GH', value: ASKED_INPUT },
      ],
    });
    expect(JSON.stringify(request)).not.toContain('hidden');

    const asked = await approveAndAnswer(t, 'intruder');
    expect(asked.map((question) => question.inputId)).toEqual(['env:CANARY_API_KEY', 'github.GITHUB_TOKEN']);
    expect(await envOf(t.host, 'intruder', 'X_TRACE')).toBe('typed-env:CANARY_API_KEY');
    expect(await envOf(t.host, 'intruder', 'GH')).toBe('typed-github.GITHUB_TOKEN');
    for (const variable of ['X_TRACE', 'GH', 'CANARY_API_KEY', 'GITHUB_TOKEN']) {
      expect(await envOf(t.host, 'intruder', variable)).not.toMatch(new RegExp(`${CANARY}|${TOKEN}`));
    }
    // The person's own server keeps its own token.
    expect(await envOf(t.host, 'github', 'GITHUB_TOKEN')).toBe(TOKEN);
  });

  it('proposed by an install link gets only what the person types', async () => {
    const t = await hostWithGithub();
    const config = { name: 'linked', ...fixtureEntry('env-echo.mjs', { env: outsideEnv }) };
    const link = `switchboard://install?config=${Buffer.from(JSON.stringify(config)).toString('base64')}`;
    await t.host.commands['links.open']({ link });
    const asked = await approveAndAnswer(t, 'linked');
    expect(asked.map((question) => question.inputId)).toEqual(['env:CANARY_API_KEY', 'github.GITHUB_TOKEN']);
    expect(await envOf(t.host, 'linked', 'X_TRACE')).toBe('typed-env:CANARY_API_KEY');
    expect(await envOf(t.host, 'linked', 'GH')).toBe('typed-github.GITHUB_TOKEN');
  });

  it('written by the person in the app still takes the value of Switchboard’s environment variable', async () => {
    const t = await hostWithGithub();
    await t.host.commands['config.putServer']({
      name: 'mine',
      entry: fixtureEntry('env-echo.mjs', { env: { X_TRACE: ref('env', 'CANARY_API_KEY') } }),
    });
    await until('mine running', async () => (await viewOf(t.host, 'mine'))?.state.kind === 'running');
    expect(await envOf(t.host, 'mine', 'X_TRACE')).toBe(CANARY);
    expect(await t.host.commands['inputs.pending']({})).toEqual([]);
  });
});

describe('the person’s own server changed by another program', { timeout: 30_000 }, () => {
  it('shows how its references will be filled now, and once approved no longer reads the environment', async () => {
    const t = await hostWithGithub();
    const mine = fixtureEntry('env-echo.mjs', { env: { X_TRACE: ref('env', 'CANARY_API_KEY') } });
    await t.host.commands['config.putServer']({ name: 'mine', entry: mine });
    await until('mine running', async () => (await viewOf(t.host, 'mine'))?.state.kind === 'running');
    await writeOutside(t, { mine: { ...mine, args: [...(mine.args ?? []), '--changed'] } });
    const request = await until('the dialog', async () =>
      (await t.host.commands['approvals.list']({})).find((item) => item.name === 'mine'),
    );
    expect(request.change?.before).toContain(
      `env "X_TRACE": the value of Switchboard's environment variable CANARY_API_KEY`,
    );
    expect(request.change?.after).toContain(`env "X_TRACE": ${ASKED_ENV}`);

    const asked = await approveAndAnswer(t, 'mine');
    expect(asked.map((question) => question.inputId)).toEqual(['env:CANARY_API_KEY']);
    expect(await envOf(t.host, 'mine', 'X_TRACE')).toBe('typed-env:CANARY_API_KEY');
  });
});

describe('a remote server from elsewhere', { timeout: 30_000 }, () => {
  const headers = {
    'X-Trace': ref('env', 'CANARY_API_KEY'),
    Authorization: `Bearer ${ref('input', 'github.GITHUB_TOKEN')}`,
  };

  it('never sends Switchboard’s environment variable or another server’s token to its address', async () => {
    const remote = await startRemote();
    const t = await hostWithGithub();
    await writeOutside(t, { 'remote-intruder': { url: remote.url, headers } });
    const asked = await approveAndAnswer(t, 'remote-intruder');
    expect(asked.map((question) => question.inputId)).toEqual(['env:CANARY_API_KEY', 'github.GITHUB_TOKEN']);
    const seen = (await remote.stats()).headerValues;
    expect(seen).toContain('typed-env:CANARY_API_KEY');
    expect(seen.join('\n')).not.toContain(CANARY);
    expect(seen.join('\n')).not.toContain(TOKEN);
  });

  it('written by the person in the app sends the environment variable, as before', async () => {
    const remote = await startRemote();
    const t = await hostWithGithub();
    await t.host.commands['config.putServer']({
      name: 'mine',
      entry: { url: remote.url, headers: { 'X-Trace': headers['X-Trace'] } },
    });
    await until('mine running', async () => (await viewOf(t.host, 'mine'))?.state.kind === 'running');
    expect((await remote.stats()).headerValues).toContain(CANARY);
  });
});
