// A server that cannot start in its sandbox fails saying which path it could not reach, and how to give it that path.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startTestHost, type TestHost } from '../faults/hostHarness';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

it('names the file it could not reach when it exits during its start', { timeout: 30_000 }, async () => {
  const outside = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-outside-')));
  cleanup.push(() => rm(outside, { recursive: true, force: true }));
  const settings = join(outside, 'settings.json');
  await writeFile(settings, '{}');
  const startup = `require('fs').readFileSync(${JSON.stringify(settings)})`;
  const t: TestHost = await startTestHost({
    mcpServers: { needy: { command: process.execPath, args: ['-e', startup], sandbox: { network: 'none' } } },
  });
  cleanup.push(() => t.close());
  const [view] = await t.host.commands['servers.list']({});
  expect(view?.state.kind).toBe('error');
  const message = view?.state.kind === 'error' ? view.state.error.message : '';
  expect(message).toContain(`It runs in a sandbox, where ${settings} does not exist.`);
  expect(message).toContain('share its folder with this server');
});
