// Servers and the login shell's PATH: a server given by its full path starts without waiting for the shell;
// one named by its command alone waits for the shell's PATH, and gets it.
import { chmodSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connections, fixtureEntry } from './helpers';

const LOGIN_DIR = '/login/shell/only/bin';
const connections = new Connections();
let dir: string;
let gate: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'switchboard-login-'));
  gate = join(dir, 'gate');
  // A login shell that answers only once the test opens its gate, with one more folder on its PATH.
  const shell = join(dir, 'slow-shell');
  writeFileSync(
    shell,
    `#!/bin/sh\nwhile [ ! -e "${gate}" ]; do sleep 0.02; done\nPATH="${LOGIN_DIR}:$PATH"\neval "$2"\n`,
  );
  chmodSync(shell, 0o755);
  process.env.SHELL = shell;
});

afterAll(async () => {
  await connections.stopAll();
  await rm(dir, { recursive: true, force: true });
});

async function pathOf(connection: ReturnType<Connections['create']>): Promise<string> {
  const result = await connection.callTool('env', { name: 'PATH' }, {});
  return (result.content[0] as { text: string }).text;
}

describe.skipIf(process.platform === 'win32')('the login shell PATH', { timeout: 30_000 }, () => {
  it('starts a full-path command at once and a bare command after the shell answered, with its PATH', async () => {
    const fullPath = connections.create('full-path', fixtureEntry('env-echo.mjs'));
    await fullPath.start();
    expect(fullPath.view().state.kind).toBe('running');
    expect(await pathOf(fullPath)).not.toContain(LOGIN_DIR);

    const entry = fixtureEntry('env-echo.mjs');
    const byName = connections.create('by-name', { ...entry, command: 'node' });
    const starting = byName.start();
    // A full-path server started after it gets as far as running: the bare command, started first,
    // would have its process by now had it not waited for the shell.
    const later = connections.create('later', fixtureEntry('env-echo.mjs'));
    await later.start();
    expect(later.view().state.kind).toBe('running');
    expect(byName.view().state.kind).toBe('starting');
    expect(byName.view().pid).toBeUndefined();

    writeFileSync(gate, '');
    await starting;
    expect(byName.view().state.kind).toBe('running');
    expect(await pathOf(byName)).toContain(LOGIN_DIR);
  });
});
