// Reads install links (Switchboard's own, VS Code's, Cursor's and LM Studio's) into one proposed server; it never runs anything.
import { firstIssueWords, serverEntrySchema, serverNameSchema } from '../../shared/configSchema';
import { formatHostText, type HostText } from '../../shared/hostText';
import type { ServerEntry } from '../../shared/types';

/** Whose link shape it was, for the approval dialog's "from". */
export type LinkShape = 'switchboard' | 'vscode' | 'cursor' | 'lmstudio';

export type ParsedLink =
  | { ok: true; shape: LinkShape; name: string; entry: ServerEntry; ignored: string[] }
  | { ok: false; reason: string; text: HostText };

/** Longer links are refused: no real one needs more, and all of it must be shown for approval. */
export const MAX_LINK_LENGTH = 64 * 1024;

const ENTRY_KEYS = new Set(['type', 'command', 'args', 'env', 'cwd', 'url', 'headers']);

/**
 * Reads `switchboard://install?config=<base64 JSON>` (`{name, ...entry}`), `vscode:mcp/install?<JSON>`
 * (and `vscode-insiders:`, and the `https://insiders.vscode.dev/redirect/mcp/install?name=&config=` badge form),
 * `cursor://anysphere.cursor-deeplink/mcp/install?name=&config=<base64>` and
 * `lmstudio://add_mcp?name=&config=<base64>` (and `https://lmstudio.ai/install-mcp?…`).
 * Keys an entry cannot have are named in `ignored`, never silently dropped.
 */
export function parseInstallLink(text: string): ParsedLink {
  const link = text.trim();
  if (!link) return refuse({ id: 'host.bringIn.linkEmpty' });
  if (link.length > MAX_LINK_LENGTH) return refuse({ id: 'host.bringIn.linkTooLong' });
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return refuse({ id: 'host.bringIn.notALink' });
  }
  const where = `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
  const params = url.searchParams;
  switch (url.protocol) {
    case 'switchboard:':
      if (!/^switchboard:\/\/install$/.test(where)) return refuse({ id: 'host.bringIn.switchboardShape' });
      return fromJson('switchboard', decodeBase64(params.get('config')), undefined);
    case 'vscode:':
    case 'vscode-insiders:': {
      if (!/^mcp\/install$/.test(url.pathname)) return refuse({ id: 'host.bringIn.vscodeShape' });
      return fromJson('vscode', safeDecode(url.search.slice(1)), undefined);
    }
    case 'cursor:':
      if (url.host !== 'anysphere.cursor-deeplink' || url.pathname !== '/mcp/install') {
        return refuse({ id: 'host.bringIn.cursorShape' });
      }
      return fromJson('cursor', decodeBase64(params.get('config')), params.get('name') ?? undefined);
    case 'lmstudio:':
      if (url.host !== 'add_mcp') return refuse({ id: 'host.bringIn.lmstudioShape' });
      return fromJson('lmstudio', decodeBase64(params.get('config')), params.get('name') ?? undefined);
    case 'https:':
      if (url.host === 'insiders.vscode.dev' && url.pathname === '/redirect/mcp/install') {
        return fromJson('vscode', params.get('config') ?? undefined, params.get('name') ?? undefined);
      }
      if (url.host === 'lmstudio.ai' && url.pathname === '/install-mcp') {
        return fromJson('lmstudio', decodeBase64(params.get('config')), params.get('name') ?? undefined);
      }
      return refuse({ id: 'host.bringIn.unknownWebLink' });
    default:
      return refuse({ id: 'host.bringIn.unknownScheme', values: { scheme: url.protocol } });
  }
}

function fromJson(shape: LinkShape, json: string | undefined, givenName: string | undefined): ParsedLink {
  if (json === undefined) return refuse({ id: 'host.bringIn.noConfig' });
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return refuse({ id: 'host.bringIn.configNotJson' });
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return refuse({ id: 'host.bringIn.configNotObject' });
  }
  const record = value as Record<string, unknown>;
  const name = givenName ?? (typeof record.name === 'string' ? record.name : undefined);
  const checkedName = serverNameSchema.safeParse(name ?? '');
  if (!checkedName.success) {
    return refuse({
      id: 'host.bringIn.badName',
      values: { name: name ?? '', problem: firstIssueWords(checkedName.error) ?? 'invalid' },
    });
  }
  const ignored: string[] = [];
  const candidate: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    if (key === 'name') continue;
    if (ENTRY_KEYS.has(key)) candidate[key] = item;
    else ignored.push(key);
  }
  if (candidate.type === 'streamable-http' || candidate.type === 'streamableHttp') candidate.type = 'http';
  if (candidate.type === 'stdio' && candidate.url !== undefined)
    return refuse({ id: 'host.bringIn.commandAndAddress' });
  if (candidate.url !== undefined && candidate.type === undefined) candidate.type = 'http';
  const entry = serverEntrySchema.safeParse(candidate);
  if (!entry.success) {
    const issue = entry.error.issues[0];
    const path = issue?.path.join('.');
    return refuse({
      id: 'host.bringIn.configUnusable',
      values: {
        located: path ? 'yes' : 'no',
        path: path ?? '',
        problem: firstIssueWords(entry.error) ?? 'invalid',
      },
    });
  }
  return { ok: true, shape, name: checkedName.data, entry: entry.data, ignored };
}

function decodeBase64(text: string | null): string | undefined {
  if (text === null) return undefined;
  const normal = text.replace(/-/g, '+').replace(/_/g, '/').replace(/\s+/g, '+');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(normal)) return '\u0000not base64';
  return Buffer.from(normal, 'base64').toString('utf8');
}

function safeDecode(text: string): string | undefined {
  if (!text) return undefined;
  try {
    return decodeURIComponent(text);
  } catch {
    return '\u0000not encoded';
  }
}

function refuse(text: HostText): ParsedLink {
  return { ok: false, reason: formatHostText(text), text };
}
