// Zip bombs: a bundle's directory is checked for its total and its ratio before anything inflates, and a directory
// that lies is caught while inflating, with memory staying small.
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unpackBundle } from '../../src/main/bundles/bundleFile';
import { DEFAULT_UNPACK_LIMITS, unpackLimitsFrom } from '../../src/main/bundles/limits';
import { manifest } from './bundleBuilder';
import { rawZip, textEntry, zerosEntry } from './rawZip';

let root: string;
let bundlesDir: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'switchboard-bundle-limits-'));
  bundlesDir = join(root, 'bundles');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const MIB = 1024 * 1024;
const manifestEntry = () => textEntry('manifest.json', JSON.stringify(manifest()));

/** The most memory this process has held so far, in bytes. */
const peakMemory = () => process.resourceUsage().maxRSS * 1024;

/** What is left of the bundle: no staging folder, no installed one. */
const leftOver = () => (existsSync(bundlesDir) ? readdirSync(bundlesDir) : []);

describe('bundle zip limits', () => {
  it('refuses a bomb whose directory says it unpacks to 600 MiB, before inflating any of it', async () => {
    const bomb = rawZip([manifestEntry(), zerosEntry('server/data.bin', 600)]);
    expect(bomb.byteLength).toBeLessThan(2 * MIB);
    const before = peakMemory();
    await expect(unpackBundle(bomb, bundlesDir, 'linux')).rejects.toThrow(
      /^The bundle would unpack to 600 MB, more than the 512 MB allowed, so it was not opened\./,
    );
    expect(peakMemory() - before).toBeLessThan(64 * MIB);
    expect(leftOver()).toEqual([]);
  });

  it('refuses a bundle that would unpack to more than 100 times its size, naming both sizes', async () => {
    const dense = rawZip([manifestEntry(), zerosEntry('server/data.bin', 8)]);
    const error = await unpackBundle(dense, bundlesDir, 'linux').catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /^The bundle's 9 KB would unpack to 8 MB, \d+ times its size \(at most 100 times is allowed\)\. It may be a zip bomb, so it was not opened\./,
    );
    expect(leftOver()).toEqual([]);
    // The ratio is a setting: raised, the same bundle opens, and its 8 MiB are there.
    const opened = await unpackBundle(dense, bundlesDir, 'linux', {
      ...DEFAULT_UNPACK_LIMITS,
      maxRatio: 2000,
    });
    expect(readdirSync(join(opened.staging, 'files', 'server'))).toEqual(['data.bin']);
  });

  it('refuses a total over the limit set, while a small bundle that packs tightly still opens', async () => {
    const limits = { maxUnpackedBytes: 4 * MIB, maxRatio: 100_000 };
    await expect(
      unpackBundle(rawZip([manifestEntry(), zerosEntry('big.bin', 5)]), bundlesDir, 'linux', limits),
    ).rejects.toThrow(/^The bundle would unpack to 5 MB, more than the 4 MB allowed/);
    // Under a megabyte the ratio is not held against it: 200 KB of spaces pack to almost nothing.
    const spaces = textEntry('server/index.js', ' '.repeat(200_000));
    await expect(unpackBundle(rawZip([manifestEntry(), spaces]), bundlesDir, 'linux')).resolves.toMatchObject(
      {
        manifest: { name: 'hello-bundle' },
      },
    );
  });

  it('catches a directory that lies, as the file inflates: 600 MiB said to be 1 KB stop at 1 KB', async () => {
    const liar = { ...zerosEntry('server/data.bin', 600), claimedSize: 1024 };
    const bomb = rawZip([manifestEntry(), liar]);
    const before = peakMemory();
    await expect(unpackBundle(bomb, bundlesDir, 'linux')).rejects.toThrow(
      "The bundle's files unpack to more than its zip says (server/data.bin holds more than 1 KB). It may be a zip bomb, so nothing was unpacked.",
    );
    expect(peakMemory() - before).toBeLessThan(64 * MIB);
    expect(leftOver()).toEqual([]);
  });

  it('catches a lying manifest.json the same way, before anything is written', async () => {
    const liar = { ...zerosEntry('manifest.json', 600), claimedSize: 2048 };
    await expect(unpackBundle(rawZip([liar]), bundlesDir, 'linux')).rejects.toThrow(
      /manifest.json holds more than 2 KB\)\. It may be a zip bomb/,
    );
    expect(leftOver()).toEqual([]);
  });

  it('reads its limits from the environment, ignoring values that are not positive numbers', () => {
    expect(
      unpackLimitsFrom({ SWITCHBOARD_BUNDLE_MAX_UNPACKED_MB: '64', SWITCHBOARD_BUNDLE_MAX_RATIO: '250' }),
    ).toEqual({ maxUnpackedBytes: 64 * MIB, maxRatio: 250 });
    expect(
      unpackLimitsFrom({ SWITCHBOARD_BUNDLE_MAX_UNPACKED_MB: 'lots', SWITCHBOARD_BUNDLE_MAX_RATIO: '-1' }),
    ).toEqual({});
    expect(unpackLimitsFrom({})).toEqual({});
  });
});
