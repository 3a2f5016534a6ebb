// paths.ts: the one gate between a requested path and the disk — syntax checks on both platforms, and real resolution.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, PathRefusal } from '../../src/workspace/errors';
import {
  displayPath,
  isInside,
  parseRequestedPath,
  type RootPath,
  resolveInRoots,
  shown,
} from '../../src/workspace/paths';
import { foldersFromRoots } from '../../src/workspace/roots';
import { link, removeAll, tempFolder, writeTree } from './harness';

const refusal = (input: string, flavor: 'posix' | 'win32' = 'posix') => {
  try {
    parseRequestedPath(input, flavor);
  } catch (error) {
    expect(error).toBeInstanceOf(PathRefusal);
    return (error as Error).message;
  }
  throw new Error(`${JSON.stringify(input)} was not refused`);
};

describe('parseRequestedPath on POSIX', () => {
  it('takes plain paths literally', () => {
    expect(parseRequestedPath('src/index.ts', 'posix')).toBe('src/index.ts');
    expect(parseRequestedPath('/home/me/project', 'posix')).toBe('/home/me/project');
    expect(parseRequestedPath('100% done.txt', 'posix')).toBe('100% done.txt');
    expect(parseRequestedPath('a%20b.txt', 'posix')).toBe('a%20b.txt');
    expect(parseRequestedPath('', 'posix')).toBe('.');
    expect(parseRequestedPath('../x', 'posix')).toBe('../x');
  });

  it('refuses encoded dots and separators in plain paths', () => {
    expect(refusal('%2e%2e/etc/passwd')).toContain('percent-encoded dots or separators');
    expect(refusal('..%2f..%2fetc')).toContain('percent-encoded');
    expect(refusal('%2E%2E%5Cwin')).toContain('percent-encoded');
    expect(refusal('a%00b')).toContain('percent-encoded');
  });

  it('decodes file:// URIs exactly once', () => {
    expect(parseRequestedPath('file:///tmp/a%20b.txt', 'posix')).toBe('/tmp/a b.txt');
    expect(parseRequestedPath('file://localhost/tmp/x', 'posix')).toBe('/tmp/x');
    expect(parseRequestedPath('FILE:///tmp/%C3%A9t%C3%A9.md', 'posix')).toBe('/tmp/été.md');
    expect(parseRequestedPath('file:///tmp/../etc', 'posix')).toBe('/tmp/../etc');
  });

  it('refuses URI tricks', () => {
    expect(refusal('file:///tmp/%2e%2e/etc/passwd')).toContain("hides '..'");
    expect(refusal('file:///tmp/.%2E/etc/passwd')).toContain("hides '..'");
    expect(refusal('file:///tmp/%2e/x')).toContain("hides '.'");
    expect(refusal('file:///tmp/..%2fetc/passwd')).toContain('encoded separator');
    expect(refusal('file:///tmp/a%2Fb')).toContain('encoded separator');
    expect(refusal('file:///tmp/a%5cb')).toContain('encoded separator');
    expect(refusal('file:///tmp/%252e%252e/etc')).toContain('encoded twice');
    expect(refusal('file:///tmp/%00')).toContain('NUL');
    expect(refusal('file:///tmp/%E0%A4%A')).toContain('not correctly percent-encoded');
    expect(refusal('file://evil.example/share/x')).toContain('another computer');
    expect(refusal('file:///tmp/x?raw=1')).toContain('query or fragment');
    expect(refusal('file:///tmp/x#top')).toContain('query or fragment');
    expect(refusal('file:relative/x')).toContain('not a valid file:// URI');
  });

  it('refuses NUL bytes and the other platform’s paths', () => {
    expect(refusal('a\0b')).toContain('NUL byte');
    expect(refusal('..\\..\\etc\\passwd')).toContain('backslashes');
    expect(refusal('C:/Windows/win.ini')).toContain('Windows drive');
    expect(refusal('//server/share/x')).toContain('network path');
  });
});

describe('parseRequestedPath on Windows', () => {
  it('accepts drive paths and drive URIs', () => {
    expect(parseRequestedPath('C:\\Users\\me\\notes.txt', 'win32')).toBe('C:\\Users\\me\\notes.txt');
    expect(parseRequestedPath('src\\index.ts', 'win32')).toBe('src\\index.ts');
    expect(parseRequestedPath('file:///C:/Users/me/a%20b.txt', 'win32')).toBe('C:/Users/me/a b.txt');
  });

  it('refuses UNC, device, drive-relative, stream and reserved-name tricks', () => {
    expect(refusal('\\\\server\\share\\x', 'win32')).toContain('network or device path');
    expect(refusal('\\\\?\\C:\\Windows', 'win32')).toContain('network or device path');
    expect(refusal('\\\\.\\PhysicalDrive0', 'win32')).toContain('network or device path');
    expect(refusal('//server/share', 'win32')).toContain('network or device path');
    expect(refusal('C:secret.txt', 'win32')).toContain('drive without a folder');
    expect(refusal('notes.txt:hidden', 'win32')).toContain('alternate data stream');
    expect(refusal('NUL', 'win32')).toContain('reserved Windows device');
    expect(refusal('logs\\con.txt', 'win32')).toContain('reserved Windows device');
    expect(refusal('sub/aux', 'win32')).toContain('reserved Windows device');
    expect(refusal('.. \\secret', 'win32')).toContain('ending in a dot or space');
    expect(refusal('folder.\\x', 'win32')).toContain('ending in a dot or space');
    expect(refusal('file://server/share/x', 'win32')).toContain('another computer');
  });
});

describe('isInside', () => {
  it('compares whole path segments', () => {
    expect(isInside('/a/b', '/a/b', 'posix')).toBe(true);
    expect(isInside('/a/b', '/a/b/c/d', 'posix')).toBe(true);
    expect(isInside('/a/b', '/a/b/..c', 'posix')).toBe(true);
    expect(isInside('/a/b', '/a/bc', 'posix')).toBe(false);
    expect(isInside('/a/b', '/a', 'posix')).toBe(false);
    expect(isInside('/a/b', '/a/b/../c', 'posix')).toBe(false);
  });

  it('knows Windows drives and letter case', () => {
    expect(isInside('C:\\Work', 'c:\\work\\x.txt', 'win32')).toBe(true);
    expect(isInside('C:\\Work', 'D:\\Work\\x.txt', 'win32')).toBe(false);
    expect(isInside('C:\\Work', 'C:\\Workshop', 'win32')).toBe(false);
  });
});

it('shown() strips control characters and shortens long input', () => {
  expect(shown('a\nb\u0007')).toBe('a?b?');
  expect(shown('x'.repeat(300))).toHaveLength(200);
});

describe('resolveInRoots against a real tree', () => {
  let base: string;
  let first: string;
  let second: string;
  let outside: string;
  let roots: RootPath[];

  beforeAll(async () => {
    base = await tempFolder('ws-paths-');
    first = path.join(base, 'first');
    second = path.join(base, 'second');
    outside = path.join(base, 'outside');
    await writeTree(base, {
      'first/a.txt': 'a',
      'first/sub/b.txt': 'b',
      'second/c.txt': 'c',
      'outside/secret.txt': 'secret',
    });
    await mkdir(path.join(outside, 'dir'));
    await link(first, 'to-secret', path.join(outside, 'secret.txt'));
    await link(first, 'to-outside', outside);
    await link(first, 'to-a', path.join(first, 'a.txt'));
    await link(first, 'dangling', path.join(outside, 'missing.txt'));
    await link(base, 'alias', first);
    roots = await foldersFromRoots([
      { uri: pathToFileURL(path.join(base, 'alias')).href },
      { uri: pathToFileURL(second).href },
    ]);
  });

  afterAll(() => removeAll(base));

  const refused = async (input: string, intent: 'read' | 'write' = 'read') => {
    const error = await resolveInRoots(input, roots, intent).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error, input).toBeInstanceOf(PathRefusal);
    return (error as Error).message;
  };

  it('keeps the given and the real path of a root', () => {
    expect(roots).toEqual([
      { given: path.join(base, 'alias'), real: first },
      { given: second, real: second },
    ]);
  });

  it('resolves relative paths against the first root and absolute ones in any root', async () => {
    expect(await resolveInRoots('a.txt', roots)).toBe(path.join(first, 'a.txt'));
    expect(await resolveInRoots('./sub/../a.txt', roots)).toBe(path.join(first, 'a.txt'));
    expect(await resolveInRoots(path.join(second, 'c.txt'), roots)).toBe(path.join(second, 'c.txt'));
    expect(await resolveInRoots(path.join(base, 'alias', 'sub', 'b.txt'), roots)).toBe(
      path.join(first, 'sub/b.txt'),
    );
    expect(await resolveInRoots(pathToFileURL(path.join(first, 'sub', 'b.txt')).href, roots)).toBe(
      path.join(first, 'sub/b.txt'),
    );
    expect(await resolveInRoots('', roots)).toBe(first);
  });

  it('follows links that stay inside', async () => {
    expect(await resolveInRoots('to-a', roots)).toBe(path.join(first, 'a.txt'));
  });

  it('refuses escapes with .., absolute paths and URIs outside the roots', async () => {
    expect(await refused('../outside/secret.txt')).toBe(
      'The path ../outside/secret.txt is outside the shared folders.',
    );
    expect(await refused('sub/../../outside/secret.txt')).toContain('outside the shared folders');
    expect(await refused(path.join(outside, 'secret.txt'))).toContain('outside the shared folders');
    expect(await refused('/etc/passwd')).toContain('outside the shared folders');
    expect(await refused(pathToFileURL(path.join(outside, 'secret.txt')).href)).toContain('outside');
    expect(await refused(`${pathToFileURL(first).href}/%2e%2e/outside/secret.txt`)).toContain("hides '..'");
    expect(await refused('%2e%2e/outside/secret.txt')).toContain('percent-encoded');
  });

  it('refuses links that lead out, for reading and writing, without telling what is there', async () => {
    expect(await refused('to-secret')).toContain('through a link');
    expect(await refused('to-outside/secret.txt')).toContain('through a link');
    expect(await refused('to-outside/nothing-here.txt')).toContain('through a link');
    expect(await refused('to-outside/secret.txt/below')).toContain('through a link');
    expect(await refused('to-outside/new.txt', 'write')).toContain('through a link');
    expect(await refused('to-outside/dir/deeper/new.txt', 'write')).toContain('through a link');
    expect(await refused('to-secret', 'write')).toContain('through a link');
    expect(await refused('dangling', 'write')).toContain('link to something that does not exist');
  });

  it('reports a missing file for reading, and allows it (and missing folders) for writing', async () => {
    await expect(resolveInRoots('missing.txt', roots)).rejects.toBeInstanceOf(NotFoundError);
    expect(await resolveInRoots('missing.txt', roots, 'write')).toBe(path.join(first, 'missing.txt'));
    expect(await resolveInRoots('new/deep/file.txt', roots, 'write')).toBe(
      path.join(first, 'new/deep/file.txt'),
    );
  });

  it('refuses everything when no folder is shared', async () => {
    await expect(resolveInRoots('a.txt', [])).rejects.toThrow('No folders are shared yet. Add one in Roots.');
  });

  it('shows paths relative to the first root and absolute in the others', () => {
    expect(displayPath(path.join(first, 'sub', 'b.txt'), roots)).toBe('sub/b.txt');
    expect(displayPath(first, roots)).toBe('.');
    expect(displayPath(path.join(second, 'c.txt'), roots)).toBe(path.join(second, 'c.txt'));
  });

  it('drops roots that are not local folders', async () => {
    const folders = await foldersFromRoots([
      { uri: 'https://example.com/x' },
      { uri: pathToFileURL(path.join(first, 'a.txt')).href },
      { uri: pathToFileURL(path.join(base, 'gone')).href },
      { uri: pathToFileURL(second).href },
      { uri: pathToFileURL(second).href },
    ]);
    expect(folders.map((folder) => folder.real)).toEqual([second]);
  });
});
