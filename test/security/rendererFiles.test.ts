// The app scheme's path resolution: only regular files inside the renderer folder, whatever the request says.
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf, rendererPathOf, resolveRendererFile } from '../../src/main/security/rendererFiles';

let base: string;
let root: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'renderer-files-')));
  root = join(base, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html>');
  await writeFile(join(root, 'assets', 'app.js'), 'export {}');
  await writeFile(join(root, 'assets', 'a b.css'), 'body{}');
  await writeFile(join(root, '.hidden'), 'hidden');
  await writeFile(join(base, 'secret.txt'), 'outside the renderer');
  await mkdir(join(base, 'renderer-evil'));
  await writeFile(join(base, 'renderer-evil', 'x.js'), 'sibling folder with the same prefix');
  await symlink(join(base, 'secret.txt'), join(root, 'assets', 'leak.js'));
  await symlink(base, join(root, 'up'));
  await symlink(join(root, 'assets', 'app.js'), join(root, 'assets', 'alias.js'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('resolveRendererFile', () => {
  it('serves index.html for / and files by their path', async () => {
    expect(await resolveRendererFile(root, '/')).toBe(join(root, 'index.html'));
    expect(await resolveRendererFile(root, '/index.html')).toBe(join(root, 'index.html'));
    expect(await resolveRendererFile(root, '/assets/app.js')).toBe(join(root, 'assets', 'app.js'));
  });

  it('decodes ordinary percent-encoding in names', async () => {
    expect(await resolveRendererFile(root, '/assets/a%20b.css')).toBe(join(root, 'assets', 'a b.css'));
  });

  it('refuses dot-dot segments, plain or percent-encoded', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/.%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/./index.html',
      '/%2e/index.html',
    ]) {
      expect(await resolveRendererFile(root, path), path).toBeNull();
    }
  });

  it('refuses encoded slashes and backslashes, and any backslash', async () => {
    for (const path of [
      '/..%2fsecret.txt',
      '/..%2Fsecret.txt',
      '/assets%2fapp.js',
      '/..%5csecret.txt',
      '/..%5Csecret.txt',
      '/..\\secret.txt',
      '/assets\\app.js',
    ]) {
      expect(await resolveRendererFile(root, path), path).toBeNull();
    }
  });

  it('refuses absolute paths in any form', async () => {
    for (const path of [
      `/${join(base, 'secret.txt')}`,
      `${join(base, 'secret.txt')}`,
      `//${base.slice(1)}/secret.txt`,
      '/C:/Windows/win.ini',
      '/c%3A/Windows/win.ini',
      '/%2Fetc/passwd',
      'secret.txt',
    ]) {
      expect(await resolveRendererFile(root, path), path).toBeNull();
    }
  });

  it('refuses NUL and other control characters', async () => {
    for (const path of ['/index.html%00.js', '/index.html\u0000', '/assets/app.js%0a', '/%09index.html']) {
      expect(await resolveRendererFile(root, path), JSON.stringify(path)).toBeNull();
    }
  });

  it('refuses malformed percent-encoding and over-long paths', async () => {
    expect(await resolveRendererFile(root, '/%E0%A4%A')).toBeNull();
    expect(await resolveRendererFile(root, `/${'a/'.repeat(600)}index.html`)).toBeNull();
  });

  it('refuses hidden names, folders and files that do not exist', async () => {
    expect(await resolveRendererFile(root, '/.hidden')).toBeNull();
    expect(await resolveRendererFile(root, '/assets')).toBeNull();
    expect(await resolveRendererFile(root, '/assets/')).toBeNull();
    expect(await resolveRendererFile(root, '/missing.js')).toBeNull();
  });

  it('refuses links that lead out of the folder, and follows those that stay inside', async () => {
    expect(await resolveRendererFile(root, '/assets/leak.js')).toBeNull();
    expect(await resolveRendererFile(root, '/up/secret.txt')).toBeNull();
    expect(await resolveRendererFile(root, '/assets/alias.js')).toBe(join(root, 'assets', 'app.js'));
  });

  it('does not take a sibling folder that merely shares the prefix for the root', () => {
    expect(rendererPathOf(root, '/../renderer-evil/x.js')).toBeNull();
    expect(rendererPathOf(root, '/%2e%2e/renderer-evil/x.js')).toBeNull();
  });
});

describe('contentTypeOf', () => {
  it('names the types the renderer ships, and nothing guessable otherwise', () => {
    expect(contentTypeOf('/r/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('/r/assets/editor.worker-1.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('/r/assets/codicon.TTF')).toBe('font/ttf');
    expect(contentTypeOf('/r/assets/unknown.bin')).toBe('application/octet-stream');
  });
});
