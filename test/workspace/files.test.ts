// files.ts, search.ts, notes.ts and the resource cursor: ignore rules, mime types, size limits, search, note names.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkspaceError } from '../../src/workspace/errors';
import {
  BLOB_LIMIT,
  isIgnored,
  isIgnoredPath,
  isTextType,
  looksLikeText,
  mimeTypeOf,
  readContent,
  TEXT_LIMIT,
  walk,
} from '../../src/workspace/files';
import { noteMarkdown, parseTags, slugify } from '../../src/workspace/notes';
import { decodeCursor, encodeCursor } from '../../src/workspace/resources';
import { searchFiles } from '../../src/workspace/search';
import { formatSize } from '../../src/workspace/tools';
import { link, removeAll, tempFolder, writeTree } from './harness';

describe('mime types', () => {
  it('knows the common extensions, case-insensitively', () => {
    expect(mimeTypeOf('a.txt')).toBe('text/plain');
    expect(mimeTypeOf('README.MD')).toBe('text/markdown');
    expect(mimeTypeOf('x.json')).toBe('application/json');
    expect(mimeTypeOf('x.mjs')).toBe('text/javascript');
    expect(mimeTypeOf('x.tsx')).toBe('text/typescript');
    expect(mimeTypeOf('x.html')).toBe('text/html');
    expect(mimeTypeOf('x.css')).toBe('text/css');
    expect(mimeTypeOf('x.py')).toBe('text/x-python');
    expect(mimeTypeOf('x.png')).toBe('image/png');
    expect(mimeTypeOf('x.JPG')).toBe('image/jpeg');
    expect(mimeTypeOf('x.svg')).toBe('image/svg+xml');
    expect(mimeTypeOf('x.pdf')).toBe('application/pdf');
    expect(mimeTypeOf('Makefile')).toBe('application/octet-stream');
  });

  it('reads text types as text', () => {
    expect(isTextType('text/x-python')).toBe(true);
    expect(isTextType('application/json')).toBe(true);
    expect(isTextType('image/svg+xml')).toBe(true);
    expect(isTextType('image/png')).toBe(false);
  });

  it('tells text from binary bytes', () => {
    expect(looksLikeText(Buffer.from('plain words, été'))).toBe(true);
    expect(looksLikeText(Buffer.from([0x41, 0x00, 0x42]))).toBe(false);
    expect(looksLikeText(Buffer.from([0xff, 0xfe, 0x41]))).toBe(false);
  });
});

describe('ignore rules', () => {
  it('leaves out dependency, cache and build folders and OS droppings', () => {
    for (const folder of [
      '.git',
      'node_modules',
      '.venv',
      '__pycache__',
      'dist',
      'out',
      '.next',
      'target',
      'build',
    ]) {
      expect(isIgnored(folder, true), folder).toBe(true);
    }
    expect(isIgnored('.DS_Store', false)).toBe(true);
    expect(isIgnored('src', true)).toBe(false);
    expect(isIgnored('build', false)).toBe(false);
    expect(isIgnoredPath('node_modules/x/index.js')).toBe(true);
    expect(isIgnoredPath('src/.DS_Store')).toBe(true);
    expect(isIgnoredPath('src/node_modules')).toBe(true);
    expect(isIgnoredPath('src/index.ts')).toBe(false);
  });
});

describe('walking and reading', () => {
  let root: string;

  beforeAll(async () => {
    root = await tempFolder('ws-files-');
    await writeTree(root, {
      'b.txt': 'b',
      'a/z.md': 'z',
      'a/node_modules/m.js': 'm',
      '.git/HEAD': 'ref',
      '.DS_Store': 'x',
      'dist/bundle.js': 'x',
      Makefile: 'all:\n\techo hi\n',
      'blob.bin': Buffer.from([1, 2, 0, 3]),
      'photo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      'big.txt': Buffer.alloc(TEXT_LIMIT + 1, 0x61),
      'exact.txt': Buffer.alloc(TEXT_LIMIT, 0x61),
    });
    await writeFile(path.join(root, 'huge.png'), Buffer.alloc(BLOB_LIMIT + 1));
    await link(root, 'link', path.join(root, 'b.txt'));
  });

  afterAll(() => removeAll(root));

  it('walks in path order, without ignored entries, showing links without following them', async () => {
    const { entries, truncated } = await walk(root, { recursive: true, limit: 100 });
    expect(truncated).toBe(false);
    expect(entries.map((entry) => `${entry.relative}:${entry.kind}`)).toEqual([
      'Makefile:file',
      'a:folder',
      'a/z.md:file',
      'b.txt:file',
      'big.txt:file',
      'blob.bin:file',
      'exact.txt:file',
      'huge.png:file',
      'link:link',
      'photo.png:file',
    ]);
    expect(entries.find((entry) => entry.relative === 'b.txt')?.size).toBe(1);
  });

  it('stops at its limit and says so', async () => {
    const { entries, truncated } = await walk(root, { recursive: false, limit: 3 });
    expect(entries).toHaveLength(3);
    expect(truncated).toBe(true);
  });

  it('reads text up to 1 MB and refuses more', async () => {
    const exact = await readContent(path.join(root, 'exact.txt'), 'exact.txt');
    expect(exact).toMatchObject({ kind: 'text', mimeType: 'text/plain', size: TEXT_LIMIT });
    await expect(readContent(path.join(root, 'big.txt'), 'big.txt')).rejects.toThrow(
      'big.txt is too large to read as text (1 MB; the limit is 1 MB).',
    );
  });

  it('reads binary as base64 up to 5 MB and refuses more', async () => {
    expect(await readContent(path.join(root, 'photo.png'), 'photo.png')).toEqual({
      kind: 'blob',
      base64: Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64'),
      mimeType: 'image/png',
      size: 4,
    });
    const error = await readContent(path.join(root, 'huge.png'), 'huge.png').catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(WorkspaceError);
    expect((error as Error).message).toBe('huge.png is too large to read (5 MB; the limit is 5 MB).');
  });

  it('sniffs files of unknown type', async () => {
    expect(await readContent(path.join(root, 'Makefile'), 'Makefile')).toMatchObject({
      kind: 'text',
      mimeType: 'text/plain',
    });
    expect(await readContent(path.join(root, 'blob.bin'), 'blob.bin')).toMatchObject({
      kind: 'blob',
      mimeType: 'application/octet-stream',
    });
  });

  it('refuses a folder', async () => {
    await expect(readContent(path.join(root, 'a'), 'a')).rejects.toThrow('a is a folder, not a file.');
  });

  it('searches names, then contents, skipping ignored folders and binaries', async () => {
    const result = await searchFiles(root, 'Z');
    expect(result.hits.map((hit) => `${hit.relative}${hit.line ? `:${hit.line}` : ''}`)).toEqual([
      'a/z.md',
      'a/z.md:1',
    ]);
    const capped = await searchFiles(root, 'a', 2);
    expect(capped.hits).toHaveLength(2);
    expect(capped.truncated).toBe(true);
  });
});

describe('notes', () => {
  it('makes file names from titles', () => {
    expect(slugify('Meeting notes: Q3 plan!')).toBe('meeting-notes-q3-plan');
    expect(slugify('  Été à Paris  ')).toBe('ete-a-paris');
    expect(slugify('日本語のメモ')).toBe('日本語のメモ');
    expect(slugify('../../etc/passwd')).toBe('etc-passwd');
    expect(slugify('!!!')).toBe('note');
    expect(slugify('CON')).toBe('con-note');
    expect(slugify('x'.repeat(100))).toHaveLength(60);
  });

  it('parses tags and writes a heading with them', () => {
    expect(parseTags(' work, #ideas,, work , big  plans ')).toEqual(['work', 'ideas', 'big plans']);
    expect(parseTags(undefined)).toEqual([]);
    expect(noteMarkdown('Plan\n# injected', ['a', 'b'])).toBe('# Plan # injected\n\nTags: a, b\n');
    expect(noteMarkdown('Plan', [])).toBe('# Plan\n');
  });
});

describe('resource cursors', () => {
  it('round-trip an offset and refuse anything else', () => {
    expect(decodeCursor(undefined)).toBe(0);
    expect(decodeCursor(encodeCursor(400))).toBe(400);
    expect(() => decodeCursor('bogus')).toThrow('did not come from this server');
    expect(() => decodeCursor(Buffer.from('offset:-1').toString('base64url'))).toThrow();
  });
});

it('formats sizes plainly', () => {
  expect(formatSize(12)).toBe('12 B');
  expect(formatSize(2048)).toBe('2.0 KB');
  expect(formatSize(3 * 1024 * 1024)).toBe('3.0 MB');
});
