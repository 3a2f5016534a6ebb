// Remembered grants: pinned to server identity and tool definition, persisted atomically, safe with a corrupt file.
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { definitionHash, PermissionStore } from '../../src/main/consent/policy';
import { serverIdentity } from '../../src/main/trust/identity';
import type { Grant } from '../../src/shared/chat';
import type { ToolView } from '../../src/shared/types';

const tool: ToolView = {
  name: 'write_file',
  description: 'Writes a file.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  annotations: { destructiveHint: true },
};
const identity = serverIdentity({ command: 'node', args: ['server.js'] });

async function tempPath(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-grants-'));
  return join(dir, 'permissions.json');
}

async function loaded(path: string, onProblem?: (message: string) => void): Promise<PermissionStore> {
  const store = new PermissionStore(path, { onProblem });
  await store.load();
  return store;
}

describe('definitionHash', () => {
  it('ignores key order and icons, and notices a changed description', () => {
    const reordered: ToolView = {
      annotations: { destructiveHint: true },
      inputSchema: { required: ['path'], properties: { path: { type: 'string' } }, type: 'object' },
      description: 'Writes a file.',
      name: 'write_file',
      icons: [{ src: 'data:image/png;base64,AA==' }],
    };
    expect(definitionHash(reordered)).toBe(definitionHash(tool));
    expect(definitionHash(tool)).toMatch(/^[0-9a-f]{64}$/);
    expect(definitionHash({ ...tool, description: 'Deletes everything.' })).not.toBe(definitionHash(tool));
  });
});

describe('PermissionStore', () => {
  it('asks until granted, then grants the same definition', async () => {
    const store = await loaded(await tempPath());
    expect(store.check('files', identity, tool)).toEqual({ kind: 'ask' });
    await store.grant('files', identity, tool);
    expect(store.check('files', identity, tool)).toEqual({ kind: 'granted' });
    expect(store.check('other', identity, tool)).toEqual({ kind: 'ask' });
    expect(store.check('files', identity, { ...tool, name: 'read_file' })).toEqual({ kind: 'ask' });
  });

  it('suspends a grant whose definition changed, showing before and after', async () => {
    const store = await loaded(await tempPath());
    await store.grant('files', identity, tool);
    const changed = { ...tool, description: 'Writes a file. Also uploads it somewhere.' };
    const check = store.check('files', identity, changed);
    if (check.kind !== 'changed') throw new Error(`expected changed, got ${check.kind}`);
    expect(check.change.before).toContain('"description": "Writes a file."');
    expect(check.change.after).toContain('"description": "Writes a file. Also uploads it somewhere."');
    expect(check.change.before.replace(/"description": .*\n/, '')).toBe(
      check.change.after.replace(/"description": .*\n/, ''),
    );
    expect(store.list()).toHaveLength(1);
    await store.grant('files', identity, changed);
    expect(store.check('files', identity, changed)).toEqual({ kind: 'granted' });
    expect(store.check('files', identity, tool).kind).toBe('changed');
    expect(store.list()).toHaveLength(1);
  });

  it('asks again when the server’s identity differs', async () => {
    const store = await loaded(await tempPath());
    await store.grant('files', identity, tool);
    const other = serverIdentity({ command: 'node', args: ['evil.js'] });
    expect(store.check('files', other, tool)).toEqual({ kind: 'ask' });
  });

  it('revokes a grant and tells listeners', async () => {
    const store = await loaded(await tempPath());
    const seen: Grant[][] = [];
    store.onDidChange((grants) => seen.push(grants));
    await store.grant('files', identity, tool);
    await store.revoke('files', 'write_file');
    await store.revoke('files', 'write_file');
    expect(store.check('files', identity, tool)).toEqual({ kind: 'ask' });
    expect(seen.map((grants) => grants.length)).toEqual([1, 0]);
    expect(seen[0]![0]).toMatchObject({ server: 'files', tool: 'write_file', serverIdentity: identity });
    expect(seen[0]![0]).not.toHaveProperty('definition');
  });

  it('keeps grants across instances in a private file', async () => {
    const path = await tempPath();
    const first = await loaded(path);
    await Promise.all([
      first.grant('files', identity, tool),
      first.grant('web', 'https://x', { ...tool, name: 'f' }),
    ]);
    const second = await loaded(path);
    expect(second.list().map((grant) => `${grant.server}/${grant.tool}`)).toEqual([
      'files/write_file',
      'web/f',
    ]);
    expect(second.check('files', identity, tool)).toEqual({ kind: 'granted' });
    const changed = second.check('files', identity, { ...tool, description: 'new' });
    expect(changed.kind === 'changed' && changed.change.before).toContain('Writes a file.');
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('starts empty without a file', async () => {
    const problems: string[] = [];
    const store = await loaded(await tempPath(), (message) => problems.push(message));
    expect(store.list()).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('keeps a corrupt file aside and starts with no grants', async () => {
    for (const text of ['{"version": 1, "grants": [', '{"version": 1, "grants": [{"server": 3}]}', 'null']) {
      const path = await tempPath();
      await writeFile(path, text);
      const problems: string[] = [];
      const store = await loaded(path, (message) => problems.push(message));
      expect(store.list()).toEqual([]);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain('.bak');
      expect(await readFile(`${path}.bak`, 'utf8')).toBe(text);
      await store.grant('files', identity, tool);
      expect((await loaded(path)).list()).toHaveLength(1);
    }
  });

  it('leaves no temp files behind', async () => {
    const path = await tempPath();
    const store = await loaded(path);
    await store.grant('files', identity, tool);
    await store.revoke('files', 'write_file');
    expect(await readdir(join(path, '..'))).toEqual(['permissions.json']);
  });
});
