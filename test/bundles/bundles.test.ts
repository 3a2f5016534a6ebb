// .mcpb bundles: unpacked only when every path stays inside, the manifest is valid and the platform fits; user_config resolved.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundleFields, planBundle } from '../../src/main/bundles/bundleEntry';
import { unpackBundle } from '../../src/main/bundles/bundleFile';
import { placeBundle, sweepStaging } from '../../src/main/bundles/bundleFolders';
import { bundle, manifest, v } from './bundleBuilder';

let root: string;
let bundlesDir: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'switchboard-bundles-'));
  bundlesDir = join(root, 'data', 'bundles');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const input = (id: string) => ['$', `{input:${id}}`].join('');

describe('.mcpb bundles', () => {
  it('unpacks a valid bundle into staging, says it is unsigned, resolves its config, and installs it into <name>/<version>+<sha256>', async () => {
    const bytes = bundle(manifest(), { 'server/index.js': 'console.log("hi")' });
    const opened = await unpackBundle(bytes, bundlesDir, 'linux');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(opened.sha256).toBe(sha256);
    expect(opened.dir).toBe(join(bundlesDir, 'hello-bundle', `1.0.0+${sha256}`));
    expect(readFileSync(join(opened.staging, 'files', 'server', 'index.js'), 'utf8')).toBe(
      'console.log("hi")',
    );
    expect(opened.signature).toEqual({ status: 'unsigned' });
    // Opening puts nothing where installed bundles are: only its staging folder, with only the files.
    expect(readdirSync(bundlesDir)).toEqual([basename(opened.staging)]);
    expect(readdirSync(opened.staging)).toEqual(['files']);

    expect(
      bundleFields(opened.manifest).map((field) => [field.key, field.required, field.sensitive]),
    ).toEqual([
      ['token', true, true],
      ['greeting', false, false],
    ]);
    await expect(planBundle(opened.manifest, opened.dir, {}, 'hello')).rejects.toThrow(/Token is required/);
    const plan = await planBundle(opened.manifest, opened.dir, { token: 'tok-secret' }, 'hello');
    expect(plan.entry).toEqual({
      command: 'node',
      args: [join(opened.dir, 'server/index.js'), '--greeting', 'hello'],
      env: { HELLO_TOKEN: input('hello.token'), HELLO_HOME: homedir() },
      cwd: opened.dir,
    });
    expect(JSON.stringify(plan.entry)).not.toContain('tok-secret');
    expect([...plan.secrets]).toEqual([['hello.token', 'tok-secret']]);

    await placeBundle(join(opened.staging, 'files'), opened.dir);
    expect(readFileSync(join(opened.dir, 'server', 'index.js'), 'utf8')).toBe('console.log("hi")');
  });

  it('gives a second bundle of the same name and version a folder of its own, and never replaces an installed one', async () => {
    // Zips carry the time they were made: the same bytes are built once.
    const firstBytes = bundle(manifest(), { 'server/index.js': 'first' });
    const first = await unpackBundle(firstBytes, bundlesDir, 'linux');
    await placeBundle(join(first.staging, 'files'), first.dir);
    const code = join(first.dir, 'server', 'index.js');
    const before = statSync(code);

    const second = await unpackBundle(
      bundle(manifest(), { 'server/index.js': 'second' }),
      bundlesDir,
      'linux',
    );
    expect(second.dir).not.toBe(first.dir);
    await placeBundle(join(second.staging, 'files'), second.dir);
    expect(readFileSync(code, 'utf8')).toBe('first');
    expect(statSync(code).ino).toBe(before.ino);
    expect(readFileSync(join(second.dir, 'server', 'index.js'), 'utf8')).toBe('second');

    // The same bytes again land on the same folder, which is kept as it is.
    const again = await unpackBundle(firstBytes, bundlesDir, 'linux');
    expect(again.dir).toBe(first.dir);
    await placeBundle(join(again.staging, 'files'), again.dir);
    expect(statSync(code).ino).toBe(before.ino);
  });

  it("uses this platform's overrides", async () => {
    const overridden = manifest();
    const server = overridden.server as { mcp_config: Record<string, unknown> };
    server.mcp_config.platform_overrides = {
      [process.platform]: { command: 'node-for-here', args: [`${v('__dirname')}/here.js`] },
      [process.platform === 'win32' ? 'linux' : 'win32']: { command: 'elsewhere.exe' },
    };
    const opened = await unpackBundle(bundle(overridden), bundlesDir);
    const plan = await planBundle(opened.manifest, opened.dir, { token: 't' }, 'hello');
    expect(plan.entry.command).toBe('node-for-here');
    expect(plan.entry.args).toEqual([join(opened.dir, 'here.js')]);
  });

  it('refuses a bundle with a path that leaves its folder, writing nothing', async () => {
    for (const evil of [
      '../evil.txt',
      'server/../../evil.txt',
      '/tmp/evil.txt',
      'C:\\evil.txt',
      'C:/evil.txt',
      '..\\evil.txt',
      'server\\..\\..\\evil.txt',
      '\\\\host\\share\\evil.txt',
      'evil.txt\0.js',
    ]) {
      const bytes = bundle(manifest(), { 'server/index.js': 'ok', [evil]: 'pwned' });
      await expect(unpackBundle(bytes, bundlesDir, 'linux')).rejects.toThrow(/leaves its folder/);
    }
    expect(existsSync(bundlesDir) ? readdirSync(bundlesDir) : []).toEqual([]);
    expect(existsSync(join(root, 'data', 'evil.txt'))).toBe(false);
    expect(existsSync(join(root, 'evil.txt'))).toBe(false);
  });

  it('refuses bad manifests, saying what is wrong', async () => {
    await expect(unpackBundle(bundle('{ not json'), bundlesDir)).rejects.toThrow(/not valid JSON/);
    await expect(unpackBundle(bundle({ name: 'x' }), bundlesDir)).rejects.toThrow(/manifest_version/);
    const noAuthor = manifest();
    delete noAuthor.author;
    await expect(unpackBundle(bundle(noAuthor), bundlesDir)).rejects.toThrow(/not valid: author/);
    await expect(unpackBundle(bundle(manifest({ server: { type: 'ruby' } })), bundlesDir)).rejects.toThrow(
      /not valid: server/,
    );
    await expect(unpackBundle(Buffer.from('not a zip at all'), bundlesDir)).rejects.toThrow(
      /not a .mcpb bundle/,
    );
    const noManifest = Buffer.from(zipSync({ 'server/index.js': Buffer.from('x') }));
    await expect(unpackBundle(noManifest, bundlesDir)).rejects.toThrow(/no manifest.json/);
    expect(existsSync(join(bundlesDir, 'hello-bundle'))).toBe(false);
  });

  it('refuses a bundle made for other platforms', async () => {
    const macOnly = manifest({ compatibility: { platforms: ['darwin', 'win32'] } });
    await expect(unpackBundle(bundle(macOnly), bundlesDir, 'linux')).rejects.toThrow(
      'Hello bundle is made for macOS and Windows only, not Linux. It was not installed.',
    );
    expect(existsSync(join(bundlesDir, 'hello-bundle'))).toBe(false);
    await expect(unpackBundle(bundle(macOnly), bundlesDir, 'darwin')).resolves.toMatchObject({
      manifest: { name: 'hello-bundle' },
    });
  });

  it('sweeps staging folders an earlier run left once they are an hour old, and nothing else', async () => {
    const old = await unpackBundle(bundle(manifest(), { 'server/index.js': 'old' }), bundlesDir, 'linux');
    const fresh = await unpackBundle(bundle(manifest(), { 'server/index.js': 'new' }), bundlesDir, 'linux');
    const installed = await unpackBundle(bundle(manifest(), { 'server/index.js': 'x' }), bundlesDir, 'linux');
    await placeBundle(join(installed.staging, 'files'), installed.dir);
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await utimes(old.staging, hoursAgo, hoursAgo);
    await utimes(join(bundlesDir, 'hello-bundle'), hoursAgo, hoursAgo);

    await sweepStaging(bundlesDir);
    expect(existsSync(old.staging)).toBe(false);
    expect(existsSync(fresh.staging)).toBe(true);
    expect(readFileSync(join(installed.dir, 'server', 'index.js'), 'utf8')).toBe('x');
  });
});
