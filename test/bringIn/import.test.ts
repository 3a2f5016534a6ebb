// Import from other apps: the standard paths per platform, each app's format, variables, envFile, inputs, and proposing.
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importLocations } from '../../src/main/bringIn/import/importLocations';
import { ServerImport } from '../../src/main/bringIn/import/serverImport';
import { ConfigProposals } from '../../src/main/bringIn/serverProposals';
import { ConfigStore } from '../../src/main/config/configStore';
import { InputService } from '../../src/main/requests/inputs';
import { FileSecretStore } from '../../src/main/settings/fileSecrets';
import { ServerApprovals } from '../../src/main/trust/serverApprovals';
import { SECRET_MASK } from '../../src/shared/entrySecrets';
import type { FoundServer } from '../../src/shared/importing';

/** `${body}` as config files write it. */
const v = (body: string) => `\${${body}}`;
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/import/${name}`, import.meta.url));

describe('importLocations', () => {
  it('knows each app’s files on Linux', () => {
    const paths = importLocations({ platform: 'linux', home: '/home/ana', roots: ['/home/ana/shop'] }).map(
      (location) => `${location.app}: ${location.path}`,
    );
    expect(paths).toEqual([
      'Claude Desktop: /home/ana/.config/Claude/claude_desktop_config.json',
      'Claude Code: /home/ana/.claude.json',
      'VS Code: /home/ana/.config/Code/User/mcp.json',
      'VS Code: /home/ana/.config/Code/User/settings.json',
      'Cursor: /home/ana/.cursor/mcp.json',
      'Windsurf: /home/ana/.codeium/windsurf/mcp_config.json',
      'LM Studio: /home/ana/.lmstudio/mcp.json',
      'Claude Code (project): /home/ana/shop/.mcp.json',
      'VS Code (workspace): /home/ana/shop/.vscode/mcp.json',
      'Cursor (project): /home/ana/shop/.cursor/mcp.json',
    ]);
    expect(importLocations({ platform: 'linux', home: '/h', xdgConfig: '/x' })[0]?.path).toBe(
      '/x/Claude/claude_desktop_config.json',
    );
  });

  it('knows them on macOS', () => {
    const paths = importLocations({ platform: 'darwin', home: '/Users/ana' }).map(
      (location) => location.path,
    );
    expect(paths).toContain('/Users/ana/Library/Application Support/Claude/claude_desktop_config.json');
    expect(paths).toContain('/Users/ana/Library/Application Support/Code/User/mcp.json');
    expect(paths).toContain('/Users/ana/.cursor/mcp.json');
    expect(paths).toContain('/Users/ana/.lmstudio/mcp.json');
  });

  it('knows them on Windows, under APPDATA and the profile folder', () => {
    const paths = importLocations({
      platform: 'win32',
      home: 'C:\\Users\\Ana',
      appData: 'C:\\Users\\Ana\\AppData\\Roaming',
      roots: ['D:\\work\\shop'],
    }).map((location) => location.path);
    expect(paths).toContain('C:\\Users\\Ana\\AppData\\Roaming\\Claude\\claude_desktop_config.json');
    expect(paths).toContain('C:\\Users\\Ana\\AppData\\Roaming\\Code\\User\\settings.json');
    expect(paths).toContain('C:\\Users\\Ana\\.claude.json');
    expect(paths).toContain('C:\\Users\\Ana\\.codeium\\windsurf\\mcp_config.json');
    expect(paths).toContain('D:\\work\\shop\\.vscode\\mcp.json');
    expect(importLocations({ platform: 'win32', home: 'C:\\Users\\Bo' })[0]?.path).toBe(
      'C:\\Users\\Bo\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
    );
  });
});

async function homeWithEveryApp(): Promise<{ home: string; workspace: string }> {
  const home = await mkdtemp(join(tmpdir(), 'switchboard-import-home-'));
  const place = async (name: string, ...at: string[]) => {
    const target = join(home, ...at);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(fixture(name), target);
  };
  await place('claude_desktop_config.json', '.config', 'Claude', 'claude_desktop_config.json');
  await place('claude.json', '.claude.json');
  await place('vscode-mcp.json', '.config', 'Code', 'User', 'mcp.json');
  await place('vscode-settings.json', '.config', 'Code', 'User', 'settings.json');
  await place('cursor-mcp.json', '.cursor', 'mcp.json');
  await place('windsurf-mcp_config.json', '.codeium', 'windsurf', 'mcp_config.json');
  await place('lmstudio-mcp.json', '.lmstudio', 'mcp.json');
  await place('workspace.env', 'shop', '.env');
  return { home, workspace: join(home, 'shop') };
}

async function importer(home: string, servers: Record<string, unknown> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-import-data-'));
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ mcpServers: servers }));
  const config = new ConfigStore(join(dataDir, 'config.json'));
  await config.load();
  const approvals = new ServerApprovals(join(dataDir, 'server-approvals.json'));
  await approvals.load();
  const inputs = new InputService({
    secrets: new FileSecretStore(join(dataDir, 'credentials.json')),
    emit: () => {},
    declared: () => config.current.inputs ?? [],
  });
  const proposals = new ConfigProposals(config, approvals, inputs);
  const imports = new ServerImport({ config, proposals, platform: () => ({ platform: 'linux', home }) });
  return { imports, config, approvals, dataDir };
}

const byName = (servers: FoundServer[], name: string, app?: string) =>
  servers.find((server) => server.name === name && (!app || server.source.app === app));

describe('ServerImport', () => {
  it('finds every app’s servers at their standard places, with what each would run', async () => {
    const { home, workspace } = await homeWithEveryApp();
    const { imports } = await importer(home, { filesystem: { command: 'mine' } });
    const scan = await imports.scan({ workspaceFolder: workspace });
    expect(scan.problems).toEqual([]);
    const names = scan.servers.map((server) => `${server.source.app}/${server.name}`);
    expect(names).toEqual([
      'Claude Desktop/filesystem',
      'Claude Desktop/brave-search',
      'Claude Code/airtable',
      'Claude Code/sentry',
      'Claude Code (project /home/person/code/shop)/db',
      'VS Code/Perplexity',
      'VS Code/fetch',
      'VS Code/github',
      'VS Code/time',
      'Cursor/server-name',
      'Cursor/remote',
      'Windsurf/github',
      'Windsurf/figma',
      'LM Studio/hf-mcp-server',
    ]);
    const filesystem = byName(scan.servers, 'filesystem');
    expect(filesystem).toMatchObject({
      exists: true,
      source: { app: 'Claude Desktop', path: '~/.config/Claude/claude_desktop_config.json' },
      launch: {
        transport: 'stdio',
        command: 'npx',
        args: [
          '-y',
          '@modelcontextprotocol/server-filesystem',
          '/Users/username/Desktop',
          '/Users/username/Downloads',
        ],
      },
    });
    expect(byName(scan.servers, 'brave-search')?.launch).toMatchObject({
      env: [{ name: 'BRAVE_API_KEY', value: '•••••• (hidden)' }],
    });
    expect(byName(scan.servers, 'sentry')?.entry).toEqual({
      type: 'http',
      url: 'https://mcp.sentry.dev/mcp',
    });
    expect(byName(scan.servers, 'figma')?.entry).toEqual({ url: 'https://example.com/figma/sse' });
    expect(byName(scan.servers, 'remote')?.entry).toEqual({
      url: 'http://localhost:3000/mcp',
      headers: { API_KEY: SECRET_MASK },
    });
    expect(byName(scan.servers, 'remote')?.launch).toEqual({
      transport: 'auto',
      url: 'http://localhost:3000/mcp',
      headers: [{ name: 'API_KEY', value: '•••••• (hidden)' }],
    });
    expect(byName(scan.servers, 'time')?.entry).toEqual({
      command: 'uvx',
      args: ['mcp-server-time', '--local-timezone=Europe/Paris'],
    });
  });

  it('carries VS Code’s inputs, reads envFile, maps the workspace folder and reports what it cannot carry', async () => {
    const { home, workspace } = await homeWithEveryApp();
    const { imports } = await importer(home);
    const scan = await imports.scan({ workspaceFolder: workspace });
    const perplexity = byName(scan.servers, 'Perplexity');
    expect(perplexity?.entry).toEqual({
      command: 'npx',
      args: ['-y', 'server-perplexity-ask', '--root', `${workspace}/docs`],
      env: {
        DEBUG: '1',
        GREETING: 'hello world',
        PERPLEXITY_API_KEY: v('input:perplexity-key'),
        REGION: v('input:region'),
      },
    });
    expect(perplexity?.inputs).toEqual([
      { id: 'perplexity-key', type: 'promptString', description: 'Perplexity API Key', password: true },
    ]);
    // The import dialog says what a reference stands for, and that the person will be asked for it.
    expect(perplexity?.launch).toMatchObject({
      env: expect.arrayContaining([
        { name: 'PERPLEXITY_API_KEY', value: 'value you will be asked for (input perplexity-key)' },
      ]),
    });
    expect(perplexity?.notes.join('\n')).toMatch(/Not carried over .*: dev\./);
    expect(perplexity?.notes.join('\n')).toMatch(/input "region" is not a text prompt/);
    expect(byName(scan.servers, 'fetch')?.notes).toEqual([
      `Unknown variable ${v('pathSeparator')} in args is left as written: Switchboard does not fill it in.`,
    ]);
    expect(byName(scan.servers, 'fetch')?.entry).toMatchObject({
      args: ['mcp-server-fetch', `--sep=${v('pathSeparator')}`],
    });
    const airtable = byName(scan.servers, 'airtable', 'Claude Code');
    expect(airtable?.entry).toMatchObject({ env: { AIRTABLE_API_KEY: v('env:AIRTABLE_API_KEY') } });
    expect(airtable?.notes).toEqual([
      `${v('AIRTABLE_API_KEY')} in env becomes ${v('env:AIRTABLE_API_KEY')}: its value is read from Switchboard's environment at start.`,
    ]);
    const windsurf = byName(scan.servers, 'github', 'Windsurf');
    expect(windsurf?.entry).toMatchObject({ disabled: true });
    expect(windsurf?.notes).toEqual(['Not carried over (Switchboard has no such setting): alwaysAllow.']);

    const withoutFolder = await imports.scan({});
    expect(byName(withoutFolder.servers, 'Perplexity')?.notes.join('\n')).toMatch(
      /\$\{workspaceFolder\} in args is left as written: choose a project folder/,
    );
  });

  it('reads a chosen file or pasted JSON, and names a file that is not JSON', async () => {
    const { home } = await homeWithEveryApp();
    const { imports } = await importer(home);
    const chosen = await imports.scan({ path: fixture('cursor-mcp.json') });
    expect(chosen.servers.map((server) => [server.source.app, server.name])).toEqual([
      ['File you chose', 'server-name'],
      ['File you chose', 'remote'],
    ]);
    const pasted = await imports.scan({
      text: '"mcpServers": { "p": { "command": "node", "args": ["x.js",], }, }',
    });
    expect(pasted.servers).toMatchObject([
      { name: 'p', source: { app: 'Pasted text' }, entry: { command: 'node', args: ['x.js'] } },
    ]);
    const broken = await imports.scan({ path: fixture('workspace.env') });
    expect(broken.problems).toHaveLength(1);
    expect(broken.problems[0]?.message).toMatch(/not valid JSON/);
  });

  it('proposes the chosen servers with their origin, declares their inputs, and follows each name-clash choice', async () => {
    const { home, workspace } = await homeWithEveryApp();
    const { imports, config, approvals } = await importer(home, {
      filesystem: { command: 'mine' },
      'brave-search': { command: 'old' },
    });
    const scan = await imports.scan({ workspaceFolder: workspace });
    const key = (name: string) => byName(scan.servers, name)!.key;
    const result = await imports.add(scan.id, [
      { key: key('filesystem'), clash: 'rename' },
      { key: key('brave-search'), clash: 'replace' },
      { key: key('Perplexity'), clash: 'skip' },
    ]);
    expect(result).toEqual({ added: ['filesystem-2', 'brave-search', 'Perplexity'], skipped: [] });
    const file = JSON.parse(await readFile(config.path, 'utf8'));
    expect(file.mcpServers.filesystem).toEqual({ command: 'mine' });
    expect(file.mcpServers['brave-search'].command).toBe('npx');
    expect(file.inputs).toEqual([
      { id: 'perplexity-key', type: 'promptString', description: 'Perplexity API Key', password: true },
    ]);
    expect(approvals.state('filesystem-2', file.mcpServers['filesystem-2'])).toBe('waiting');
    expect(approvals.originOf('filesystem-2', file.mcpServers['filesystem-2'])).toEqual({
      route: 'import',
      from: 'Claude Desktop — ~/.config/Claude/claude_desktop_config.json',
    });
    const again = await imports.add(scan.id, [{ key: key('filesystem'), clash: 'skip' }]);
    expect(again).toEqual({ added: [], skipped: ['filesystem'] });
  });
});
