// The write preview: which calls write a file, and what the host reads of the file there now, only inside the shared folders.
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { previewWrite } from '../../src/main/consent/writePreview';
import { currentFile } from '../../src/main/roots/currentFile';
import type { ToolView } from '../../src/shared/types';
import { writeOf, writeTarget } from '../../src/shared/writeTarget';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-preview-')));
  dirs.push(dir);
  return dir;
}

const writeFileTool: ToolView = {
  name: 'write_file',
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: false, destructiveHint: true },
};

describe('writeTarget and writeOf', () => {
  it('finds the path and content arguments by their names', () => {
    expect(writeTarget({ path: 'a.txt', content: 'x' })).toEqual({
      pathKey: 'path',
      path: 'a.txt',
      contentKey: 'content',
      content: 'x',
    });
    expect(writeTarget({ file_path: '/r/a.ts', new_content: 'y' })).toMatchObject({
      pathKey: 'file_path',
      contentKey: 'new_content',
    });
    expect(writeTarget({ outputPath: 'o.md', text: 'z' })).toMatchObject({
      pathKey: 'outputPath',
      contentKey: 'text',
    });
    expect(writeTarget({ path: 'a.txt' })).toBeUndefined();
    expect(writeTarget({ path: 'a.txt', content: 3 })).toBeUndefined();
    expect(writeTarget({ path: '  ', content: 'x' })).toBeUndefined();
    expect(writeTarget(['path', 'content'])).toBeUndefined();
    expect(writeTarget(null)).toBeUndefined();
  });

  it('counts only calls that look like writes: not read-only, and a whole-file argument or a writing name', () => {
    expect(writeOf(writeFileTool, { path: 'a', content: 'x' })).toBeDefined();
    expect(
      writeOf({ name: 'search', annotations: { readOnlyHint: true } }, { path: 'a', content: 'x' }),
    ).toBeUndefined();
    expect(writeOf({ name: 'grep' }, { path: 'src', text: 'needle' })).toBeUndefined();
    expect(writeOf({ name: 'save_note' }, { path: 'n.md', text: 'hello' })).toBeDefined();
  });
});

describe('currentFile', () => {
  it('says a file is new, or gives its current text, inside a shared folder', async () => {
    const root = await tempDir();
    await writeFile(join(root, 'notes.md'), 'one\ntwo\n');
    const folders = [{ path: root }];
    expect(await currentFile('notes.md', folders)).toEqual({
      kind: 'replace',
      path: join(root, 'notes.md'),
      current: 'one\ntwo\n',
    });
    expect(await currentFile(join(root, 'deep', 'new.md'), folders)).toEqual({
      kind: 'new',
      path: join(root, 'deep', 'new.md'),
    });
    expect(await currentFile(pathToFileURL(join(root, 'notes.md')).href, folders)).toMatchObject({
      kind: 'replace',
    });
  });

  it('never reads outside the shared folders, by path, by dots or through a link', async () => {
    const root = await tempDir();
    const outside = await tempDir();
    await writeFile(join(outside, 'secret.txt'), 'top secret');
    await symlink(join(outside, 'secret.txt'), join(root, 'link.txt'));
    await symlink(outside, join(root, 'linked-folder'));
    await symlink(join(outside, 'missing.txt'), join(root, 'dangling.txt'));
    const folders = [{ path: root }];
    for (const requested of [
      join(outside, 'secret.txt'),
      '../secret.txt',
      `../${outside.split('/').at(-1)}/secret.txt`,
      'link.txt',
      'linked-folder/secret.txt',
      'linked-folder/new.txt',
      'dangling.txt',
      'file://other-host/etc/passwd',
    ]) {
      const preview = await currentFile(requested, folders);
      expect(preview.kind, requested).toBe('unavailable');
      expect(JSON.stringify(preview)).not.toContain('top secret');
    }
    expect(await currentFile('notes.md', [])).toMatchObject({ kind: 'unavailable' });
  });

  it('refuses folders, binary files and files over the limit, with a reason', async () => {
    const root = await tempDir();
    await mkdir(join(root, 'folder'));
    await writeFile(join(root, 'image.bin'), Buffer.from([0x89, 0x50, 0x00, 0x01]));
    await writeFile(join(root, 'big.txt'), 'x'.repeat(2048));
    const folders = [{ path: root }];
    expect(await currentFile('folder', folders)).toMatchObject({ kind: 'unavailable', reason: /folder/ });
    expect(await currentFile('image.bin', folders)).toMatchObject({ kind: 'unavailable', reason: /binary/ });
    expect(await currentFile('big.txt', folders, 1024)).toMatchObject({
      kind: 'unavailable',
      reason: /larger than 1 KB/,
    });
    expect(await currentFile('big.txt', folders, 4096)).toMatchObject({ kind: 'replace' });
  });

  it('previews a waiting write call against the folders its server sees', async () => {
    const root = await tempDir();
    await writeFile(join(root, 'a.txt'), 'before\n');
    const roots = [{ uri: pathToFileURL(root).href, name: 'root', path: root }];
    expect(await previewWrite({ tool: writeFileTool }, { path: 'a.txt', content: 'after\n' }, roots)).toEqual(
      {
        kind: 'replace',
        path: join(root, 'a.txt'),
        current: 'before\n',
      },
    );
    expect(await previewWrite({ tool: writeFileTool }, { path: 'a.txt' }, roots)).toEqual({ kind: 'none' });
    expect(await previewWrite({ tool: writeFileTool }, { path: 'a.txt', content: 'x' }, [])).toMatchObject({
      kind: 'unavailable',
    });
  });
});
