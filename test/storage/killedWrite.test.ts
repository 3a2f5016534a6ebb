// A settings save killed at any moment leaves the file whole: the old value or the new, never a part of one.
import { type ChildProcess, spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonSettingsStore } from '../../src/main/storage/jsonSettingsStore';
import { FILLS, fillSchema } from './settingsWriter';

const ROUNDS = 6;
let dir: string | undefined;
let child: ChildProcess | undefined;

afterEach(async () => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * Starts the writer and, once it has saved `saves` times, kills it with SIGKILL the moment its next save
 * touches the folder (a temporary file made, or the file itself changed), so the kill lands mid-write.
 */
async function killWhileWriting(folder: string, path: string, saves: number): Promise<void> {
  const script = join(import.meta.dirname, 'settingsWriter.ts');
  const writer = spawn(process.execPath, ['--import', 'tsx', script, path], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child = writer;
  const exited = new Promise<void>((resolve) => writer.once('exit', () => resolve()));
  let seen = 0;
  let armed = false;
  const watcher = watch(folder, () => {
    if (armed) writer.kill('SIGKILL');
  });
  try {
    await new Promise<void>((resolve, reject) => {
      writer.stdout?.setEncoding('utf8').on('data', (text: string) => {
        seen += text.split('\n').filter((line) => line === 'saved').length;
        if (seen >= saves) armed = true;
      });
      writer.once('exit', (_, signal) =>
        signal === 'SIGKILL' ? resolve() : reject(new Error('The writer ended by itself.')),
      );
    });
  } finally {
    watcher.close();
  }
  await exited;
}

describe('a settings save killed with SIGKILL', { timeout: 60_000 }, () => {
  it('leaves the file holding one whole value, every time', async () => {
    dir = await mkdtemp(join(tmpdir(), 'switchboard-killed-'));
    const path = join(dir, 'settings.json');
    for (let round = 1; round <= ROUNDS; round++) {
      await killWhileWriting(dir, path, round);
      const problems: string[] = [];
      const store = new JsonSettingsStore(path, {
        schema: fillSchema,
        words: { unreadable: (why) => why, damaged: (kept) => `damaged: ${kept}` },
        onProblem: (message) => problems.push(message),
      });
      const value = await store.load();
      expect(problems, `round ${round}`).toEqual([]);
      expect(FILLS.includes(value?.fill ?? ''), `round ${round}: the file holds a whole value`).toBe(true);
    }
    // What a killed write leaves is a temporary file beside it (swept later), never a second settings file.
    expect((await readdir(dir)).filter((name) => !name.endsWith('.tmp'))).toEqual(['settings.json']);
  });
});
