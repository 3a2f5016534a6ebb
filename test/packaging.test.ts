// What the installers carry, as electron-builder packs it from electron-builder.yml: the built app, of node_modules
// only sharp (a native module, which no bundle can hold) with the packages it loads, and outside the archive only the
// programs and native modules that cannot run from inside it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { init, parse } from 'es-module-lexer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
/** electron-builder's own parts, found where electron-builder finds them. */
const fromBuilder = createRequire(require.resolve('electron-builder'));
const fromBuilderLib = createRequire(fromBuilder.resolve('app-builder-lib'));
const root = resolve(import.meta.dirname, '..');

/** The one package the built host imports from node_modules: sharp ships a native binary per platform. */
const NATIVE = 'sharp';

/** sharp and what it loads: its dependencies, and its natives for this platform (`@img/sharp-*`) where installed. */
function nativePackages(): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', NATIVE, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  };
  const optional = Object.keys(manifest.optionalDependencies ?? {}).filter((name) =>
    existsSync(join(root, 'node_modules', name)),
  );
  return [NATIVE, ...Object.keys(manifest.dependencies ?? {}), ...optional];
}

/** The package a path in the archive belongs to (`@img/colour` for `/node_modules/@img/colour/index.js`); none for a scope's folder. */
function packageOf(file: string): string | undefined {
  const match = /^\/node_modules\/((?:@[^/]+\/)?[^/@][^/]*)/.exec(file);
  return match?.[1];
}

let work: string;

beforeAll(async () => {
  if (!existsSync(join(root, 'out', 'main', 'index.js')))
    throw new Error('The packaging test packs the built app: run `npm run build` first.');
  work = await mkdtemp(join(tmpdir(), 'switchboard-pack-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/**
 * Runs electron-builder on the project's own config for a Linux folder. Electron itself cannot be fetched
 * here: a stand-in folder takes its place (so its fuses are not flipped); everything else is electron-builder's.
 */
async function packedFiles(): Promise<string[]> {
  const { build, Platform } = require('electron-builder') as typeof import('electron-builder');
  const asar = fromBuilderLib('@electron/asar') as { listPackage(path: string, options: object): string[] };
  const electron = join(work, 'electron');
  await mkdir(electron);
  await writeFile(join(electron, 'electron'), '#!/bin/sh\n');
  await chmod(join(electron, 'electron'), 0o755);
  // What electron-builder says goes with a failure, not into the test output.
  const { setPrinter } = fromBuilder('builder-util') as {
    setPrinter(print: ((line: string) => void) | null): void;
  };
  const said: string[] = [];
  setPrinter((line) => said.push(line));
  try {
    await build({
      projectDir: root,
      targets: Platform.LINUX.createTarget('dir'),
      config: { directories: { output: join(work, 'dist') }, electronDist: electron, electronFuses: null },
      publish: 'never',
    });
  } catch (error) {
    throw new Error(`electron-builder failed: ${String(error)}\n${said.join('')}`);
  } finally {
    setPrinter(null);
  }
  const archive = join(work, 'dist', 'linux-unpacked', 'resources', 'app.asar');
  return asar.listPackage(archive, { isPack: false }).map((file) => file.replaceAll('\\', '/'));
}

/** Every file electron-builder left outside the archive, relative to its unpacked folder. */
function unpackedFiles(): string[] {
  const unpacked = join(work, 'dist', 'linux-unpacked', 'resources', 'app.asar.unpacked');
  if (!existsSync(unpacked)) return [];
  return readdirSync(unpacked, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(join(unpacked, file)).isFile())
    .map((file) => `/${file.replaceAll('\\', '/')}`)
    .sort();
}

describe('the packaged app', { timeout: 120_000 }, () => {
  it('holds the built app, package.json, and of node_modules only sharp and what it loads', async () => {
    const files = await packedFiles();
    expect(files).toEqual(expect.arrayContaining(['/package.json', '/out/main/index.js']));
    expect(files).toEqual(expect.arrayContaining(['/out/preload/index.cjs', '/out/renderer/index.html']));
    expect(files).toEqual(expect.arrayContaining([`/node_modules/${NATIVE}/package.json`]));
    const packages = new Set(files.flatMap((file) => packageOf(file) ?? []));
    expect([...packages].filter((name) => !nativePackages().includes(name))).toEqual([]);
    const elsewhere = files.filter(
      (file) => file !== '/package.json' && !/^\/(out|node_modules)(\/|$)/.test(file),
    );
    expect(elsewhere).toEqual([]);

    // The sandbox's seccomp helpers are programs the sandbox runs, and sharp's binaries load only from disk: they
    // alone are left outside the archive, where they can run, and nothing else is.
    const helpers = [
      '/out/main/vendor/seccomp/arm64/apply-seccomp',
      '/out/main/vendor/seccomp/x64/apply-seccomp',
    ];
    expect(files).toEqual(expect.arrayContaining(helpers));
    const outside = unpackedFiles();
    expect(outside.filter((file) => !file.startsWith('/node_modules/'))).toEqual(helpers);
    expect(outside).toEqual(expect.arrayContaining([`/node_modules/${NATIVE}/package.json`]));
    expect(
      [...new Set(outside.flatMap((file) => packageOf(file) ?? []))].filter(
        (name) => !nativePackages().includes(name),
      ),
    ).toEqual([]);
    const unpacked = join(work, 'dist', 'linux-unpacked', 'resources', 'app.asar.unpacked');
    for (const helper of helpers) expect(statSync(join(unpacked, helper)).mode & 0o111).not.toBe(0);
  });

  it('needs only sharp from node_modules: the built host imports Node, Electron, its own files and sharp', async () => {
    await init;
    const main = join(root, 'out', 'main');
    const files = readdirSync(main, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.js'),
    );
    const outside = new Set<string>();
    for (const file of files) {
      const [imports] = parse(readFileSync(join(main, file), 'utf8'));
      for (const { n: name } of imports) {
        if (name === undefined || name.startsWith('.') || name === 'electron' || name === NATIVE) continue;
        if (name.startsWith('node:') || builtinModules.includes(name)) continue;
        outside.add(`${file}: ${name}`);
      }
    }
    expect(files.length).toBeGreaterThan(3);
    expect([...outside]).toEqual([]);
  });
});
