// Stopping browser mode with SIGTERM or SIGINT ends every server and every process they started.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, fixture, test } from './host';

/** True while `pid` runs; a zombie waiting for its reaper counts as ended. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

async function pids(file: string): Promise<number[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).map(Number);
}

test.skip(process.platform !== 'linux', 'reads process states from /proc');

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal} leaves no server or grandchild running`, async ({ startHost }, testInfo) => {
    const dir = testInfo.outputPath();
    const childFile = join(dir, 'child.pids');
    const grandchildFile = join(dir, 'grandchild.pids');
    const env = { CHILD_PID_FILE: childFile, GRANDCHILD_PID_FILE: grandchildFile };
    const host = await startHost({
      mcpServers: { stubborn: fixture('grandchild.mjs', env), other: fixture('grandchild.mjs', env) },
    });
    const started = [...(await pids(childFile)), ...(await pids(grandchildFile))];
    expect(started).toHaveLength(4);
    expect(started.every(alive)).toBe(true);

    host.process.kill(signal);
    await host.stop();
    expect(host.process.exitCode).toBe(0);
    await expect.poll(() => started.filter(alive), { timeout: 3000 }).toEqual([]);
  });
}
