// Checking a folder before it is shared: missing, a file, symlinks, duplicates and nesting.
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPath } from '../../src/main/roots/paths';
import { pathToUri } from '../../src/main/roots/uris';
import { validateRoot } from '../../src/main/roots/validate';
import type { RootView } from '../../src/shared/roots';

let dir: string;

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-validate-')));
  await mkdir(join(dir, 'project', 'src'), { recursive: true });
  await mkdir(join(dir, 'other # 100%'));
  await writeFile(join(dir, 'notes.txt'), 'hello');
});

afterAll(() => rm(dir, { recursive: true, force: true }));

const root = (path: string, name: string): RootView => ({ uri: pathToUri(path), name, path });

describe('validateRoot', () => {
  it('answers the root with its URI, real path and the folder name by default', async () => {
    const path = join(dir, 'other # 100%');
    expect(await validateRoot(path, [])).toEqual({ uri: pathToUri(path), name: 'other # 100%', path });
    expect((await validateRoot(path, [], '  Mine  ')).name).toBe('Mine');
  });

  it('refuses a missing folder', async () => {
    const path = join(dir, 'nope');
    await expect(validateRoot(path, [])).rejects.toThrow(`There is no folder at ${path}.`);
    await expect(validateRoot(join(dir, 'notes.txt', 'below'), [])).rejects.toThrow(/There is no folder at/);
  });

  it('refuses a file', async () => {
    const path = join(dir, 'notes.txt');
    await expect(validateRoot(path, [])).rejects.toThrow(`${path} is a file, not a folder.`);
  });

  it('stores the real path of a symlink to a folder', async () => {
    const link = join(dir, 'link-to-project');
    await symlink(join(dir, 'project'), link, 'dir');
    const view = await validateRoot(link, []);
    expect(view.path).toBe(join(dir, 'project'));
    expect(view.uri).toBe(pathToUri(join(dir, 'project')));
    expect(view.name).toBe('project');
  });

  it('refuses a folder already shared, also through a symlink or a trailing slash', async () => {
    const existing = [root(join(dir, 'project'), 'Work')];
    const message = (path: string) => `${path} is already shared as Work.`;
    await expect(validateRoot(join(dir, 'project'), existing)).rejects.toThrow(message(join(dir, 'project')));
    await expect(validateRoot(`${join(dir, 'project')}/`, existing)).rejects.toThrow(
      /already shared as Work/,
    );
    await expect(validateRoot(join(dir, 'link-to-project'), existing)).rejects.toThrow(
      /already shared as Work/,
    );
  });

  it('refuses a folder inside a shared one, and one that contains a shared one', async () => {
    const inner = join(dir, 'project', 'src');
    await expect(validateRoot(inner, [root(join(dir, 'project'), 'Work')])).rejects.toThrow(
      `${inner} is inside the shared folder Work.`,
    );
    await expect(validateRoot(join(dir, 'project'), [root(inner, 'Sources')])).rejects.toThrow(
      `${join(dir, 'project')} contains the shared folder Sources.`,
    );
  });

  it('does not mistake a sibling with a common prefix for nesting', async () => {
    await mkdir(join(dir, 'project-two'));
    await mkdir(join(dir, 'project', '..hidden'));
    const view = await validateRoot(join(dir, 'project-two'), [root(join(dir, 'project'), 'Work')]);
    expect(view.path).toBe(join(dir, 'project-two'));
    await expect(
      validateRoot(join(dir, 'project', '..hidden'), [root(join(dir, 'project'), 'Work')]),
    ).rejects.toThrow(/inside the shared folder Work/);
  });
});

describe.skipIf(process.platform === 'win32')('userPath', () => {
  it('expands ~ and refuses relative paths', () => {
    expect(userPath('~', '/home/me')).toBe('/home/me');
    expect(userPath('~/code/../src', '/home/me')).toBe('/home/me/src');
    expect(userPath('/a/./b/')).toBe('/a/b');
    expect(() => userPath('code/project')).toThrow('"code/project" is not a full path.');
    expect(() => userPath('~bob/code')).toThrow(/not a full path/);
  });
});
