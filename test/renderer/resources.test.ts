// The resource tree: grouping by URI, filtering, flattening, the keyboard model, MIME helpers.
import { describe, expect, it } from 'vitest';
import { base64Size, mediaUrl } from '../../src/renderer/src/components/media';
import {
  groupResources,
  groupResourcesInSteps,
  type ResourceFolder,
  type ResourceLeaf,
  splitUri,
} from '../../src/renderer/src/features/resources/groupResources';
import { base64Text, editorLanguage, resourceKind } from '../../src/renderer/src/features/resources/mime';
import {
  type BranchNode,
  filterTree,
  flattenTree,
  resourceKey,
  serverNode,
  treeKeyMove,
} from '../../src/renderer/src/features/resources/treeModel';
import type { ResourceView, ServerView } from '../../src/shared/types';

const r = (
  uri: string,
  name = uri.split('/').pop() ?? uri,
  extra: Partial<ResourceView> = {},
): ResourceView => ({
  uri,
  name,
  ...extra,
});

/** `label` lines indented by depth, for readable expectations. */
function outline(nodes: readonly (ResourceFolder | ResourceLeaf)[], depth = 0): string[] {
  return nodes.flatMap((node) => [
    `${'  '.repeat(depth)}${node.label}`,
    ...(node.kind === 'folder' ? outline(node.children, depth + 1) : []),
  ]);
}

describe('splitUri', () => {
  it('cuts scheme, authority, folders and leaf', () => {
    expect(splitUri('db://main/table/rows')).toEqual({
      scheme: 'db',
      authority: 'main',
      folders: ['table'],
      leaf: 'rows',
    });
    expect(splitUri('file:///home/me/a.txt')).toEqual({
      scheme: 'file',
      authority: '',
      folders: ['home', 'me'],
      leaf: 'a.txt',
    });
    expect(splitUri('logs://recent?timeframe=1h')).toEqual({
      scheme: 'logs',
      authority: 'recent',
      folders: [],
      leaf: '?timeframe=1h',
    });
    expect(splitUri('db://main/q/search?x=a/b#top').leaf).toBe('search?x=a/b#top');
    expect(splitUri('urn:isbn:123')).toEqual({
      scheme: 'urn',
      authority: null,
      folders: [],
      leaf: 'isbn:123',
    });
    expect(splitUri('file:///home/')).toMatchObject({ folders: [], leaf: 'home/' });
    expect(splitUri('plain/name.txt')).toMatchObject({ scheme: '', folders: ['plain'], leaf: 'name.txt' });
  });
});

describe('groupResources', () => {
  it('groups file URIs by path, folds single-folder chains, sorts folders first and numbers in order', () => {
    const tree = groupResources([
      r('file:///home/me/project/b.txt'),
      r('file:///home/me/project/src/10.ts'),
      r('file:///home/me/project/src/2.ts'),
      r('file:///home/me/project/a.txt', 'a.txt', { title: 'The A file' }),
    ]);
    expect(outline(tree)).toEqual([
      'file:///home/me/project',
      '  src',
      '    2.ts',
      '    10.ts',
      '  b.txt',
      '  The A file',
    ]);
    expect(tree[0]?.count).toBe(4);
  });

  it('keeps custom schemes, authorities and query strings apart', () => {
    const tree = groupResources([
      r('db://main/table/users', 'users'),
      r('db://main/table/orders', 'orders'),
      r('db://archive/table/old', 'old'),
      r('logs://recent?timeframe=1h', 'Recent logs'),
      r('logs://recent?timeframe=1d', 'Recent logs (day)'),
      r('urn:isbn:123', 'A book'),
    ]);
    expect(outline(tree)).toEqual([
      'db:',
      '  archive/table',
      '    old',
      '  main/table',
      '    orders',
      '    users',
      'logs://recent',
      '  Recent logs',
      '  Recent logs (day)',
      'urn:',
      '  A book',
    ]);
  });

  it('keys nodes by URI so a refresh keeps them, and lists a duplicate URI once', () => {
    const first = groupResources([r('db://main/t/a'), r('db://main/u/b')], 'srv\u0000');
    const second = groupResources([r('db://main/t/a'), r('db://main/u/b'), r('db://main/u/c')], 'srv\u0000');
    const keys = (nodes: readonly (ResourceFolder | ResourceLeaf)[]): string[] =>
      nodes.flatMap((node) => [node.key, ...(node.kind === 'folder' ? keys(node.children) : [])]);
    expect(keys(first)).toEqual(keys(second).filter((key) => !key.endsWith('/c')));
    expect(keys(first)).toContain('srv\u0000r:db://main/t/a');
    expect(groupResources([r('x://a/b'), r('x://a/b')])[0]?.count).toBe(1);
  });

  it('keeps a leaf and a folder of the same URI apart', () => {
    const tree = groupResources([r('db://main/table', 'table'), r('db://main/table/row', 'row')]);
    const all = outline(tree);
    expect(all).toContain('    row');
    const keys = new Set<string>();
    const walk = (nodes: readonly (ResourceFolder | ResourceLeaf)[]) => {
      for (const node of nodes) {
        expect(keys.has(node.key)).toBe(false);
        keys.add(node.key);
        if (node.kind === 'folder') walk(node.children);
      }
    };
    walk(tree);
  });

  it('groups 10,000 resources in steps of a few hundred, to the same tree as at once', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      r(`file:///data/set-${i % 20}/part-${Math.floor(i / 20) % 25}/item-${i}.json`),
    );
    const steps = groupResourcesInSteps(many);
    let pauses = 0;
    let next = steps.next();
    for (; !next.done; next = steps.next()) pauses += 1;
    const tree = next.value;
    // One pause per 256 resources placed, and one per folder finished: file:, data, 20 sets, 25 parts in each.
    expect(pauses).toBe(Math.floor(10_000 / 256) + 1 + 1 + 20 + 20 * 25);
    expect(tree[0]?.count).toBe(10_000);
    expect(tree[0]?.children).toHaveLength(20);
    expect(tree).toEqual(groupResources(many));
  });
});

function view(name: string, resources: ResourceView[], extra: Partial<ServerView> = {}): ServerView {
  return {
    name,
    entry: { command: 'node' },
    transport: 'stdio',
    state: { kind: 'running', since: 1 },
    capabilities: { resources: { subscribe: true } },
    tools: [],
    prompts: [],
    resources,
    resourceTemplates: [],
    ...extra,
  };
}

describe('the tree model', () => {
  const node = serverNode(
    view(
      'srv',
      [r('db://main/t/a', 'a'), r('db://main/t/b', 'b'), r('db://main/u/c', 'c', { title: 'Charlie' })],
      {
        resourceTemplates: [{ name: 'row', uriTemplate: 'db://main/{table}/{id}' }],
      },
    ),
  );

  it('shows templates first and expands only servers by default', () => {
    const rows = flattenTree([node], (branch) => branch.kind === 'server');
    expect(rows.map((row) => [row.node.label, row.level, row.expanded])).toEqual([
      ['srv', 1, true],
      ['Templates', 2, false],
      ['db://main', 2, false],
    ]);
    expect(rows[1]).toMatchObject({ setSize: 2, posInSet: 1, parent: 0 });
  });

  it('filters by name, title and URI and keeps the branches that hold matches', () => {
    const everything = (_: BranchNode) => true;
    const byTitle = flattenTree(filterTree([node], 'charlie'), everything);
    expect(byTitle.map((row) => row.node.label)).toEqual(['srv', 'db://main', 'u', 'Charlie']);
    const byUri = flattenTree(filterTree([node], 'main/t/'), everything);
    expect(byUri.map((row) => row.node.label)).toEqual(['srv', 'db://main', 't', 'a', 'b']);
    const template = flattenTree(filterTree([node], '{table}'), everything);
    expect(template.map((row) => row.node.label)).toEqual(['srv', 'Templates', 'row']);
    expect(filterTree([node], 'nothing-like-this')).toEqual([]);
    const counted = filterTree([node], 'main/t/')[0]?.children[0];
    expect(counted?.kind === 'folder' ? counted.count : -1).toBe(2);
  });

  it('finds a resource row by its key', () => {
    const rows = flattenTree([node], () => true);
    expect(rows.some((row) => row.key === resourceKey('srv', 'db://main/u/c'))).toBe(true);
  });

  it('moves like a WAI-ARIA tree', () => {
    const rows = flattenTree([node], (branch) => branch.kind !== 'templates' && branch.label !== 'u');
    const labels = rows.map((row) => row.node.label);
    expect(labels).toEqual(['srv', 'Templates', 'db://main', 't', 'a', 'b', 'u']);
    expect(treeKeyMove(rows, 0, 'ArrowDown')).toEqual({ type: 'focus', index: 1 });
    expect(treeKeyMove(rows, 0, 'ArrowUp')).toEqual({ type: 'focus', index: 0 });
    expect(treeKeyMove(rows, 6, 'ArrowDown')).toEqual({ type: 'focus', index: 6 });
    expect(treeKeyMove(rows, 1, 'ArrowRight')).toEqual({ type: 'expand', key: rows[1]?.key });
    expect(treeKeyMove(rows, 2, 'ArrowRight')).toEqual({ type: 'focus', index: 3 });
    expect(treeKeyMove(rows, 4, 'ArrowRight')).toBeNull();
    expect(treeKeyMove(rows, 3, 'ArrowLeft')).toEqual({ type: 'collapse', key: rows[3]?.key });
    expect(treeKeyMove(rows, 4, 'ArrowLeft')).toEqual({ type: 'focus', index: 3 });
    expect(treeKeyMove(rows, 0, 'End')).toEqual({ type: 'focus', index: 6 });
    expect(treeKeyMove(rows, 5, 'Home')).toEqual({ type: 'focus', index: 0 });
    expect(treeKeyMove(rows, 4, 'Enter')).toEqual({ type: 'activate', index: 4 });
    expect(treeKeyMove(rows, -1, 'ArrowDown')).toEqual({ type: 'focus', index: 0 });
  });

  it('flattens 10,000 expanded resources quickly', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => r(`db://main/t${i % 50}/row-${i}`));
    const big = serverNode(view('big', many));
    const started = performance.now();
    const rows = flattenTree(filterTree([big], 'row-1'), () => true);
    const all = flattenTree([big], () => true);
    expect(performance.now() - started).toBeLessThan(500);
    expect(all).toHaveLength(1 + 1 + 50 + 10_000);
    expect(rows.length).toBeGreaterThan(1000);
  });
});

describe('MIME helpers', () => {
  it('picks icons by MIME type and name', () => {
    expect(resourceKind('text/plain')).toBe('text');
    expect(resourceKind('application/json')).toBe('json');
    expect(resourceKind('application/vnd.api+json')).toBe('json');
    expect(resourceKind('image/png')).toBe('image');
    expect(resourceKind('audio/wav')).toBe('audio');
    expect(resourceKind('application/octet-stream')).toBe('binary');
    expect(resourceKind(undefined, 'file:///a/b.json')).toBe('json');
    expect(resourceKind(undefined, 'file:///a/b.png?x=1')).toBe('image');
    expect(resourceKind(undefined, 'db://main/t')).toBe('text');
  });

  it('picks editor languages by MIME type, then extension', () => {
    expect(editorLanguage('application/json')).toBe('json');
    expect(editorLanguage('text/markdown; charset=utf-8')).toBe('markdown');
    expect(editorLanguage('text/x-python')).toBe('python');
    expect(editorLanguage(undefined, 'file:///a/b.ts')).toBe('typescript');
    expect(editorLanguage('text/plain', 'file:///a/b.yml')).toBe('yaml');
    expect(editorLanguage('text/plain', 'file:///a/b')).toBe('plaintext');
  });

  it('makes data: URLs only for safe base64 media of the right family', () => {
    expect(mediaUrl('image', 'image/png', 'iVBO Rw==')).toBe('data:image/png;base64,iVBORw==');
    expect(mediaUrl('image', 'text/html', 'aGk=')).toBeNull();
    expect(mediaUrl('image', 'image/png"><script>', 'aGk=')).toBeNull();
    expect(mediaUrl('audio', 'audio/wav', 'not base64!')).toBeNull();
  });

  it('measures and decodes base64', () => {
    expect(base64Size('aGk=')).toBe(2);
    expect(base64Size('aGVsbG8=')).toBe(5);
    expect(base64Text('aGVsbG8=')).toBe('hello');
    expect(base64Text('/w==')).toBeNull();
  });
});
