// Every settings store on its file: a damaged file kept as .bak with the defaults used, an unreadable one reported, mode 0600.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppPermissionStore } from '../../src/main/apps/appPermissions';
import { PermissionStore } from '../../src/main/consent/policy';
import { InstructionSettings } from '../../src/main/instructions/instructionSettings';
import { RootsStore } from '../../src/main/roots/store';
import { ChatDefaultsStore } from '../../src/main/settings/chatDefaults';
import { RegistrySettings } from '../../src/main/settings/registrySettings';
import { FileEraCache } from '../../src/main/storage/eraCache';
import type { ToolView } from '../../src/shared/types';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'switchboard-stores-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A store as these tests drive it: read its file, make one change (saved), and show what it holds. */
type Driven = { load(): Promise<void>; change(): Promise<void>; state(): unknown };
type Kind = { name: string; open(path: string, onProblem: (message: string) => void): Driven };

const tool: ToolView = { name: 'write_file', description: 'Writes a file.', inputSchema: { type: 'object' } };

const KINDS: Kind[] = [
  {
    name: 'instructions',
    open(path, onProblem) {
      const store = new InstructionSettings(path, onProblem);
      return {
        load: () => store.load(),
        change: async () => void (await store.set('a', false)),
        state: () => store.list(),
      };
    },
  },
  {
    name: 'chat defaults',
    open(path, onProblem) {
      const store = new ChatDefaultsStore(path, onProblem);
      return {
        load: () => store.load(),
        change: async () => void (await store.set({ temperature: 1 })),
        state: () => store.get(),
      };
    },
  },
  {
    name: 'registry',
    open(path, onProblem) {
      const store = new RegistrySettings(path, onProblem);
      return {
        load: () => store.load(),
        change: async () => void (await store.set('https://registry.example.com')),
        state: () => store.view(),
      };
    },
  },
  {
    name: 'app view permissions',
    open(path, onProblem) {
      const store = new AppPermissionStore(path, onProblem);
      return {
        load: () => store.load(),
        change: () => store.set('s', 'identity', 'ui://s/view', ['camera']),
        state: () => store.list('s'),
      };
    },
  },
  {
    name: 'roots',
    open(path, onProblem) {
      const store = new RootsStore(path, { onProblem });
      return {
        load: () => store.load(),
        change: async () => void (await store.add(dir)),
        state: () => store.view(),
      };
    },
  },
  {
    name: 'permissions',
    open(path, onProblem) {
      const store = new PermissionStore(path, { onProblem });
      return {
        load: () => store.load(),
        change: () => store.grant('files', 'identity', tool),
        state: () => store.list(),
      };
    },
  },
  {
    name: 'protocol eras',
    open(path, onProblem) {
      let cache: FileEraCache | undefined;
      const opened = () => {
        cache ??= new FileEraCache(path, onProblem);
        return cache;
      };
      return {
        load: async () => void opened(),
        change: async () => {
          opened().set('server', { kind: 'legacy' });
          // The cache saves in the background; it is done once the file holds the change.
          await expect.poll(() => readFile(path, 'utf8').catch(() => '')).toContain('legacy');
        },
        state: () => opened().get('server') ?? null,
      };
    },
  },
];

describe.each(KINDS)('the $name store', (kind) => {
  const file = () => join(dir, `${kind.name.replaceAll(' ', '-')}.json`);

  async function defaults(): Promise<unknown> {
    const fresh = kind.open(join(dir, 'fresh', 'never-written.json'), () => {});
    await fresh.load();
    return fresh.state();
  }

  it.each([
    ['not JSON', '{"version": 1, '],
    ['JSON of another shape', '["a list", "of words"]'],
  ])('keeps a file of %s as .bak, says so and uses its defaults', async (_, text) => {
    const path = file();
    await writeFile(path, text);
    const problems: string[] = [];
    const store = kind.open(path, (message) => problems.push(message));
    await store.load();

    expect(store.state()).toEqual(await defaults());
    expect(problems).toEqual([expect.stringContaining(`It was kept as ${path}.bak.`)]);
    expect(await readFile(`${path}.bak`, 'utf8')).toBe(text);
    expect(existsSync(path)).toBe(false);

    await store.change();
    expect(await readFile(`${path}.bak`, 'utf8')).toBe(text);
    const again = kind.open(path, () => {});
    await again.load();
    expect(again.state()).toEqual(store.state());
  });

  it('says why a file it cannot read was not used, and leaves it where it is', async () => {
    const path = file();
    await mkdir(path);
    const problems: string[] = [];
    const store = kind.open(path, (message) => problems.push(message));
    await store.load();
    expect(store.state()).toEqual(await defaults());
    expect(problems).toEqual([expect.stringMatching(/EISDIR|directory/i)]);
    expect(existsSync(`${path}.bak`)).toBe(false);
  });

  it('reads a missing file as its defaults without a word', async () => {
    const problems: string[] = [];
    const store = kind.open(file(), (message) => problems.push(message));
    await store.load();
    expect(store.state()).toEqual(await defaults());
    expect(problems).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')('writes its file readable by its owner only', async () => {
    const path = file();
    const store = kind.open(path, () => {});
    await store.load();
    await store.change();
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });
});
