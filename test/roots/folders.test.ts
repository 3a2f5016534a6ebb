// The folder browser: folders only, sorted with hidden ones last, navigation and plain-word errors.
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFolders } from '../../src/main/roots/folders';
import { explainFsError } from '../../src/main/roots/validate';

let dir: string;

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-folders-')));
  for (const name of ['beta', 'Alpha', 'item10', 'item9', '.hidden', 'zeta # 100%'])
    await mkdir(join(dir, name));
  await writeFile(join(dir, 'file.txt'), 'not a folder');
  await symlink(join(dir, 'beta'), join(dir, 'link-to-beta'), 'dir');
  await symlink(join(dir, 'file.txt'), join(dir, 'link-to-file'));
  await symlink(join(dir, 'missing'), join(dir, 'broken-link'));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('listFolders', () => {
  it('lists folders (and links to folders) only, sorted by name, hidden ones last', async () => {
    const listing = await listFolders(dir);
    expect(listing.path).toBe(dir);
    expect(listing.parent).toBe(dirname(dir));
    expect(listing.home).toBe(homedir());
    expect(listing.folders.map((folder) => folder.name)).toEqual([
      'Alpha',
      'beta',
      'item9',
      'item10',
      'link-to-beta',
      'zeta # 100%',
      '.hidden',
    ]);
    expect(listing.folders[0]).toEqual({ name: 'Alpha', path: join(dir, 'Alpha') });
  });

  it('starts at the home folder, and expands ~', async () => {
    expect((await listFolders()).path).toBe(homedir());
    expect((await listFolders('~')).path).toBe(homedir());
  });

  it('has no parent at the top of the file system', async () => {
    const top = parse(dir).root;
    const listing = await listFolders(top);
    expect(listing.path).toBe(top);
    expect(listing.parent).toBeUndefined();
  });

  it('refuses relative, missing and non-folder paths in plain words', async () => {
    await expect(listFolders('beta')).rejects.toThrow('"beta" is not a full path.');
    await expect(listFolders(join(dir, 'missing'))).rejects.toThrow(
      `There is no folder at ${join(dir, 'missing')}.`,
    );
    await expect(listFolders(join(dir, 'file.txt'))).rejects.toThrow(
      `${join(dir, 'file.txt')} is a file, not a folder.`,
    );
  });

  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)(
    'says so when a folder cannot be read',
    async () => {
      const locked = join(dir, 'locked');
      await mkdir(locked, { mode: 0o000 });
      await expect(listFolders(locked)).rejects.toThrow(`Switchboard is not allowed to open ${locked}.`);
    },
  );

  it('words a permission error plainly (also where the test runs as root)', () => {
    const denied = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    expect(explainFsError(denied, '/secret')).toMatchObject({
      code: 'forbidden',
      message: 'Switchboard is not allowed to open /secret. Check its permissions.',
    });
  });
});
