// Where other apps keep their MCP server configurations, per platform: one table, pure path logic.
import { posix, win32 } from 'node:path';

/** How a file lists its servers. */
export type ImportFormat =
  /** `{ "mcpServers": { … } }`: Claude Desktop, Claude Code's `.mcp.json`, Cursor, Windsurf, LM Studio. */
  | 'mcpServers'
  /** Claude Code's `~/.claude.json`: `mcpServers` for the user, and `projects[folder].mcpServers`. */
  | 'claudeCode'
  /** VS Code's `mcp.json`: `{ "servers": { … }, "inputs": [ … ] }`. */
  | 'vscode'
  /** VS Code's `settings.json`: `{ "mcp": { "servers": { … }, "inputs": [ … ] } }`. */
  | 'vscodeSettings';

export type ImportLocation = { app: string; path: string; format: ImportFormat };

export type ImportPlatform = {
  platform: NodeJS.Platform;
  /** The home folder (`%USERPROFILE%` on Windows). */
  home: string;
  /** `%APPDATA%` on Windows (when absent: `home\AppData\Roaming`). */
  appData?: string;
  /** `$XDG_CONFIG_HOME` on Linux (when absent: `~/.config`). */
  xdgConfig?: string;
  /** Project folders the person works in: their `.mcp.json`, `.cursor/mcp.json` and `.vscode/mcp.json`. */
  roots?: readonly string[];
};

/** Every place an app's configuration may be on this platform, in a stable order (existing or not). */
export function importLocations(where: ImportPlatform): ImportLocation[] {
  const path = where.platform === 'win32' ? win32 : posix;
  const home = where.home;
  const appSupport =
    where.platform === 'win32'
      ? (where.appData ?? path.join(home, 'AppData', 'Roaming'))
      : where.platform === 'darwin'
        ? path.join(home, 'Library', 'Application Support')
        : (where.xdgConfig ?? path.join(home, '.config'));
  const vscodeUser = path.join(appSupport, 'Code', 'User');
  const locations: ImportLocation[] = [
    {
      app: 'Claude Desktop',
      path: path.join(appSupport, 'Claude', 'claude_desktop_config.json'),
      format: 'mcpServers',
    },
    { app: 'Claude Code', path: path.join(home, '.claude.json'), format: 'claudeCode' },
    { app: 'VS Code', path: path.join(vscodeUser, 'mcp.json'), format: 'vscode' },
    { app: 'VS Code', path: path.join(vscodeUser, 'settings.json'), format: 'vscodeSettings' },
    { app: 'Cursor', path: path.join(home, '.cursor', 'mcp.json'), format: 'mcpServers' },
    {
      app: 'Windsurf',
      path: path.join(home, '.codeium', 'windsurf', 'mcp_config.json'),
      format: 'mcpServers',
    },
    { app: 'LM Studio', path: path.join(home, '.lmstudio', 'mcp.json'), format: 'mcpServers' },
  ];
  for (const root of where.roots ?? []) {
    locations.push(
      { app: 'Claude Code (project)', path: path.join(root, '.mcp.json'), format: 'mcpServers' },
      { app: 'VS Code (workspace)', path: path.join(root, '.vscode', 'mcp.json'), format: 'vscode' },
      { app: 'Cursor (project)', path: path.join(root, '.cursor', 'mcp.json'), format: 'mcpServers' },
    );
  }
  return locations;
}

/** `path` with the home folder written as `~`, for showing. */
export function shortPath(path: string, home: string): string {
  if (!home) return path;
  if (path === home) return '~';
  for (const separator of ['/', '\\']) {
    if (path.startsWith(`${home}${separator}`)) return `~${separator}${path.slice(home.length + 1)}`;
  }
  return path;
}
