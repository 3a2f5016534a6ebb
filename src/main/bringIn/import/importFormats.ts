// Reads the servers out of each app's file format (JSONC: comments and trailing commas allowed).
import { readJson, readPastedServers } from '../../../shared/serverPaste';
import type { ImportFormat } from './importLocations';

/** A server as another app wrote it (not checked yet), with the `inputs` its file declares. */
export type RawServer = { name: string; raw: unknown; scope?: string };
export type RawFile = { servers: RawServer[]; inputs: unknown[] };

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function serversOf(block: unknown, scope?: string): RawServer[] {
  if (!isObject(block)) return [];
  return Object.entries(block).map(([name, raw]) => ({ name, raw, ...(scope ? { scope } : {}) }));
}

/** The servers in `text`, a file of `format`; throws, in plain words, when it is not JSON. */
export function readFormat(text: string, format: ImportFormat): RawFile {
  if (text.trim() === '') return { servers: [], inputs: [] };
  const read = readJson(text);
  if (!read.ok) throw new Error(read.message);
  const value = read.value;
  if (!isObject(value)) throw new Error('The file does not hold a JSON object.');
  const inputsOf = (holder: unknown) =>
    isObject(holder) && Array.isArray(holder.inputs) ? holder.inputs : [];
  switch (format) {
    case 'mcpServers':
      return { servers: serversOf(value.mcpServers), inputs: [] };
    case 'claudeCode': {
      const servers = serversOf(value.mcpServers);
      if (isObject(value.projects)) {
        for (const [folder, project] of Object.entries(value.projects)) {
          if (isObject(project)) servers.push(...serversOf(project.mcpServers, folder));
        }
      }
      return { servers, inputs: [] };
    }
    case 'vscode':
      return { servers: serversOf(value.servers), inputs: inputsOf(value) };
    case 'vscodeSettings': {
      // Settings are usually nested (`"mcp": { "servers": … }`); a dotted key is accepted as well.
      const mcp = isObject(value.mcp)
        ? value.mcp
        : { servers: value['mcp.servers'], inputs: value['mcp.inputs'] };
      return { servers: serversOf(mcp.servers), inputs: inputsOf(mcp) };
    }
  }
}

/** The servers in pasted text: any of the shapes above, a fragment, or one entry (named "pasted-server"). */
export function readPasted(text: string): RawFile {
  const pasted = readPastedServers(text);
  if (pasted.kind === 'invalid') throw new Error(pasted.message);
  const read = readJson(text.trim());
  const holder = read.ok && isObject(read.value) ? read.value : {};
  const inputs = Array.isArray(holder.inputs)
    ? holder.inputs
    : isObject(holder.mcp) && Array.isArray(holder.mcp.inputs)
      ? holder.mcp.inputs
      : [];
  if (pasted.kind === 'entry') return { servers: [{ name: 'pasted-server', raw: pasted.entry }], inputs };
  return { servers: pasted.servers.map(({ name, entry }) => ({ name, raw: entry })), inputs };
}
