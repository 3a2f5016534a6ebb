// Workspace resources over the protocol: paged listing with ignore rules, reads through paths.ts, subscriptions,
// list_changed when files come and go, and roots that change.
import { appendFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWorkspace, type Harness, link, removeAll, tempFolder, until, writeTree } from './harness';

let root: string;
let outside: string;
let host: Harness;
const FILES = 250;

beforeAll(async () => {
  root = await tempFolder('ws-res-');
  outside = await tempFolder('ws-res-out-');
  const tree: Record<string, string> = {};
  for (let i = 0; i < FILES; i++) tree[`docs/page-${String(i).padStart(3, '0')}.md`] = `# Page ${i}\n`;
  for (let i = 0; i < 30; i++) tree[`node_modules/pkg${i}/index.js`] = 'x';
  Object.assign(tree, {
    '.git/HEAD': 'ref: refs/heads/main',
    '.venv/bin/python': 'x',
    '__pycache__/a.pyc': 'x',
    'dist/app.js': 'x',
    'src/.DS_Store': 'x',
    'src/main.py': 'print("hi")\n',
    'logo.png': '\u0089PNG',
  });
  await writeTree(root, tree);
  await writeTree(outside, { 'secret.txt': 'top secret' });
  await link(root, 'leak', path.join(outside, 'secret.txt'));
  host = await connectWorkspace({ roots: [root] });
});

afterAll(async () => {
  await host.close();
  await removeAll(root, outside);
});

const uriOf = (relative: string) => pathToFileURL(path.join(root, relative)).href;

describe('resources/list', () => {
  it('pages 200 at a time with an opaque cursor, leaving ignored folders out', async () => {
    const first = await host.client.request({ method: 'resources/list', params: {} });
    expect(first.resources).toHaveLength(200);
    expect(first.nextCursor).toBeTypeOf('string');
    const second = await host.client.listResources({ cursor: first.nextCursor }, { cacheMode: 'bypass' });
    expect(second.nextCursor).toBeUndefined();
    const all = [...first.resources, ...second.resources];
    expect(all).toHaveLength(FILES + 2);
    const names = all.map((resource) => resource.name);
    expect(names).toContain('src/main.py');
    expect(names).toContain('logo.png');
    expect(
      names.filter((name) => /node_modules|\.git|\.venv|__pycache__|dist|DS_Store|leak/.test(name)),
    ).toEqual([]);
    expect(all.find((resource) => resource.name === 'src/main.py')).toEqual({
      uri: uriOf('src/main.py'),
      name: 'src/main.py',
      mimeType: 'text/x-python',
      size: 12,
    });
  });

  it('gives the whole list to a client that walks every page', async () => {
    const { resources } = await host.client.listResources(undefined, { cacheMode: 'bypass' });
    expect(resources).toHaveLength(FILES + 2);
  });

  it('offers the file template', async () => {
    const { resourceTemplates } = await host.client.listResourceTemplates(undefined, { cacheMode: 'bypass' });
    expect(resourceTemplates).toEqual([
      expect.objectContaining({ uriTemplate: 'file:///{+path}', name: 'file' }),
    ]);
  });
});

describe('resources/read', () => {
  it('reads text and binary files', async () => {
    const text = await host.client.readResource({ uri: uriOf('src/main.py') }, { cacheMode: 'bypass' });
    expect(text.contents).toEqual([
      { uri: uriOf('src/main.py'), mimeType: 'text/x-python', text: 'print("hi")\n' },
    ]);
    const image = await host.client.readResource({ uri: uriOf('logo.png') }, { cacheMode: 'bypass' });
    expect(image.contents[0]).toMatchObject({ mimeType: 'image/png', blob: expect.any(String) });
  });

  it('refuses traversal, links out, encoded tricks and other schemes', async () => {
    const base = pathToFileURL(root).href;
    const attempts: Array<[string, string]> = [
      [`${base}/../${path.basename(outside)}/secret.txt`, 'outside the shared folders'],
      [pathToFileURL(path.join(outside, 'secret.txt')).href, 'outside the shared folders'],
      [`${base}/leak`, 'through a link'],
      [`${base}/%2e%2e/${path.basename(outside)}/secret.txt`, "hides '..'"],
      [`${base}/..%2f${path.basename(outside)}%2fsecret.txt`, 'encoded separator'],
      [`${base}/%252e%252e/secret.txt`, 'encoded twice'],
      ['file://evil.example/etc/passwd', 'another computer'],
      ['https://example.com/x', 'Only file:// resources'],
    ];
    for (const [uri, says] of attempts) {
      await expect(host.client.readResource({ uri }, { cacheMode: 'bypass' }), uri).rejects.toThrow(says);
    }
  });

  it('says when a file does not exist', async () => {
    await expect(
      host.client.readResource({ uri: uriOf('nope.md') }, { cacheMode: 'bypass' }),
    ).rejects.toThrow('Nothing exists at');
  });
});

describe('notifications', () => {
  it('reports resources/updated for a subscribed file that changes, debounced', async () => {
    const uri = uriOf('src/main.py');
    const main = path.join(root, 'src/main.py');
    const sentinel = uriOf('docs/page-249.md');
    const updates = (item: string) => host.updated.filter((updated) => updated === item).length;
    /** Changes a second watched file and waits for its update: anything the changes before it caused has come. */
    const settled = async () => {
      const seen = updates(sentinel);
      await appendFile(path.join(root, 'docs/page-249.md'), 'more\n');
      await until('the sentinel update', () => updates(sentinel) > seen);
    };
    await host.client.subscribeResource({ uri });
    await host.client.subscribeResource({ uri: sentinel });
    await appendFile(main, 'print("again")\n');
    await appendFile(main, 'print("and again")\n');
    await until('resources/updated', () => updates(uri) > 0);
    await settled();
    expect(updates(uri)).toBe(1);
    await writeFile(path.join(root, 'src/.main.py.tmp'), 'print("saved by an editor")\n');
    await rename(path.join(root, 'src/.main.py.tmp'), main);
    await until('resources/updated after a replace-on-save', () => updates(uri) === 2);
    await host.client.unsubscribeResource({ uri });
    await writeFile(main, 'changed after unsubscribe\n');
    await settled();
    expect(updates(uri)).toBe(2);
    await host.client.unsubscribeResource({ uri: sentinel });
  });

  it('refuses a subscription outside the roots', async () => {
    await expect(host.client.subscribeResource({ uri: `${pathToFileURL(root).href}/leak` })).rejects.toThrow(
      'through a link',
    );
  });

  it('reports list_changed when a file appears or goes, but not for ignored folders', async () => {
    await host.client.listResources(undefined, { cacheMode: 'bypass' });
    const before = host.listChanged();
    await writeTree(root, { 'node_modules/late/index.js': 'x' });
    await writeTree(root, { 'docs/new-page.md': '# New\n' });
    await until('list_changed after adding', () => host.listChanged() > before);
    // The file in the ignored folder came first: it would be in the list that followed, had it counted.
    const { resources } = await host.client.listResources(undefined, { cacheMode: 'bypass' });
    const names = resources.map((resource) => resource.name);
    expect(names).toContain('docs/new-page.md');
    expect(names.filter((name) => name.includes('late'))).toEqual([]);

    const added = host.listChanged();
    await rm(path.join(root, 'docs/new-page.md'));
    await until('list_changed after removing', () => host.listChanged() > added);
  });

  it('answers lists at once while the host is still asking about roots, and tools wait', async () => {
    let release = () => {};
    const held = await connectWorkspace({
      roots: [root],
      holdRoots: new Promise<void>((resolve) => {
        release = resolve;
      }),
      listWaitMs: 100,
    });
    try {
      let answered = false;
      const reading = held.call('read_file', { path: 'docs/page-000.md' }).finally(() => {
        answered = true;
      });
      // The list sent after the tool call answers once it has waited its 100 ms for the roots: the tool
      // call, taken first, would have been answered by then had it not waited for them.
      expect((await held.client.listResources(undefined, { cacheMode: 'bypass' })).resources).toEqual([]);
      expect(answered).toBe(false);
      release();
      expect((await reading).content[0]).toMatchObject({ text: '# Page 0\n' });
      await until('list_changed once the roots arrived', () => held.listChanged() > 0);
      const { resources } = await held.client.listResources(undefined, { cacheMode: 'bypass' });
      expect(resources).toHaveLength(FILES + 2);
    } finally {
      await held.close();
    }
  });

  it('follows roots/list_changed: a new root becomes visible, a dropped one goes', async () => {
    const other = await tempFolder('ws-res-other-');
    try {
      await writeTree(other, { 'notes/hello.md': 'hello from the new root' });
      const before = host.listChanged();
      await host.setRoots([root, other]);
      await until('list_changed after roots changed', () => host.listChanged() > before);
      const { resources } = await host.client.listResources(undefined, { cacheMode: 'bypass' });
      const newFile = path.join(other, 'notes', 'hello.md');
      expect(resources.map((resource) => resource.name)).toContain(newFile);
      const read = await host.call('read_file', { path: newFile });
      expect(read.content[0]).toMatchObject({ text: 'hello from the new root' });

      await host.setRoots([root]);
      await until(
        'the dropped root to be refused',
        async () => (await host.call('read_file', { path: newFile })).isError,
      );
    } finally {
      await removeAll(other);
    }
  });
});
