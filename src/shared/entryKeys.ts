// The keys of a server entry Switchboard does not know: kept in config.json, ignored everywhere else.
import { REMOTE_KEYS, STDIO_KEYS } from './configSchema';
import type { ServerEntry } from './types';

/** The keys of `entry` Switchboard does not use (another app's settings, a later version's), in order. */
export function ignoredKeys(entry: object): string[] {
  const known = 'url' in entry ? REMOTE_KEYS : STDIO_KEYS;
  return Object.keys(entry).filter((key) => !known.has(key));
}

/** `entry` with only the keys Switchboard uses: what runs, is approved and is shown. */
export function knownPart<E extends ServerEntry>(entry: E): E {
  const ignored = ignoredKeys(entry);
  if (ignored.length === 0) return entry;
  const known: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) if (!ignored.includes(key)) known[key] = value;
  return known as E;
}

/**
 * The keys of `entry` no kind of entry uses, with their values: kept when the app rewrites the entry (a key
 * only the other kind uses is left behind, so a local entry's stray `headers` never become a remote one's).
 */
export function ignoredPart(entry: object | undefined): Record<string, unknown> {
  // An entry with an error may be anything at all.
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return {};
  const kept: Record<string, unknown> = {};
  for (const key of ignoredKeys(entry)) {
    if (!STDIO_KEYS.has(key) && !REMOTE_KEYS.has(key)) kept[key] = (entry as Record<string, unknown>)[key];
  }
  return kept;
}
