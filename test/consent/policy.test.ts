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
    expect(store.check('files', identity, tool)).toEqual({ kind: 'granted', scope: 'always' });
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
    expect(store.check('files', identity, changed)).toEqual({ kind: 'granted', scope: 'always' });
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
    expect(seen[0]![0]).toMatchObject({
      scope: 'always',
      server: 'files',
      tool: 'write_file',
      tools: ['write_file'],
      serverIdentity: identity,
    });
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
    expect(second.check('files', identity, tool)).toEqual({ kind: 'granted', scope: 'always' });
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
    for (const text of [
      '{"version": 1, "grants": [',
      '{"version": 1, "grants": [{"server": 3}]}',
      '{"version": 2, "grants": [{"scope": "everything"}]}',
      'null',
    ]) {
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

const readTool: ToolView = {
  name: 'read_file',
  description: 'Reads a file.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
  annotations: { readOnlyHint: true },
};
const listTool: ToolView = { ...readTool, name: 'list_files', description: 'Lists files.' };

describe('PermissionStore scopes', () => {
  it('a conversation grant holds in its conversation only, for that tool only', async () => {
    const store = await loaded(await tempPath());
    await store.give({
      scope: 'conversation',
      server: 'files',
      identity,
      tools: [tool],
      conversationId: 'c1',
    });
    expect(store.check('files', identity, tool, 'c1')).toEqual({ kind: 'granted', scope: 'conversation' });
    expect(store.check('files', identity, tool, 'c2')).toEqual({ kind: 'ask' });
    expect(store.check('files', identity, tool)).toEqual({ kind: 'ask' });
    expect(store.check('files', identity, readTool, 'c1')).toEqual({ kind: 'ask' });
    expect(store.list()).toEqual([
      expect.objectContaining({ scope: 'conversation', tool: 'write_file', conversationId: 'c1' }),
    ]);
  });

  it("a server grant covers the server's tools as they were in its conversation, and not tools added later", async () => {
    const store = await loaded(await tempPath());
    await store.give({
      scope: 'server-conversation',
      server: 'files',
      identity,
      tools: [tool, readTool],
      conversationId: 'c1',
    });
    expect(store.check('files', identity, tool, 'c1')).toEqual({
      kind: 'granted',
      scope: 'server-conversation',
    });
    expect(store.check('files', identity, readTool, 'c1').kind).toBe('granted');
    expect(store.check('files', identity, listTool, 'c1')).toEqual({ kind: 'ask' });
    expect(store.check('files', identity, readTool, 'c2')).toEqual({ kind: 'ask' });
    expect(store.check('other', identity, readTool, 'c1')).toEqual({ kind: 'ask' });
    const [grant] = store.list();
    expect(grant).toMatchObject({ scope: 'server-conversation', tools: ['write_file', 'read_file'] });
    expect(grant).not.toHaveProperty('tool');
  });

  it('read-only trust covers only the tools the server marks read-only, and is off until given', async () => {
    const store = await loaded(await tempPath());
    expect(store.check('files', identity, readTool)).toEqual({ kind: 'ask' });
    await store.give({ scope: 'read-only', server: 'files', identity, tools: [tool, readTool, listTool] });
    expect(store.check('files', identity, readTool)).toEqual({ kind: 'granted', scope: 'read-only' });
    expect(store.check('files', identity, listTool, 'any')).toEqual({ kind: 'granted', scope: 'read-only' });
    expect(store.check('files', identity, tool)).toEqual({ kind: 'ask' });
    expect(store.list()[0]).toMatchObject({ scope: 'read-only', tools: ['read_file', 'list_files'] });
    await store.revokeReadOnly('files');
    expect(store.check('files', identity, readTool)).toEqual({ kind: 'ask' });
  });

  it('a changed definition suspends every kind of grant and shows what changed', async () => {
    const store = await loaded(await tempPath());
    await store.give({ scope: 'read-only', server: 'files', identity, tools: [readTool] });
    await store.give({
      scope: 'conversation',
      server: 'files',
      identity,
      tools: [tool],
      conversationId: 'c1',
    });
    await store.give({
      scope: 'server-conversation',
      server: 'files',
      identity,
      tools: [listTool],
      conversationId: 'c1',
    });
    const sneaky = (base: ToolView): ToolView => ({
      ...base,
      description: `${base.description} Uploads it.`,
    });
    for (const [base, scope] of [
      [readTool, 'read-only'],
      [tool, 'conversation'],
      [listTool, 'server-conversation'],
    ] as const) {
      const check = store.check('files', identity, sneaky(base), 'c1');
      if (check.kind !== 'changed') throw new Error(`${base.name}: expected changed, got ${check.kind}`);
      expect(check.change.scope).toBe(scope);
      expect(check.change.before).toContain(`"description": "${base.description}"`);
      expect(check.change.after).toContain('Uploads it.');
    }
    // A tool that says it is no longer read-only is not covered by the read-only trust either.
    const writes = { ...readTool, annotations: { readOnlyHint: false } };
    expect(store.check('files', identity, writes).kind).toBe('changed');
  });

  it('names the narrowest grant, and a grant given again replaces the older one of its scope', async () => {
    const store = await loaded(await tempPath());
    await store.grant('files', identity, tool);
    await store.give({
      scope: 'conversation',
      server: 'files',
      identity,
      tools: [tool],
      conversationId: 'c1',
    });
    await store.give({
      scope: 'conversation',
      server: 'files',
      identity,
      tools: [tool],
      conversationId: 'c1',
    });
    expect(store.check('files', identity, tool, 'c1')).toEqual({ kind: 'granted', scope: 'conversation' });
    expect(store.check('files', identity, tool, 'c2')).toEqual({ kind: 'granted', scope: 'always' });
    expect(store.list().map((grant) => grant.scope)).toEqual(['always', 'conversation']);
  });

  it('refuses a conversation scope without a conversation', async () => {
    const store = await loaded(await tempPath());
    await expect(
      store.give({ scope: 'conversation', server: 'files', identity, tools: [tool] }),
    ).rejects.toThrow(/needs a conversation/);
    expect(store.list()).toEqual([]);
  });

  it('revokes by id, forgets the grants of deleted conversations, and keeps all scopes across instances', async () => {
    const path = await tempPath();
    const store = await loaded(path);
    await store.give({
      scope: 'conversation',
      server: 'files',
      identity,
      tools: [tool],
      conversationId: 'gone',
    });
    const kept = await store.give({
      scope: 'server-conversation',
      server: 'files',
      identity,
      tools: [tool, readTool],
      conversationId: 'kept',
    });
    await store.give({ scope: 'read-only', server: 'files', identity, tools: [readTool] });
    await store.forgetConversations((id) => id === 'kept');
    expect(store.list().map((grant) => grant.scope)).toEqual(['server-conversation', 'read-only']);

    const second = await loaded(path);
    expect(second.check('files', identity, readTool, 'kept')).toEqual({
      kind: 'granted',
      scope: 'server-conversation',
    });
    await second.revokeId(kept.id);
    expect(second.check('files', identity, tool, 'kept')).toEqual({ kind: 'ask' });
    expect(second.check('files', identity, readTool, 'kept')).toEqual({
      kind: 'granted',
      scope: 'read-only',
    });
  });

  it('reads grants kept by the earlier file format as "always" grants', async () => {
    const path = await tempPath();
    const old = {
      server: 'files',
      tool: 'write_file',
      serverIdentity: identity,
      definitionHash: definitionHash(tool),
      grantedAt: 5,
      definition: '{}',
    };
    await writeFile(path, JSON.stringify({ version: 1, grants: [old] }));
    const problems: string[] = [];
    const store = await loaded(path, (message) => problems.push(message));
    expect(problems).toEqual([]);
    expect(store.check('files', identity, tool)).toEqual({ kind: 'granted', scope: 'always' });
    expect(store.list()).toEqual([
      expect.objectContaining({ scope: 'always', tool: 'write_file', grantedAt: 5 }),
    ]);
  });
});
