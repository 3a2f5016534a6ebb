// A change made in the app rewrites only what it changes in config.json: the person's layout, order and other entries stay.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigStore } from '../../src/main/config/configStore';
import { editedText } from '../../src/main/config/textEdits';

const HAND_WRITTEN = [
  '{',
  '    "theme": "dark",',
  '    "mcpServers": {',
  '        "files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]},',
  '        "memory": {',
  '            "command": "npx",',
  '            "args": ["-y", "@modelcontextprotocol/server-memory"]',
  '        }',
  '    }',
  '}',
  '',
].join('\n');

async function storeWith(text: string): Promise<{ store: ConfigStore; path: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-format-'));
  const path = join(dir, 'config.json');
  await writeFile(path, text);
  const store = new ConfigStore(path);
  await store.load();
  return { store, path };
}

describe('edits that keep the file as the person wrote it', () => {
  it('adds a server at the end in the file’s own indent, leaving every other line as it was', async () => {
    const { store, path } = await storeWith(HAND_WRITTEN);
    await store.update((config) => {
      config.mcpServers.time = { command: 'uvx', args: ['mcp-server-time'] };
    });
    const written = await readFile(path, 'utf8');
    const before = HAND_WRITTEN.split('\n');
    expect(written.split('\n').slice(0, 7)).toEqual(before.slice(0, 7));
    expect(written).toContain(
      '        },\n        "time": {\n            "command": "uvx",\n            "args": [\n                "mcp-server-time"\n            ]\n        }\n    }\n}\n',
    );
  });

  it('disables a one-line entry within its line, and enables it back to the same text', async () => {
    const { store, path } = await storeWith(HAND_WRITTEN);
    await store.update((config) => {
      config.mcpServers.files!.disabled = true;
    });
    expect(await readFile(path, 'utf8')).toContain(
      '"files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], "disabled": true},',
    );
    await store.update((config) => {
      delete config.mcpServers.files!.disabled;
    });
    expect(await readFile(path, 'utf8')).toBe(HAND_WRITTEN);
  });

  it('removes a server with its comma, leaving the others as written', async () => {
    const { store, path } = await storeWith(HAND_WRITTEN);
    await store.update((config) => {
      delete config.mcpServers.files;
    });
    const written = await readFile(path, 'utf8');
    expect(written).toBe(HAND_WRITTEN.replace(/ {8}"files": .*\n/, ''));
    await store.update((config) => {
      delete config.mcpServers.memory;
    });
    expect(await readFile(path, 'utf8')).toBe('{\n    "theme": "dark",\n    "mcpServers": {}\n}\n');
  });

  it('removes the last server together with a comma written after it', () => {
    const text = '{\n  "mcpServers": {\n    "a": {"command": "x"},\n    "b": {"command": "y"},\n  }\n}\n';
    const before = { mcpServers: { a: { command: 'x' }, b: { command: 'y' } } };
    expect(editedText(text, before, { mcpServers: { a: { command: 'x' } } })).toBe(
      '{\n  "mcpServers": {\n    "a": {"command": "x"}\n  }\n}\n',
    );
  });

  it('changes one value of an entry in place', () => {
    const text =
      '{\n\t"mcpServers": {\n\t\t"a": {\n\t\t\t"command": "x", // mine\n\t\t\t"env": {"A": "1"}\n\t\t}\n\t}\n}';
    const before = { mcpServers: { a: { command: 'x', env: { A: '1' } } } };
    const after = { mcpServers: { a: { command: 'y', env: { A: '1', B: '2' } } } };
    expect(editedText(text, before, after)).toBe(
      '{\n\t"mcpServers": {\n\t\t"a": {\n\t\t\t"command": "y", // mine\n\t\t\t"env": {"A": "1", "B": "2"}\n\t\t}\n\t}\n}',
    );
  });

  it('keeps the layout when the masked text of the editor is saved back', async () => {
    const text =
      '{"mcpServers": {\n  "api": {"url": "https://example.com/mcp", "headers": {"Authorization": "Bearer s3cret"}}\n}}\n';
    const { store, path } = await storeWith(text);
    const shown = store.view();
    expect(shown.text).not.toContain('s3cret');
    await store.save(shown.text.replace('example.com/mcp', 'example.org/mcp'), shown.version);
    expect(await readFile(path, 'utf8')).toBe(text.replace('example.com/mcp', 'example.org/mcp'));
  });
});
