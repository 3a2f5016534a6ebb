// Tools run by hand (the Run dialog's `tools.call`): progress keeps a long call alive, Cancel reaches the server.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Events } from '../../src/shared/contract';
import { fixtureEntry, until } from '../helpers';
import { startTestHost, type TestHost } from './hostHarness';

const hosts: TestHost[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}, 30_000);

/** A host with the chat-tools server (its `slow` tool reports progress every 200 ms) and a 1 s call timeout. */
async function hostWithSlowTool(
  cancelLog?: string,
): Promise<{ t: TestHost; progress: Events['tool.progress'][] }> {
  // The server writes its cancellation where the test reads it, outside any folder a sandbox would show it.
  const entry = fixtureEntry(
    'chat-tools.mjs',
    cancelLog ? { env: { CANCEL_LOG: cancelLog }, sandbox: false } : {},
  );
  const t = await startTestHost({ mcpServers: { tools: entry } }, { callTimeoutMs: 1000 });
  hosts.push(t);
  const progress: Events['tool.progress'][] = [];
  t.host.on('tool.progress', (event) => progress.push(event));
  return { t, progress };
}

describe('a tool run by hand', { timeout: 30_000 }, () => {
  it('runs past the call timeout while it reports progress, and the page gets that progress', async () => {
    const { t, progress } = await hostWithSlowTool();
    const result = await t.host.commands['tools.call']({
      server: 'tools',
      tool: 'slow',
      args: { seconds: 2.5 },
      callId: 'run-1',
    });
    expect(result.content).toEqual([{ type: 'text', text: 'slow work finished' }]);
    expect(progress.length).toBeGreaterThanOrEqual(5);
    expect(progress.every((event) => event.callId === 'run-1')).toBe(true);
    expect(progress[0]).toMatchObject({ progress: 1, total: 13, message: 'step 1 of 13' });
  });

  it('is cancelled on request: the server is told and the call ends as cancelled', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'switchboard-cancel-'));
    dirs.push(dir);
    const log = join(dir, 'cancelled.log');
    const { t, progress } = await hostWithSlowTool(log);
    const call = t.host.commands['tools.call']({
      server: 'tools',
      tool: 'slow',
      args: { seconds: 20 },
      callId: 'run-2',
    });
    const settled = call.then(
      () => 'answered',
      (error: Error) => error.message,
    );
    await until('the first progress', () => progress.length > 0);
    await t.host.commands['tools.cancel']({ callId: 'run-2' });
    expect(await settled).toMatch(/cancelled/i);
    await until('the server to log the cancellation', () => existsSync(log), 5000);
    expect(await readFile(log, 'utf8')).toMatch(/^cancelled \d+$/m);
  });
});
