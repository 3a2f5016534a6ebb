// A bundle's zip unpacked entry by entry: the same files as the mcpb library's own unpack, links and set-id bits
// neutralised, and duplicate names refused.
import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { unpackExtension } from '@anthropic-ai/mcpb';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unpackBundle } from '../../src/main/bundles/bundleFile';
import { manifest } from './bundleBuilder';
import { rawZip, textEntry } from './rawZip';

let root: string;
let bundlesDir: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'switchboard-bundle-zip-'));
  bundlesDir = join(root, 'bundles');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const UNIX = 3;
const manifestBytes = () => Buffer.from(JSON.stringify(manifest()));
/** A zip entry made on Unix with `mode` (type and permission bits) as its external attributes. */
const withMode = (data: Buffer, mode: number): [Buffer, { os: number; attrs: number }] => [
  data,
  { os: UNIX, attrs: (mode << 16) >>> 0 },
];

/** Every file under `dir`: its path, its bytes and whether its owner may run it. */
function tree(dir: string): [string, string, boolean][] {
  const files: [string, string, boolean][] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const info = statSync(path);
      if (info.isDirectory()) walk(path);
      else
        files.push([relative(dir, path), readFileSync(path).toString('base64'), (info.mode & 0o100) !== 0]);
    }
  };
  walk(dir);
  return files;
}

describe('unpacking a bundle entry by entry', () => {
  it('gives the same files as the mcpb library’s own unpack for an ordinary bundle', async () => {
    const binary = Buffer.from(Array.from({ length: 70_000 }, (_, index) => (index * 7919) % 256));
    const bytes = Buffer.from(
      zipSync({
        'manifest.json': manifestBytes(),
        'server/index.js': Buffer.from('console.log("hello")\n'.repeat(500)),
        'server/lib/deep/nested/util.js': Buffer.from('export const x = 1;\n'),
        'server/empty.txt': new Uint8Array(0),
        'server/run.sh': withMode(Buffer.from('#!/bin/sh\necho hi\n'), 0o100755),
        'assets/icon.png': [binary, { level: 0 }],
        'README.md': Buffer.from('# Hello\n'),
      }),
    );
    const opened = await unpackBundle(bytes, bundlesDir, 'linux');
    const file = join(root, 'hello.mcpb');
    await writeFile(file, bytes);
    const library = join(root, 'library');
    expect(await unpackExtension({ mcpbPath: file, outputDir: library, silent: true })).toBe(true);

    const ours = tree(join(opened.staging, 'files'));
    expect(ours).toEqual(tree(library));
    expect(ours.map(([path]) => path)).toContain('server/lib/deep/nested/util.js');
    expect(ours.find(([path]) => path === 'server/run.sh')?.[2]).toBe(true);
  });

  it('writes a link as a plain file holding its target, so nothing can be written through it', async () => {
    const link = (target: string) => withMode(Buffer.from(target), 0o120777);
    const plain = await unpackBundle(
      Buffer.from(zipSync({ 'manifest.json': manifestBytes(), 'server/passwd': link('/etc/passwd') })),
      bundlesDir,
      'linux',
    );
    const written = join(plain.staging, 'files', 'server', 'passwd');
    expect(lstatSync(written).isSymbolicLink()).toBe(false);
    expect(readFileSync(written, 'utf8')).toBe('/etc/passwd');
    expect(lstatSync(written).mode & 0o111).toBe(0);

    // A link to a folder outside, then a file "inside" it: the link is a file, so the second write fails.
    const through = Buffer.from(
      zipSync({
        'manifest.json': manifestBytes(),
        escape: link(root),
        'escape/evil.txt': Buffer.from('pwned'),
      }),
    );
    await expect(unpackBundle(through, bundlesDir, 'linux')).rejects.toThrow(/could not be unpacked/);
    expect(readdirSync(root)).toEqual(['bundles']);
    expect(readdirSync(bundlesDir)).toEqual([basename(plain.staging)]);
  });

  it('drops set-user-id, set-group-id and sticky bits and write access for others, keeping only whether a file runs', async () => {
    const bytes = Buffer.from(
      zipSync({
        'manifest.json': manifestBytes(),
        'bin/setuid': withMode(Buffer.from('x'), 0o104755),
        'bin/setgid': withMode(Buffer.from('x'), 0o102755),
        'bin/open': withMode(Buffer.from('x'), 0o101777),
        'data/shared.txt': withMode(Buffer.from('x'), 0o100666),
      }),
    );
    const opened = await unpackBundle(bytes, bundlesDir, 'linux');
    const mode = (path: string) => statSync(join(opened.staging, 'files', path)).mode & 0o7777;
    for (const file of ['bin/setuid', 'bin/setgid', 'bin/open']) {
      expect([file, mode(file) & 0o7022]).toEqual([file, 0]);
      expect([file, mode(file) & 0o100]).toEqual([file, 0o100]);
    }
    expect(mode('data/shared.txt') & 0o7133).toBe(0);
  });

  it('refuses a zip with two entries of the same name, such as a second manifest.json', async () => {
    const bytes = rawZip([
      textEntry('manifest.json', JSON.stringify(manifest())),
      textEntry('server/index.js', 'ok'),
      textEntry('manifest.json', JSON.stringify(manifest({ name: 'other' }))),
    ]);
    await expect(unpackBundle(bytes, bundlesDir, 'linux')).rejects.toThrow(
      'The bundle has two files named "manifest.json". It may be an attack; nothing was unpacked.',
    );
    expect(readdirSync(root)).toEqual([]);
  });

  it('refuses a file that does not inflate, or holds less than its directory says, as damaged', async () => {
    const garbage = {
      ...textEntry('server/index.js', 'x'.repeat(100)),
      deflated: Buffer.from([0xff, 0xff, 0xff]),
    };
    await expect(
      unpackBundle(
        rawZip([textEntry('manifest.json', JSON.stringify(manifest())), garbage]),
        bundlesDir,
        'linux',
      ),
    ).rejects.toThrow(/^The bundle could not be unpacked: server\/index\.js: it is damaged \(/);
    const short = { ...textEntry('server/index.js', 'short'), claimedSize: 500 };
    await expect(
      unpackBundle(
        rawZip([textEntry('manifest.json', JSON.stringify(manifest())), short]),
        bundlesDir,
        'linux',
      ),
    ).rejects.toThrow(
      'The bundle could not be unpacked: server/index.js: it is damaged (it holds less than its zip says).',
    );
    expect(readdirSync(bundlesDir)).toEqual([]);
  });
});
