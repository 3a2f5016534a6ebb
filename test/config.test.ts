// config.json: validation with line and field, unknown keys kept, invalid files never overwritten, atomic writes.
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigStore } from '../src/main/config/configStore';
import { KEY_MASK } from '../src/main/config/secretMask';
import { validateConfigText } from '../src/main/config/validate';
import { maskEntry, SECRET_MASK, unmaskEntry } from '../src/shared/entrySecrets';
import type { RemoteServerEntry } from '../src/shared/types';

async function tempConfig(text?: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-config-'));
  const path = join(dir, 'config.json');
  if (text !== undefined) await writeFile(path, text);
  return path;
}

describe('validateConfigText', () => {
  it('accepts Claude Desktop’s shape and remote entries', () => {
    const result = validateConfigText(
      JSON.stringify({
        mcpServers: {
          files: { command: 'npx', args: ['-y', 'server'], env: { A: 'b' }, cwd: '/tmp', disabled: true },
          remote: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'x' } },
        },
      }),
    );
    expect(result.ok).toBe(true);
  });

  it('treats an empty file as no servers', () => {
    expect(validateConfigText('')).toEqual({ ok: true, config: { mcpServers: {} }, invalid: [] });
  });

  it('names the field and its line when a value is wrong', () => {
    const text = '{\n  "mcpServers": {\n    "files": {\n      "command": 42\n    }\n  }\n}';
    const result = validateConfigText(text);
    expect(result.ok && result.invalid[0]?.problem).toMatchObject({
      field: 'mcpServers.files.command',
      line: 4,
    });
  });

  it('refuses a remote entry whose url is not http(s)', () => {
    const result = validateConfigText('{"mcpServers":{"r":{"type":"sse","url":"ftp://x"}}}');
    expect(result.ok && result.invalid[0]?.problem).toMatchObject({ field: 'mcpServers.r.url' });
  });

  it('keeps keys of a server entry it does not know (Cline’s, VS Code’s, a later version’s) and ignores them', () => {
    const cline = { command: 'npx', args: ['x'], autoApprove: ['read'], alwaysAllow: [], timeout: 60 };
    const vscode = { type: 'stdio', command: 'node', envFile: '.env', dev: { watch: 'src/**' } };
    const remote = { url: 'https://example.com/mcp', timeout: 30, futureKey: { a: 1 } };
    const result = validateConfigText(JSON.stringify({ mcpServers: { cline, vscode, remote } }));
    expect(result.ok && { ...result.config.mcpServers }).toEqual({ cline, vscode, remote });
  });

  it('refuses an entry with both a command and a url, naming the field', () => {
    const result = validateConfigText('{"mcpServers":{"a":{"command":"x","url":"https://example.com/mcp"}}}');
    expect(result.ok && result.invalid[0]?.problem.message).toMatch(/either a command .* or a url/);
  });
});

describe('ConfigStore', () => {
  it('keeps top-level keys it does not know when it writes', async () => {
    const path = await tempConfig(
      '{"mcpServers":{},"models":{"providers":[],"default":"local/x"},"theme":"dark"}',
    );
    const store = new ConfigStore(path);
    await store.load();
    await store.update((config) => {
      config.mcpServers.a = { command: 'node' };
    });
    const written = JSON.parse(await readFile(path, 'utf8'));
    expect(written).toEqual({
      mcpServers: { a: { command: 'node' } },
      models: { providers: [], default: 'local/x' },
      theme: 'dark',
    });
  });

  it('reports an invalid file and never overwrites it until a valid one is saved', async () => {
    const broken = '{"mcpServers": {"a": {"command": "node"}}, "models": }';
    const path = await tempConfig(broken);
    const store = new ConfigStore(path);
    const view = await store.load();
    expect(view.problem?.message).toMatch(/value was expected/i);
    await expect(store.update((config) => void config)).rejects.toThrow(/left as it is/);
    await expect(store.save('{"mcpServers": []}', store.view().version)).rejects.toThrow(/mcpServers/);
    expect(await readFile(path, 'utf8')).toBe(broken);

    await store.save('{"mcpServers": {"a": {"command": "node"}}}', store.view().version);
    expect(store.view().problem).toBeUndefined();
    expect(store.current.mcpServers.a).toEqual({ command: 'node' });
  });

  it('starts with no servers when there is no file, and creates it on the first save', async () => {
    const path = await tempConfig();
    const store = new ConfigStore(path);
    expect((await store.load()).problem).toBeUndefined();
    await store.update((config) => {
      config.mcpServers.b = { type: 'http', url: 'https://example.com/mcp' };
    });
    expect(JSON.parse(await readFile(path, 'utf8')).mcpServers.b.url).toBe('https://example.com/mcp');
  });

  it('leaves no temporary files behind after writing', async () => {
    const path = await tempConfig('{}');
    const store = new ConfigStore(path);
    await store.load();
    for (let i = 0; i < 5; i++) {
      await store.update((config) => {
        config.mcpServers[`s${i}`] = { command: 'x' };
      });
    }
    expect(await readdir(join(path, '..'))).toEqual(['config.json']);
  });
});

describe('API keys in config.json', () => {
  const withKey = JSON.stringify({
    mcpServers: {},
    models: {
      providers: [{ id: 'local', type: 'openai-compatible', apiKey: 'sk-secret-123456789', models: ['m'] }],
    },
  });

  it('never shows a stored key to the renderer, and keeps it when the masked text is saved back', async () => {
    const path = await tempConfig(withKey);
    const store = new ConfigStore(path);
    const view = await store.load();
    expect(view.text).not.toContain('sk-secret');
    expect(view.text).toContain(KEY_MASK);

    const edited = JSON.parse(view.text);
    edited.mcpServers.added = { command: 'node' };
    await store.save(JSON.stringify(edited), view.version);
    const written = JSON.parse(await readFile(path, 'utf8'));
    expect(written.models.providers[0].apiKey).toBe('sk-secret-123456789');
    expect(written.mcpServers.added).toEqual({ command: 'node' });
  });

  it('writes the file readable by its owner only', async () => {
    const path = await tempConfig(withKey);
    const store = new ConfigStore(path);
    await store.load();
    await store.update((config) => {
      config.mcpServers.x = { command: 'y' };
    });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });
});

describe('secrets of remote servers in config.json', () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a config.json reference, not a template
  const tokenRef = 'Bearer ${input:token}';
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a config.json reference, not a template
  const hostRef = 'http://${env:HOST}/mcp';
  const withHeaders = JSON.stringify({
    mcpServers: {
      api: {
        url: 'https://api.example.com/mcp',
        headers: {
          Authorization: 'Bearer tok-secret-1',
          'X-Token': tokenRef,
          Accept: 'application/json',
        },
        oauth: { clientId: 'switchboard', clientSecret: 'client-secret-2' },
      },
    },
  });

  it('masks secret header values and the client secret, and keeps them when the masked text is saved back', async () => {
    const path = await tempConfig(withHeaders);
    const store = new ConfigStore(path);
    const view = await store.load();
    expect(view.text).not.toContain('tok-secret-1');
    expect(view.text).not.toContain('client-secret-2');
    const shown = JSON.parse(view.text).mcpServers.api;
    expect(shown.headers).toEqual({
      Authorization: KEY_MASK,
      'X-Token': tokenRef,
      Accept: 'application/json',
    });
    expect(shown.oauth.clientSecret).toBe(KEY_MASK);

    shown.headers['X-Team'] = 'blue';
    await store.save(JSON.stringify({ mcpServers: { api: shown } }), view.version);
    const written = JSON.parse(await readFile(path, 'utf8')).mcpServers.api;
    expect(written.headers.Authorization).toBe('Bearer tok-secret-1');
    expect(written.headers['X-Team']).toBe('blue');
    expect(written.oauth.clientSecret).toBe('client-secret-2');
  });

  it('accepts a remote entry without a type, and refuses plain http off this machine', () => {
    expect(validateConfigText('{"mcpServers":{"a":{"url":"https://x.example/mcp"}}}').ok).toBe(true);
    expect(validateConfigText(JSON.stringify({ mcpServers: { a: { url: hostRef } } })).ok).toBe(true);
    const refused = validateConfigText('{"mcpServers":{"a":{"type":"sse","url":"http://10.0.0.5/sse"}}}');
    expect(refused.ok ? refused.invalid[0]?.problem.message : '').toContain(
      'use https://, or http:// only to this machine',
    );
  });
});

describe('a remote entry as the window sees it', () => {
  it('hides secret header values and the client secret, and gets them back from the stored entry', () => {
    const stored: RemoteServerEntry = {
      url: 'https://api.example.com/mcp',
      headers: { Authorization: 'Bearer tok-1', Accept: 'application/json' },
      oauth: { clientId: 'app', clientSecret: 'shh' },
    };
    const shown = maskEntry(stored) as RemoteServerEntry;
    expect(shown.headers).toEqual({ Authorization: SECRET_MASK, Accept: 'application/json' });
    expect(shown.oauth).toMatchObject({ clientSecret: SECRET_MASK });
    const edited = { ...shown, headers: { ...shown.headers, 'X-New': 'plain' } };
    expect(unmaskEntry(edited, stored)).toEqual({
      ...stored,
      headers: { Authorization: 'Bearer tok-1', Accept: 'application/json', 'X-New': 'plain' },
    });
    expect(unmaskEntry(shown, undefined)).toEqual({
      url: stored.url,
      headers: { Accept: 'application/json' },
      oauth: { clientId: 'app' },
    });
  });
});
