// Started from a terminal (browser mode), the app already has the login shell's PATH: no shell is run to read it.
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loginShellPath, pathForCommand, pathIsLoginPath } from '../src/main/servers/transport/loginPath';

let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('gives servers this process’s PATH and never runs the login shell', async () => {
  dir = await mkdtemp(join(tmpdir(), 'switchboard-terminal-'));
  const ran = join(dir, 'shell-ran');
  const shell = join(dir, 'shell');
  writeFileSync(shell, `#!/bin/sh\ntouch "${ran}"\nPATH="/from/login/shell:$PATH"\neval "$2"\n`);
  chmodSync(shell, 0o755);
  process.env.SHELL = shell;
  pathIsLoginPath();
  expect(await pathForCommand('npx', '/own/bin:/usr/bin')).toBe('/own/bin:/usr/bin');
  expect(await pathForCommand('/usr/bin/node', '/own/bin')).toBe('/own/bin');
  expect(await loginShellPath()).toBeUndefined();
  // Each call above waited for the PATH it gives: a shell run to read it would have ended by now.
  expect(existsSync(ran)).toBe(false);
});
