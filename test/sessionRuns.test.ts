// The lifecycle run with real processes: starts wait for the person and for the last session to close, and need approval.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { FilledEnv } from '../src/main/servers/references/entryReferences';
import type { ServerApprovalState } from '../src/shared/serverApprovals';
import { Connections, fixtureEntry, isAlive, processesWith, uniqueToken, until } from './helpers';

const connections = new Connections();
const dir = mkdtempSync(join(tmpdir(), 'switchboard-runs-'));
const stubborn: number[] = [];
afterEach(() => connections.stopAll(), 20_000);
afterAll(() => {
  for (const pid of stubborn) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

// biome-ignore lint/suspicious/noTemplateCurlyInString: a config.json reference, not a template
const TOKEN_REFERENCE = '${input:token}';

/** Values for `${input:token}` that the test gives when it chooses, one per start, as a person would. */
function personAnswering() {
  const asked: ((value: string) => void)[] = [];
  const fillEnv = (_server: string, env: Readonly<Record<string, string>>) =>
    new Promise<FilledEnv>((resolve) => {
      asked.push((value) => resolve({ env: { ...env, TOKEN: value }, secrets: [] }));
    });
  return { asked, fillEnv };
}

async function envOf(server: ReturnType<Connections['create']>, name: string): Promise<string> {
  const result = await server.callTool('env', { name });
  return (result.content[0] as { text: string }).text;
}

describe('a start waiting for the person', { timeout: 20_000 }, () => {
  it('does not go on after a stop, even when the answer comes while a newer start waits', async () => {
    const token = uniqueToken('waiting');
    const person = personAnswering();
    const server = connections.create(
      'waiting',
      fixtureEntry('env-echo.mjs', { token, env: { TOKEN: TOKEN_REFERENCE } }),
      { fillEnv: person.fillEnv },
    );
    const first = server.start();
    await until('the first question', () => person.asked.length === 1);
    await server.stop();
    await first;
    expect(server.view().state).toEqual({ kind: 'stopped' });

    const second = server.start();
    await until('the second question', () => person.asked.length === 2);
    person.asked[0]?.('answer-to-the-stopped-start');
    person.asked[1]?.('answer-to-this-start');
    await second;
    expect(server.view().state.kind).toBe('running');
    expect(await envOf(server, 'TOKEN')).toBe('answer-to-this-start');
    expect(processesWith(token)).toEqual([server.pid]);

    await server.stop();
    await until(`no process running with ${token}`, () => processesWith(token).length === 0, 5000);
  });
});

describe('a start right after a stop', { timeout: 30_000 }, () => {
  it('waits until the stopped process is gone, so one server never runs twice', async () => {
    const childFile = join(dir, 'child.pid');
    const grandchildFile = join(dir, 'grandchild.pid');
    const server = connections.create(
      'stubborn',
      fixtureEntry('grandchild.mjs', {
        env: { CHILD_PID_FILE: childFile, GRANDCHILD_PID_FILE: grandchildFile },
      }),
    );
    await server.start();
    const old = server.pid as number;
    stubborn.push(old);
    const stopping = server.stop();
    await server.start();
    const pids = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
    stubborn.push(...pids(childFile), ...pids(grandchildFile));
    expect(server.view().state.kind).toBe('running');
    expect(server.pid).not.toBe(old);
    expect(isAlive(old), 'the stopped process, once the new one runs').toBe(false);
    await stopping;
  });
});

describe('a server the person has not approved', { timeout: 20_000 }, () => {
  it('starts whichever way it is asked only once approved', async () => {
    const token = uniqueToken('unapproved');
    let approval: ServerApprovalState = 'waiting';
    const options = { approval: () => approval };
    const itself = connections.create('itself', fixtureEntry('env-echo.mjs', { token }), options);
    const lazy = connections.create(
      'lazy',
      { ...fixtureEntry('env-echo.mjs', { token }), autoStart: false },
      options,
    );
    const nothingRuns = () => {
      for (const server of [itself, lazy]) expect(server.view().state).toEqual({ kind: 'stopped' });
      expect(processesWith(token)).toEqual([]);
    };
    await itself.start();
    nothingRuns();
    await itself.restart();
    nothingRuns();
    itself.approvalChanged();
    nothingRuns();
    await expect(lazy.startForUse()).rejects.toThrow(/has not been approved/);
    nothingRuns();
    await expect(lazy.callTool('env', { name: 'PATH' })).rejects.toThrow(/has not been approved/);
    nothingRuns();
    expect(itself.view().approval).toBe('waiting');

    approval = 'approved';
    itself.approvalChanged();
    lazy.approvalChanged();
    expect(lazy.view().state).toEqual({ kind: 'stopped' });
    await until('the approved server to run', () => itself.view().state.kind === 'running');
    expect(await envOf(lazy, 'TOKEN')).toBe('(unset)');
    expect(lazy.view().state.kind).toBe('running');
  });
});

describe('a start that throws where nothing expected it', { timeout: 20_000 }, () => {
  it('ends in error saying so, rather than starting for ever', async () => {
    const server = connections.create('throws', fixtureEntry('env-echo.mjs'), {
      backoffMs: [60_000],
      onClientCreated: () => {
        throw new Error('the host could not wire the client');
      },
    });
    await server.start();
    const state = server.view().state;
    expect(state.kind).toBe('error');
    expect(state.kind === 'error' && state.error.message).toContain(
      '"throws" could not be started: the host could not wire the client',
    );
  });
});
