// `npm start` builds only when what the app is built from changed since the last build.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUILD_OUTPUTS,
  buildReason,
  currentStamp,
  stampOf,
  whyBuild,
  writeStamp,
} from '../scripts/buildStamp.mjs';

describe('the stamp of what a build is made from', () => {
  const files = [
    { path: 'src/a.ts', size: 10, mtimeMs: 1000 },
    { path: 'package-lock.json', size: 99, mtimeMs: 2000 },
  ];

  it('is the same for the same files in any order, and changes with any one of them', () => {
    expect(stampOf([...files].reverse())).toBe(stampOf(files));
    expect(stampOf([{ ...files[0]!, mtimeMs: 1001 }, files[1]!])).not.toBe(stampOf(files));
    expect(stampOf([{ ...files[0]!, size: 11 }, files[1]!])).not.toBe(stampOf(files));
    expect(stampOf(files.slice(1))).not.toBe(stampOf(files));
    expect(stampOf([...files, { path: 'src/b.ts', size: 1, mtimeMs: 1 }])).not.toBe(stampOf(files));
  });

  it('asks for a build when the output is missing, when no stamp was written, or when the stamp differs', () => {
    const current = stampOf(files);
    expect(buildReason({ written: current, current, outputsPresent: true })).toBeUndefined();
    expect(buildReason({ written: current, current, outputsPresent: false })).toMatch(/not built/);
    expect(buildReason({ written: undefined, current, outputsPresent: true })).toMatch(/no record/);
    expect(buildReason({ written: 'older', current, outputsPresent: true })).toMatch(/changed/);
  });
});

describe('a checkout with a build', () => {
  async function checkout(): Promise<string> {
    const root = await mkdtemp(join(tmpdir(), 'switchboard-stamp-'));
    await mkdir(join(root, 'src', 'main'), { recursive: true });
    await writeFile(join(root, 'src', 'main', 'host.ts'), 'export {};\n');
    await writeFile(join(root, 'package-lock.json'), '{}\n');
    for (const output of BUILD_OUTPUTS) {
      await mkdir(join(root, output, '..'), { recursive: true });
      await writeFile(join(root, output), '');
    }
    writeStamp(root, currentStamp(root));
    return root;
  }

  it('needs no build until a source or the lock file changes, or a source is added', async () => {
    const root = await checkout();
    try {
      expect(whyBuild(root)).toBeUndefined();
      // What the build writes does not count.
      await writeFile(join(root, 'out', 'main', 'index.js'), 'rebuilt');
      expect(whyBuild(root)).toBeUndefined();

      const later = new Date(Date.now() + 60_000);
      await utimes(join(root, 'src', 'main', 'host.ts'), later, later);
      expect(whyBuild(root)).toMatch(/changed/);
      writeStamp(root, currentStamp(root));

      await writeFile(join(root, 'package-lock.json'), '{"lockfileVersion": 3}\n');
      expect(whyBuild(root)).toMatch(/changed/);
      writeStamp(root, currentStamp(root));

      await writeFile(join(root, 'src', 'main', 'new.ts'), 'export {};\n');
      expect(whyBuild(root)).toMatch(/changed/);
      writeStamp(root, currentStamp(root));

      await rm(join(root, 'out', 'renderer', 'index.html'));
      expect(whyBuild(root)).toMatch(/not built/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
