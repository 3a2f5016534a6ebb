// The roots commands as the host exposes them: each answers the new view; the folder picker is optional.
import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HostFault } from '../../src/main/errors';
import { rootsCommands } from '../../src/main/roots/rootsCommands';
import { RootsService } from '../../src/main/roots/service';
import { RootsStore } from '../../src/main/roots/store';
import type { RootsView } from '../../src/shared/roots';

let dir: string;
let changes: RootsView[];
let service: RootsService;
/** The server `s` as a person would add the filesystem server: its folders given as arguments. */
const entryOf = () => ({
  command: 'node',
  args: [
    'server.js',
    join(dir, 'work'),
    join(dir, 'work', '.'),
    join(dir, 'missing'),
    'relative',
    join(dir, 'roots.json'),
  ],
});

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-roots-commands-')));
  await mkdir(join(dir, 'work'));
  changes = [];
  const store = new RootsStore(join(dir, 'roots.json'), { serverNames: () => ['s'] });
  service = new RootsService({
    store,
    servers: {
      get: () => {
        throw new HostFault('not_found', 'No servers here.');
      },
    },
    emit: (event, payload) => {
      if (event === 'roots.changed') changes.push(payload as RootsView);
    },
  });
});

afterEach(() => rm(dir, { recursive: true, force: true }));

describe('rootsCommands', () => {
  it('adds, renames, scopes and removes, answering the view each time and announcing it', async () => {
    const commands = rootsCommands(service, entryOf);
    expect(await commands['roots.get']({})).toEqual({
      roots: [],
      servers: { s: { mode: 'all', uris: [], confirmed: false } },
    });
    const added = await commands['roots.add']({ path: join(dir, 'work') });
    const uri = added.roots[0]!.uri;
    expect((await commands['roots.rename']({ uri, name: 'Work' })).roots[0]?.name).toBe('Work');
    const scoped = await commands['roots.setServer']({ server: 's', mode: 'subset', uris: [uri] });
    expect(scoped.servers.s).toEqual({ mode: 'subset', uris: [uri], confirmed: false });
    expect((await commands['roots.remove']({ uri })).servers.s?.uris).toEqual([]);
    expect(changes).toHaveLength(4);
    expect(await commands['roots.pending']({})).toEqual([]);
    await expect(commands['roots.confirm']({ id: 'nope', allow: true })).rejects.toThrow(/no longer waiting/);
  });

  it('lists folders and picks one only where a picker exists', async () => {
    expect((await rootsCommands(service, entryOf)['folders.list']({ path: dir })).folders).toEqual([
      { name: 'work', path: join(dir, 'work') },
    ]);
    expect(await rootsCommands(service, entryOf)['folders.pick']({})).toBeNull();
    expect(await rootsCommands(service, entryOf, async () => '/picked')['folders.pick']({})).toBe('/picked');
  });

  it('offers the folders a server was given in its arguments, and shares one with that server in one step', async () => {
    const commands = rootsCommands(service, entryOf);
    const work = join(dir, 'work');
    await mkdir(join(dir, 'other'));
    const other = (await commands['roots.add']({ path: join(dir, 'other') })).roots[0]!;
    expect(await commands['roots.argumentFolders']({ server: 's' })).toEqual([work]);

    const shared = await commands['roots.shareWith']({ server: 's', path: work });
    const root = shared.roots.find((item) => item.path === work)!;
    // Only that folder: the folder shared before is not handed to s without its own answer.
    expect(shared.servers.s).toEqual({ mode: 'subset', uris: [root.uri], confirmed: true });
    expect(shared.servers.s?.uris).not.toContain(other.uri);
    expect(await commands['roots.argumentFolders']({ server: 's' })).toEqual([]);
    // Sharing again adds no second root.
    expect((await commands['roots.shareWith']({ server: 's', path: work })).roots).toHaveLength(2);
  });
});
