// What a permission is pinned to for each tool: its definition as the model and the person see it, canonical and hashed.
import { createHash } from 'node:crypto';
import type { Json, ToolView } from '../../shared/types';

/** sha256 (hex) of the canonical JSON of what the model and the person are shown of `tool`. */
export function definitionHash(tool: ToolView): string {
  return createHash('sha256')
    .update(JSON.stringify(definitionOf(tool)))
    .digest('hex');
}

/** What a grant covers: the tool as the model and the person see it, with its app view and visibility. */
function definitionOf(tool: ToolView): Json {
  const { name, title, description, inputSchema, outputSchema, annotations, ui } = tool;
  return canonical({ name, title, description, inputSchema, outputSchema, annotations, ui });
}

/** The definition as pretty JSON, kept with a grant to show what changed since. */
export function prettyDefinition(tool: ToolView): string {
  return JSON.stringify(definitionOf(tool), null, 2);
}

/** The same value with object keys sorted at every depth and undefined members left out. */
function canonical(value: unknown): Json {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : canonical(item)));
  if (value !== null && typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) out[key] = canonical(member);
    }
    return out;
  }
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value === null
  ) {
    return value;
  }
  return null;
}
