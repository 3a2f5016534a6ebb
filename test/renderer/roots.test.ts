// Pure logic of roots in the renderer: the sharing-question queue, who sees which root, folder browser helpers.
import { describe, expect, it } from 'vitest';
import {
  addTarget,
  baseName,
  findByPrefix,
  moveSelection,
  typedPath,
} from '../../src/renderer/src/features/roots/folderPaths';
import {
  listWords,
  rootsSeenBy,
  seenByText,
  seenSummary,
  serverRoots,
  serversSeeing,
  shareTitle,
  subsetFromAll,
  toggleSubset,
} from '../../src/renderer/src/features/roots/sharing';
import {
  enqueueRoots,
  fillRootsQueue,
  type RootsState,
  refillRoots,
  rootsGoneNotice,
  rootsInitial,
  settleRoots,
} from '../../src/renderer/src/store/rootsSlice';
import type { FolderListing, RootsConfirmation, RootsView } from '../../src/shared/roots';

const root = (name: string) => ({ uri: `file:///home/me/${name}`, name, path: `/home/me/${name}` });
const docs = root('docs');
const src = root('src');
const notes = root('notes');

const view: RootsView = {
  roots: [docs, src, notes],
  servers: {
    workspace: { mode: 'all', uris: [], confirmed: true },
    files: { mode: 'subset', uris: [src.uri, notes.uri], confirmed: false },
    none: { mode: 'subset', uris: [], confirmed: true },
  },
};

const question = (id: string, requestedAt: number): RootsConfirmation => ({
  id,
  server: 'workspace',
  roots: [docs],
  requestedAt,
});

const withQueue = (ids: string[], extra: Partial<RootsState> = {}): RootsState => ({
  ...rootsInitial,
  rootsQueue: ids.map((id, index) => question(id, index + 1)),
  ...extra,
});

describe('the sharing-question queue', () => {
  it('fills oldest first, each id once', () => {
    const queue = fillRootsQueue([question('b', 2), question('a', 1), question('b', 2)]);
    expect(queue.map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('adds in age order and ignores a question already queued', () => {
    const queue = enqueueRoots([question('a', 1), question('c', 3)], question('b', 2));
    expect(queue.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(enqueueRoots(queue, question('b', 2))).toHaveLength(3);
  });

  it('says so when the shown question settles without an answer from here', () => {
    const next = settleRoots(withQueue(['a', 'b']), 'a');
    expect(next.rootsQueue.map((item) => item.id)).toEqual(['b']);
    expect(next.rootsNotice).toEqual({ id: 'a', text: rootsGoneNotice() });
  });

  it('stays quiet when the question was answered here, or was not on screen', () => {
    const answered = settleRoots(withQueue(['a', 'b'], { rootsAnswering: 'a' }), 'a');
    expect(answered.rootsNotice).toBeNull();
    expect(answered.rootsAnswering).toBeNull();
    const behind = settleRoots(withQueue(['a', 'b']), 'b');
    expect(behind.rootsNotice).toBeNull();
    expect(behind.rootsQueue.map((item) => item.id)).toEqual(['a']);
  });

  it('leaves the state alone for an unknown id', () => {
    const state = withQueue(['a']);
    expect(settleRoots(state, 'zzz')).toBe(state);
  });

  it('refills on reconnect and notices a shown question that is gone', () => {
    const next = refillRoots(withQueue(['a', 'b'], { rootsAnswering: 'a' }), [question('b', 2)]);
    expect(next.rootsQueue.map((item) => item.id)).toEqual(['b']);
    expect(next.rootsAnswering).toBeNull();
    expect(next.rootsNotice?.id).toBe('a');
    expect(refillRoots(withQueue(['a']), [question('a', 1)]).rootsNotice).toBeNull();
  });

  it('names the dialog after the server', () => {
    expect(shareTitle('workspace')).toBe('Share these folders with workspace?');
  });
});

describe('who sees which root', () => {
  it('defaults an unrecorded server to all folders, not confirmed', () => {
    expect(serverRoots(view, 'other')).toEqual({ mode: 'all', uris: [], confirmed: false });
    expect(serverRoots(null, 'other').mode).toBe('all');
  });

  it('lists the servers that see a root, in the given order, only once the person said Share', () => {
    const servers = ['workspace', 'files', 'none', 'other'];
    expect(serversSeeing(view, docs.uri, servers)).toEqual(['workspace']);
    expect(serversSeeing(view, src.uri, servers)).toEqual(['workspace']);
    const answered: RootsView = {
      ...view,
      servers: { ...view.servers, files: { mode: 'subset', uris: [src.uri, notes.uri], confirmed: true } },
    };
    expect(serversSeeing(answered, src.uri, servers)).toEqual(['workspace', 'files']);
    expect(serversSeeing(view, docs.uri, [])).toEqual([]);
  });

  it('lists the roots a server sees', () => {
    expect(rootsSeenBy(view, 'files').map((item) => item.name)).toEqual(['src', 'notes']);
    expect(rootsSeenBy(view, 'workspace')).toHaveLength(3);
  });

  it('sums a server up in words', () => {
    expect(seenSummary(view, 'workspace')).toBe('all folders');
    expect(seenSummary(view, 'files')).toBe('nothing yet');
    expect(
      seenSummary({ ...view, servers: { files: { ...view.servers.files!, confirmed: true } } }, 'files'),
    ).toBe('2 of 3 folders');
    expect(seenSummary(view, 'none')).toBe('no folders');
    expect(seenSummary(view, 'other')).toBe('nothing yet');
    expect(
      seenSummary(
        { roots: [docs], servers: { a: { mode: 'subset', uris: [docs.uri], confirmed: true } } },
        'a',
      ),
    ).toBe('1 of 1 folder');
  });

  it('ignores subset entries for roots that are gone', () => {
    const stale: RootsView = {
      roots: [docs],
      servers: { a: { mode: 'subset', uris: ['file:///gone'], confirmed: true } },
    };
    expect(seenSummary(stale, 'a')).toBe('no folders');
  });

  it('says who sees a root in plain words', () => {
    expect(listWords([])).toBe('');
    expect(listWords(['a'])).toBe('a');
    expect(listWords(['a', 'b', 'c'])).toBe('a, b and c');
    expect(seenByText([])).toBe('No server sees this folder.');
    expect(seenByText(['workspace', 'files'])).toBe('Seen by workspace and files.');
  });

  it('ticks and unticks roots in the roots order, dropping unknown ones', () => {
    expect(toggleSubset(view.roots, [notes.uri], docs.uri, true)).toEqual([docs.uri, notes.uri]);
    expect(toggleSubset(view.roots, [docs.uri, notes.uri, 'file:///gone'], docs.uri, false)).toEqual([
      notes.uri,
    ]);
  });

  it('starts a subset from everything the server saw', () => {
    expect(subsetFromAll(view, 'workspace')).toEqual([docs.uri, src.uri, notes.uri]);
    expect(subsetFromAll(view, 'files')).toEqual([src.uri, notes.uri]);
  });
});

describe('folder browser helpers', () => {
  const listing: FolderListing = {
    path: '/home/me',
    parent: '/home',
    home: '/home/me',
    folders: [
      { name: 'docs', path: '/home/me/docs' },
      { name: 'Downloads', path: '/home/me/Downloads' },
      { name: 'src', path: '/home/me/src' },
    ],
  };

  it('names the last segment of a path', () => {
    expect(baseName('/home/me/docs')).toBe('docs');
    expect(baseName('/home/me/docs/')).toBe('docs');
    expect(baseName('/')).toBe('/');
    expect(baseName('C:\\Users\\me')).toBe('me');
    expect(baseName('C:\\')).toBe('C:\\');
  });

  it('resolves a typed ~ against the home folder', () => {
    expect(typedPath('  ~/code ', '/home/me')).toBe('/home/me/code');
    expect(typedPath('~', '/home/me/')).toBe('/home/me/');
    expect(typedPath('~\\code', 'C:\\Users\\me')).toBe('C:\\Users\\me\\code');
    expect(typedPath('/etc', '/home/me')).toBe('/etc');
    expect(typedPath('~/x', undefined)).toBe('~/x');
  });

  it('adds the selected folder, else the one shown', () => {
    expect(addTarget(listing, '/home/me/src')).toBe('/home/me/src');
    expect(addTarget(listing, null)).toBe('/home/me');
    expect(addTarget(listing, '/elsewhere')).toBe('/home/me');
    expect(addTarget(null, '/home/me/src')).toBeNull();
  });

  it('moves the selection with the keyboard, within bounds', () => {
    expect(moveSelection(-1, 'ArrowDown', 3)).toBe(0);
    expect(moveSelection(-1, 'ArrowUp', 3)).toBe(0);
    expect(moveSelection(2, 'ArrowDown', 3)).toBe(2);
    expect(moveSelection(0, 'ArrowUp', 3)).toBe(0);
    expect(moveSelection(1, 'End', 3)).toBe(2);
    expect(moveSelection(2, 'Home', 3)).toBe(0);
    expect(moveSelection(0, 'PageDown', 30)).toBe(10);
    expect(moveSelection(5, 'PageUp', 30)).toBe(0);
    expect(moveSelection(0, 'Enter', 3)).toBeUndefined();
    expect(moveSelection(0, 'ArrowDown', 0)).toBeUndefined();
  });

  it('jumps to the next folder starting with a typed letter', () => {
    const names = listing.folders.map((folder) => folder.name);
    expect(findByPrefix(names, 'd', -1)).toBe(0);
    expect(findByPrefix(names, 'D', 0)).toBe(1);
    expect(findByPrefix(names, 'd', 1)).toBe(0);
    expect(findByPrefix(names, 'x', 0)).toBeUndefined();
  });
});
