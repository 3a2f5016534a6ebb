// Reads what a person pasted as a server: one entry, or a whole block of named servers as READMEs show it.
import { type Node, type ParseError, parseTree } from 'jsonc-parser';

/** One named server found in pasted text; its entry is not checked yet. */
export type PastedServer = { name: string; entry: unknown };

/** What the text holds. */
export type PastedText =
  | { kind: 'entry'; entry: unknown }
  | { kind: 'servers'; servers: PastedServer[] }
  | { kind: 'invalid'; message: string };

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object that reads like one server's entry (a program to start or an address). */
export function looksLikeEntry(value: unknown): boolean {
  return isObject(value) && ('command' in value || 'url' in value);
}

/** The value of a parsed node; every key becomes an own property (a server may be called `__proto__`). */
function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const object: JsonObject = {};
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (!key || !value) continue;
        Object.defineProperty(object, String(key.value), {
          value: nodeValue(value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return object;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}

/** Parses JSON with comments and trailing commas; every key becomes an own property. */
export function readJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length === 0 && tree) return { ok: true, value: nodeValue(tree) };
  return { ok: false, message: `This is not valid JSON (near character ${(errors[0]?.offset ?? 0) + 1}).` };
}

function serversOf(record: JsonObject): PastedServer[] {
  return Object.entries(record).map(([name, entry]) => ({ name, entry }));
}

/**
 * Recognises, in this order: `{"mcpServers": {...}}` (Claude Desktop, Cursor and most READMEs),
 * `{"servers": {...}}` (VS Code's mcp.json), `{"mcp": {"servers": {...}}}` (VS Code settings), a
 * fragment without the outer braces (`"mcpServers": {...}` or `"name": {...}`), a record of named
 * entries, and otherwise one entry. Comments and trailing commas, common in READMEs, are accepted.
 */
export function readPastedServers(text: string): PastedText {
  const trimmed = text.trim().replace(/,\s*$/, '');
  if (trimmed === '') return { kind: 'invalid', message: 'There is nothing to read.' };
  let read = readJson(trimmed);
  if (!read.ok && trimmed.startsWith('"')) {
    const wrapped = readJson(`{${trimmed}}`);
    if (wrapped.ok) read = wrapped;
  }
  if (!read.ok) return { kind: 'invalid', message: read.message };
  const value = read.value;
  if (!isObject(value)) {
    return { kind: 'invalid', message: 'A server is a JSON object, like { "command": "npx", "args": [] }.' };
  }
  const block = isObject(value.mcpServers)
    ? value.mcpServers
    : isObject(value.servers) && !looksLikeEntry(value)
      ? value.servers
      : isObject(value.mcp) && isObject(value.mcp.servers)
        ? value.mcp.servers
        : undefined;
  if (block) return { kind: 'servers', servers: serversOf(block) };
  if (looksLikeEntry(value) || 'type' in value) return { kind: 'entry', entry: value };
  const values = Object.values(value);
  if (values.length > 0 && values.every(looksLikeEntry))
    return { kind: 'servers', servers: serversOf(value) };
  return { kind: 'entry', entry: value };
}

/** The text of an `mcpServers` block holding `servers`, as config.json writes it. */
export function blockText(servers: readonly PastedServer[]): string {
  const record: Record<string, unknown> = {};
  for (const { name, entry } of servers) {
    Object.defineProperty(record, name, {
      value: entry,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return `${JSON.stringify({ mcpServers: record }, null, 2)}\n`;
}
