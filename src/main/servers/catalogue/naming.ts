// Tool names for the model: `server__tool`, safe for every provider, unique, and routed back by one function.
import { createHash } from 'node:crypto';
import { HOST_NAMESPACE } from '../../../shared/hostToolNames';

/** One server's tool, as the host knows it. */
export type ToolRef = { server: string; tool: string };

const MAX_LENGTH = 64;
const HASH_LENGTH = 8;

/**
 * Gives each ref a name the model may use: `[A-Za-z0-9_-]{1,64}`, starting with a letter or `_`,
 * distinct from every other name. The same set of refs always gets the same names, whatever its order.
 * Refs that need no cleaning up are named first, so they keep their plain `server__tool` name.
 */
export function namespaceTools<R extends ToolRef>(refs: readonly R[]): Map<string, R> {
  const ordered = unique(refs)
    .map((ref) => ({ ref, plain: plainName(ref) }))
    .sort((a, b) => Number(a.plain.changed) - Number(b.plain.changed) || compareRefs(a.ref, b.ref));
  const names = new Map<string, R>();
  for (const { ref, plain } of ordered) {
    let name = plain.name;
    if (names.has(name)) name = withSuffix(plain.base, hashOf(ref));
    for (let n = 2; names.has(name); n++) name = withSuffix(plain.base, `${hashOf(ref)}_${n}`);
    names.set(name, ref);
  }
  return names;
}

/** The server and tool a model's tool name stands for, or `undefined` when no tool has that name. */
export function routeToolName<R extends ToolRef>(names: ReadonlyMap<string, R>, name: string): R | undefined {
  return names.get(name);
}

/** Only letters, digits, `_` and `-`; `_` runs collapse and edge `_` go, so `__` is only ever the separator. */
function sanitise(part: string): string {
  const cleaned = part
    .replace(/[^A-Za-z0-9_-]/gu, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^_|_$/g, '');
  return cleaned || 'x';
}

/**
 * A server whose name cleans up to the host's namespace (`switchboard`, `Switchboard!`) is called
 * `switchboard_server` in tool names, so its tools never take or shadow a host tool's name.
 */
function serverPart(server: string): string {
  const part = sanitise(server);
  return part.toLowerCase() === HOST_NAMESPACE ? `${part}_server` : part;
}

function plainName(ref: ToolRef): { name: string; base: string; changed: boolean } {
  let base = `${serverPart(ref.server)}__${sanitise(ref.tool)}`;
  if (!/^[A-Za-z_]/.test(base)) base = `_${base}`;
  const changed = base !== `${ref.server}__${ref.tool}`;
  if (base.length <= MAX_LENGTH) return { name: base, base, changed };
  return { name: withSuffix(base, hashOf(ref)), base, changed: true };
}

/** `base` cut short enough that `base_suffix` fits in the limit. */
function withSuffix(base: string, suffix: string): string {
  return `${base.slice(0, MAX_LENGTH - suffix.length - 1)}_${suffix}`;
}

function hashOf(ref: ToolRef): string {
  return createHash('sha256').update(`${ref.server}\u0000${ref.tool}`).digest('hex').slice(0, HASH_LENGTH);
}

function compareRefs(a: ToolRef, b: ToolRef): number {
  return compare(a.server, b.server) || compare(a.tool, b.tool);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function unique<R extends ToolRef>(refs: readonly R[]): R[] {
  const seen = new Set<string>();
  return refs.filter((ref) => {
    const key = `${ref.server}\u0000${ref.tool}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
