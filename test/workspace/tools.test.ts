// The workspace file tools over the protocol: what they list, read, find and write, and what they refuse.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWorkspace, type Harness, link, removeAll, tempFolder, textOf, writeTree } from './harness';

let root: string;
let second: string;
let outside: string;
let host: Harness;

beforeAll(async () => {
  root = await tempFolder('ws-root-');
  second = await tempFolder('ws-second-');
  outside = await tempFolder('ws-outside-');
  await writeTree(outside, { 'secret.txt': 'top secret', 'dir/keep.txt': 'outside file' });
  await writeTree(root, {
    'README.md': '# Project\nHello workspace\n',
    'src/index.ts': 'export const answer = 42;\n',
    'src/util.ts': 'export function needle() {}\n',
    'node_modules/pkg/index.js': 'needle',
    '.git/config': '[core]',
    'image.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]),
  });
  await writeTree(second, { 'other.txt': 'second root needle' });
  await link(root, 'link-out', path.join(outside, 'secret.txt'));
  await link(root, 'link-out-dir', path.join(outside, 'dir'));
  await link(root, 'link-in', path.join(root, 'README.md'));
  host = await connectWorkspace({ roots: [root, second] });
});

afterAll(async () => {
  await host.close();
  await removeAll(root, second, outside);
});

describe('the tool list', () => {
  it('annotates read-only tools and write_file as destructive', async () => {
    const { tools } = await host.client.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName).sort()).toEqual([
      'create_note',
      'list_files',
      'read_file',
      'search_files',
      'summarize_file',
      'write_file',
    ]);
    for (const name of ['list_files', 'read_file', 'search_files']) {
      expect(byName[name]?.annotations?.readOnlyHint, name).toBe(true);
    }
    expect(byName.write_file?.annotations?.destructiveHint).toBe(true);
    expect(byName.write_file?.annotations?.readOnlyHint).toBe(false);
  });

  it('introduces itself as the workspace', () => {
    expect(host.client.getServerVersion()).toMatchObject({
      name: 'switchboard-workspace',
      title: 'Workspace',
    });
    expect(host.client.getInstructions()).toContain('only the folders the person shared');
  });
});

describe('list_files', () => {
  it('lists every shared folder without ignored folders', async () => {
    const text = textOf(await host.call('list_files'));
    expect(text).toContain('README.md (');
    expect(text).toContain('src/');
    expect(text).toContain(path.join(second, 'other.txt'));
    expect(text).toContain('link-out (link)');
    expect(text).not.toContain('node_modules');
    expect(text).not.toContain('.git');
  });

  it('lists a subfolder recursively', async () => {
    const text = textOf(await host.call('list_files', { path: 'src', recursive: true }));
    expect(text).toContain('src/index.ts');
    expect(text).toContain('src/util.ts');
  });

  it('refuses a folder outside the roots', async () => {
    const result = await host.call('list_files', { path: outside });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('outside the shared folders');
  });
});

describe('read_file', () => {
  it('reads text relative to the first root, by absolute path and by URI', async () => {
    expect(textOf(await host.call('read_file', { path: 'README.md' }))).toContain('Hello workspace');
    expect(textOf(await host.call('read_file', { path: path.join(second, 'other.txt') }))).toBe(
      'second root needle',
    );
    const uri = pathToFileURL(path.join(root, 'src', 'index.ts')).href;
    expect(textOf(await host.call('read_file', { path: uri }))).toContain('answer = 42');
  });

  it('follows a link that stays inside', async () => {
    expect(textOf(await host.call('read_file', { path: 'link-in' }))).toContain('Hello workspace');
  });

  it('returns an image as an image block', async () => {
    const result = await host.call('read_file', { path: 'image.png' });
    expect(result.content[0]).toMatchObject({ type: 'image', mimeType: 'image/png' });
  });

  it('says plainly when the file does not exist', async () => {
    const result = await host.call('read_file', { path: 'nope.txt' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Nothing exists at nope.txt.');
  });
});

const traversals = (outsideDir: string) => [
  { path: '../etc/passwd', says: 'The path ../etc/passwd is outside the shared folders.' },
  { path: `../${path.basename(outsideDir)}/secret.txt`, says: 'outside the shared folders' },
  { path: path.join(outsideDir, 'secret.txt'), says: 'outside the shared folders' },
  { path: 'link-out', says: 'outside the shared folders through a link' },
  { path: '%2e%2e/%2e%2e/etc/passwd', says: 'percent-encoded' },
  { path: '..%2f..%2fetc%2fpasswd', says: 'percent-encoded' },
  { path: pathToFileURL(path.join(outsideDir, 'secret.txt')).href, says: 'outside the shared folders' },
  { path: 'file:///%2e%2e/etc/passwd', says: "hides '..'" },
  { path: 'file:///tmp/..%2fetc/passwd', says: 'encoded separator' },
  { path: 'src/\0/x', says: 'NUL byte' },
  { path: 'C:\\Windows\\win.ini', says: 'backslashes' },
  { path: '//server/share/file', says: 'network path' },
];

describe('refusals', () => {
  it('read_file refuses every escape with a plain message', async () => {
    for (const attempt of traversals(outside)) {
      const result = await host.call('read_file', { path: attempt.path });
      expect(result.isError, attempt.path).toBe(true);
      expect(textOf(result), attempt.path).toContain(attempt.says);
    }
  });

  it('write_file refuses every escape and writes nothing outside', async () => {
    for (const attempt of traversals(outside)) {
      const result = await host.call('write_file', { path: attempt.path, content: 'pwned' });
      expect(result.isError, attempt.path).toBe(true);
      expect(textOf(result), attempt.path).toContain(attempt.says);
    }
    const through = await host.call('write_file', { path: 'link-out-dir/new.txt', content: 'pwned' });
    expect(through.isError).toBe(true);
    expect(textOf(through)).toContain('through a link');
    await expect(stat(path.join(outside, 'dir', 'new.txt'))).rejects.toThrow();
    expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('top secret');
  });

  it('write_file does not write into .git', async () => {
    const result = await host.call('write_file', { path: '.git/hooks/pre-commit', content: 'rm -rf /' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('.git folder');
  });
});

describe('write_file', () => {
  it('creates a file and its folders inside the root, then replaces it', async () => {
    const created = await host.call('write_file', { path: 'docs/new/plan.md', content: '# Plan\n' });
    expect(created.isError).toBeFalsy();
    expect(textOf(created)).toBe('Created docs/new/plan.md (7 bytes).');
    expect(await readFile(path.join(root, 'docs/new/plan.md'), 'utf8')).toBe('# Plan\n');
    const replaced = await host.call('write_file', { path: 'docs/new/plan.md', content: '# Plan 2\n' });
    expect(textOf(replaced)).toBe('Replaced docs/new/plan.md (9 bytes).');
  });

  it('writes into the second root by absolute path', async () => {
    const target = path.join(second, 'made.txt');
    const result = await host.call('write_file', { path: target, content: 'ok' });
    expect(result.isError).toBeFalsy();
    expect(await readFile(target, 'utf8')).toBe('ok');
  });
});

describe('search_files', () => {
  it('finds names and contents, skipping ignored folders', async () => {
    const text = textOf(await host.call('search_files', { query: 'needle' }));
    expect(text).toContain('src/util.ts:1: export function needle() {}');
    expect(text).toContain(`${path.join(second, 'other.txt')}:1: second root needle`);
    expect(text).not.toContain('node_modules');
    const byName = textOf(await host.call('search_files', { query: 'util', path: 'src' }));
    expect(byName.split('\n')).toContain('src/util.ts');
  });

  it('says when nothing matches', async () => {
    expect(textOf(await host.call('search_files', { query: 'zzz-not-there' }))).toBe(
      'Nothing matches "zzz-not-there".',
    );
  });
});

describe('without shared folders', () => {
  it('every file tool says no folder is shared', async () => {
    for (const roots of [[], null]) {
      const bare = await connectWorkspace({ roots });
      try {
        for (const [name, args] of [
          ['list_files', {}],
          ['read_file', { path: 'README.md' }],
          ['search_files', { query: 'x' }],
          ['write_file', { path: 'x.txt', content: 'x' }],
          ['summarize_file', { path: 'x.txt' }],
          ['create_note', {}],
        ] as const) {
          const result = await bare.call(name, args);
          expect(result.isError, name).toBe(true);
          expect(textOf(result), name).toBe('No folders are shared yet. Add one in Roots.');
        }
        expect((await bare.client.listResources()).resources).toEqual([]);
      } finally {
        await bare.close();
      }
    }
  });
});
