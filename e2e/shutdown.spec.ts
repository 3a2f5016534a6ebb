// Stopping browser mode with SIGTERM or SIGINT ends every server and every process they started.
import { resolve } from 'node:path';
import { processesWith, programsWith, uniqueToken } from '../test/helpers';
import { expect, test } from './host';

test.skip(process.platform !== 'linux', 'reads process states from /proc');

/** A server that ignores SIGTERM and stdin's end, with a child of its own that ignores SIGTERM too; both carry `tag`. */
function stubborn(tag: string) {
  return { command: process.execPath, args: [resolve('test/fixtures/misbehave.mjs'), 'grandchild', tag] };
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal} leaves no server or grandchild running`, async ({ startHost }) => {
    const tag = uniqueToken(`shutdown-${signal}`);
    const host = await startHost({ mcpServers: { stubborn: stubborn(tag), other: stubborn(tag) } });
    // Two servers and their children (each in its sandbox, around which the sandbox's own processes run).
    expect(programsWith(tag)).toHaveLength(4);

    host.process.kill(signal);
    await host.stop();
    expect(host.process.exitCode).toBe(0);
    await expect.poll(() => processesWith(tag), { timeout: 3000 }).toEqual([]);
  });
}
