// Temporary files of writes cut short: swept once old, never a write under way, never anything else.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Host } from '../../src/main/host';
import { sweepLeftBehind, writeFileAtomic } from '../../src/main/storage/atomicFile';
import { until } from '../helpers';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-left-'));
  folders.push(dir);
  return dir;
}

/** Writes `path` and dates it two hours back. */
async function old(path: string, content = 'x'): Promise<string> {
  await writeFile(path, content);
  const then = new Date(Date.now() - 2 * 60 * 60_000);
  await utimes(path, then, then);
  return path;
}

describe('temporary files left behind', { timeout: 30_000 }, () => {
  it('go once an hour old; a fresh one, the files themselves and other names stay', async () => {
    const dir = await folder();
    const stale = await old(join(dir, '.config.json.0123456789ab.tmp'));
    const fresh = join(dir, '.config.json.ba9876543210.tmp');
    await writeFile(fresh, 'a write under way');
    const kept = [
      await old(join(dir, 'config.json')),
      await old(join(dir, '.notes.tmp')),
      await old(join(dir, '.config.json.0123456789ab.tmp.bak')),
    ];
    const folderNamedLikeOne = join(dir, '.other.json.0123456789ab.tmp');
    await mkdir(folderNamedLikeOne);

    expect(await sweepLeftBehind(dir)).toBe(1);
    expect(existsSync(stale)).toBe(false);
    for (const path of [fresh, ...kept, folderNamedLikeOne]) expect(existsSync(path)).toBe(true);
    // The names the writer makes are the names the sweep looks for.
    let temp = '';
    await writeFileAtomic(join(dir, 'written.json'), '{}', 0o600, {
      beforeReplace: async () => {
        temp = (await readdir(dir)).find((name) => name.startsWith('.written.json.')) ?? '';
      },
    });
    expect(temp).not.toBe('');
    await old(join(dir, temp));
    expect(await sweepLeftBehind(dir)).toBe(1);
    expect(await sweepLeftBehind(join(dir, 'missing'))).toBe(0);
  });

  it('are swept from the catalogue and conversation folders once the host has started', async () => {
    const dataDir = await folder();
    await mkdir(join(dataDir, 'catalogues'));
    await mkdir(join(dataDir, 'conversations'));
    const left = [
      await old(join(dataDir, 'catalogues', '.abc.json.0123456789ab.tmp')),
      await old(join(dataDir, 'conversations', '.c1.jsonl.0123456789ab.tmp')),
      await old(join(dataDir, '.permissions.json.0123456789ab.tmp')),
    ];
    await writeFile(join(dataDir, 'config.json'), JSON.stringify({ mcpServers: {} }));
    const host = await Host.create({ dataDir, configPath: join(dataDir, 'config.json') });
    try {
      await until('the left-behind files to go', () => left.every((path) => !existsSync(path)));
    } finally {
      await host.shutdown();
    }
  });
});
