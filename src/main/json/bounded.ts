// JSON from outside made safe to keep and forward: a depth-bounded copy, a depth check for any depth, a safe encode.
import type { Json } from '../../shared/types';

/**
 * How deep a server's JSON may nest before the host cuts it. Real payloads (schemas, results)
 * stay far below; `JSON.stringify` and structured clone overflow the stack at a few thousand.
 */
export const MAX_JSON_DEPTH = 100;

/** What stands in for a subtree the host did not keep. */
export function deepMarker(maxDepth = MAX_JSON_DEPTH): string {
  return `[nested more than ${maxDepth} levels deep: not kept]`;
}

export type Bounded = {
  value: Json;
  /** About how many characters its JSON text has. */
  size: number;
  /** True when some subtree was replaced by the marker. */
  clipped: boolean;
};

/**
 * A plain-JSON copy of `value` whose subtrees deeper than `maxDepth` are replaced by a visible
 * marker. The copy recurses at most `maxDepth` levels, so any input depth is safe.
 */
export function boundJson(value: unknown, maxDepth = MAX_JSON_DEPTH): Bounded {
  const state = { size: 0, clipped: false };
  const marker = deepMarker(maxDepth);
  const copy = (item: unknown, depth: number): Json | undefined => {
    if (
      item !== null &&
      typeof item === 'object' &&
      typeof (item as { toJSON?: unknown }).toJSON === 'function'
    )
      item = (item as { toJSON: () => unknown }).toJSON();
    switch (typeof item) {
      case 'string':
        state.size += item.length + 2;
        return item;
      case 'number':
        state.size += 8;
        return Number.isFinite(item) ? item : null;
      case 'boolean':
        state.size += 5;
        return item;
      case 'bigint':
        state.size += 20;
        return String(item);
      case 'object':
        break;
      default:
        return undefined;
    }
    if (item === null) {
      state.size += 4;
      return null;
    }
    if (depth >= maxDepth) {
      state.clipped = true;
      state.size += marker.length + 2;
      return marker;
    }
    state.size += 2;
    if (Array.isArray(item)) {
      return item.map((element) => {
        state.size += 1;
        return copy(element, depth + 1) ?? null;
      });
    }
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(item)) {
      const element = copy((item as Record<string, unknown>)[key], depth + 1);
      if (element === undefined) continue;
      state.size += key.length + 4;
      Object.defineProperty(out, key, {
        value: element,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };
  const bounded = copy(value, 0);
  return { value: bounded === undefined ? null : bounded, size: state.size, clipped: state.clipped };
}

/** `value` cut at `maxDepth` levels, typed as it came (for server data the host keeps and forwards). */
export function bounded<T>(value: T, maxDepth = MAX_JSON_DEPTH): T {
  return boundJson(value, maxDepth).value as T;
}

/** True when `value` nests deeper than `maxDepth`. Walks with its own stack, so any depth is safe. */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= maxDepth) return true;
    const children = Array.isArray(item) ? item : Object.values(item);
    for (const child of children)
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * The JSON text of `value`; a value nested too deep for `JSON.stringify` is bounded first.
 * Undefined only when no text can hold it (longer than the longest string V8 makes).
 */
export function tryStringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    try {
      return JSON.stringify(boundJson(value).value);
    } catch {
      return undefined;
    }
  }
}
