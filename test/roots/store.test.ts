// The roots store: persistence, per-server filtering, the remembered answer, and a damaged file.
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RootsStore } from '../../src/main/roots/store';
import { pathToUri } from '../../src/main/roots/uris';
import type { RootsView } from '../../src/shared/roots';

let dir: string;
let file: string;
let alpha: string;
let beta: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-store-')));
  file = join(dir, 'data', 'roots.json');
  alpha = join(dir, 'alpha');
  beta = join(dir, 'beta folder');
  await mkdir(alpha);
  await mkdir(beta);
});

afterEach(() => rm(dir, { recursive: true, force: true }));

describe('RootsStore', () => {
  it('starts empty without a file, and shows every configured server with the defaults', async () => {
    const store = new RootsStore(file, { serverNames: () => ['a', 'b'] });
    await store.load();
    expect(store.view()).toEqual({
      roots: [],
      servers: {
        a: { mode: 'all', uris: [], confirmed: false },
        b: { mode: 'all', uris: [], confirmed: false },
      },
    });
  });

  it('keeps roots and sharing across restarts', async () => {
    const store = new RootsStore(file);
    const a = await store.add(alpha);
    const b = await store.add(beta, 'Beta');
    await store.setServer('s', 'subset', [b.uri]);
    await store.setConfirmed('s', true);
    await store.rename(a.uri, 'Alpha!');
    const again = new RootsStore(file, { serverNames: () => ['s'] });
    await again.load();
    expect(again.view()).toEqual({
      roots: [
        { uri: pathToUri(alpha), name: 'Alpha!', path: alpha },
        { uri: pathToUri(beta), name: 'Beta', path: beta },
      ],
      servers: { s: { mode: 'subset', uris: [b.uri], confirmed: true } },
    });
    expect(JSON.parse(await readFile(file, 'utf8')).version).toBe(1);
  });

  it('shows each server only its roots: all by default, else its subset', async () => {
    const store = new RootsStore(file);
    const a = await store.add(alpha);
    const b = await store.add(beta);
    await store.setServer('picky', 'subset', [b.uri]);
    await store.setServer('none', 'subset', []);
    expect(store.visibleTo('fresh').map((root) => root.uri)).toEqual([a.uri, b.uri]);
    expect(store.visibleTo('picky').map((root) => root.uri)).toEqual([b.uri]);
    expect(store.visibleTo('none')).toEqual([]);
    await store.setServer('picky', 'all', [b.uri]);
    expect(store.visibleTo('picky')).toHaveLength(2);
  });

  it('removes a root from every subset too', async () => {
    const store = new RootsStore(file, { serverNames: () => ['picky'] });
    const a = await store.add(alpha);
    const b = await store.add(beta);
    await store.setServer('picky', 'subset', [a.uri, b.uri]);
    await store.remove(a.uri);
    expect(store.visibleTo('picky').map((root) => root.uri)).toEqual([b.uri]);
    expect(store.view().servers.picky?.uris).toEqual([b.uri]);
    // Sharing the folder again does not bring it back to the subset.
    await store.add(alpha);
    expect(store.visibleTo('picky').map((root) => root.uri)).toEqual([b.uri]);
  });

  it('refuses unknown roots in plain words', async () => {
    const store = new RootsStore(file);
    await expect(store.setServer('s', 'subset', ['file:///nowhere'])).rejects.toThrow(
      'file:///nowhere is not a shared folder. Add it first.',
    );
    await expect(store.remove('file:///nowhere')).rejects.toThrow(/not a shared folder/);
    await expect(store.rename('file:///nowhere', 'x')).rejects.toThrow(/not a shared folder/);
  });

  it('remembers allow and deny; setServer lifts a deny', async () => {
    const store = new RootsStore(file);
    expect(store.decision('s')).toBe('unasked');
    await store.setConfirmed('s', false);
    expect(store.decision('s')).toBe('denied');
    expect(store.confirmed('s')).toBe(false);
    await store.setServer('s', 'all', []);
    expect(store.decision('s')).toBe('unasked');
    await store.setConfirmed('s', true);
    expect(store.decision('s')).toBe('allowed');
    expect(store.confirmed('s')).toBe(true);
  });

  it('never shares one folder twice, even when added at the same time', async () => {
    const store = new RootsStore(file);
    const results = await Promise.allSettled([
      store.add(alpha),
      store.add(alpha),
      store.add(join(alpha, '.')),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(store.list()).toHaveLength(1);
  });

  it('announces each change with the new view', async () => {
    const store = new RootsStore(file);
    const seen: RootsView[] = [];
    store.onDidChange((view) => seen.push(view));
    const a = await store.add(alpha);
    await store.rename(a.uri, 'A');
    await store.remove(a.uri);
    expect(seen.map((view) => view.roots.map((root) => root.name))).toEqual([['alpha'], ['A'], []]);
  });

  it('keeps a damaged file aside and starts with nothing shared', async () => {
    await mkdir(join(dir, 'data'));
    await writeFile(file, '{"version": 1, "roots": [oops');
    const problems: string[] = [];
    const store = new RootsStore(file, { onProblem: (message) => problems.push(message) });
    await store.load();
    expect(store.list()).toEqual([]);
    expect(problems[0]).toMatch(/damaged.*kept as .*roots\.json\.bak/);
    expect(await readFile(`${file}.bak`, 'utf8')).toContain('oops');
  });
});
