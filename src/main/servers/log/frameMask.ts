// The protocol log's copy of a frame with the secret values a launcher filled in masked out.
import { bounded, MAX_JSON_DEPTH, tryStringify } from '../../json/bounded';

/** What the protocol log shows in place of a frame that held a secret and could not be masked as JSON. */
export const FRAME_LEFT_OUT = { note: 'A frame holding a secret value was left out of the protocol log.' };

/**
 * `message` as the protocol log should keep it, with what `mask` hides masked (the frame itself goes
 * on unchanged). Only a frame with a secret in some key or value is written out as text and masked;
 * any other frame is returned as it came.
 */
export function maskFrame(message: unknown, mask: ((text: string) => string) | undefined): unknown {
  if (!mask || !holdsSecret(message, mask)) return message;
  const text = tryStringify(bounded(message));
  if (text === undefined) return message;
  const hidden = mask(text);
  if (hidden === text) return message;
  try {
    return JSON.parse(hidden) as unknown;
  } catch {
    return FRAME_LEFT_OUT;
  }
}

/**
 * True when `mask` would hide part of some key or value of `value`, down to the depth the log keeps
 * (deeper parts are never shown). Walks with its own stack, so any depth is safe.
 */
function holdsSecret(value: unknown, mask: (text: string) => string): boolean {
  const hides = (text: string) => mask(text) !== text;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [found, depth] = stack.pop()!;
    const item = hasToJson(found) ? found.toJSON() : found;
    if (item === null || typeof item !== 'object') {
      if (isShown(item) && hides(String(item))) return true;
      continue;
    }
    if (depth >= MAX_JSON_DEPTH) continue;
    for (const key of Array.isArray(item) ? [] : Object.keys(item)) if (hides(key)) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

function hasToJson(value: unknown): value is { toJSON: () => unknown } {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  );
}

/** A value that appears in the frame's JSON text (functions, symbols and undefined are left out). */
function isShown(value: unknown): value is string | number | bigint | boolean | null {
  return value === null || ['string', 'number', 'bigint', 'boolean'].includes(typeof value);
}
