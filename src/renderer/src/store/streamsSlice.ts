// Logs and wire slices: per-server ring buffers fed in frame-sized batches.
import {
  keepNames,
  type NameRecord,
  nameRecord,
  ownValue,
  toNameRecord,
  withName,
} from '../../../shared/nameRecord';
import type { LogEntry, WireEntry } from '../../../shared/types';
import { appendCapped } from './ringBuffer';

export const LOG_CAP = 5000;
export const WIRE_CAP = 2000;

/** Keyed by server name, without a prototype. */
export type LogsState = { logs: NameRecord<LogEntry[]> };
export type WireState = { wire: NameRecord<WireEntry[]> };

export const logsInitial: LogsState = { logs: nameRecord() };
export const wireInitial: WireState = { wire: nameRecord() };

type Buffers<T> = NameRecord<T[]>;
type Sequenced = { seq: number; time?: number };

/**
 * Appends each server's batch; a seq that goes backwards means a new connection, so its buffer restarts.
 * Entries the buffer already has (history fetched before their event arrived) are not added twice.
 */
export function appendBatch<T extends Sequenced>(
  buffers: Buffers<T>,
  batch: ReadonlyMap<string, T[]>,
  cap: number,
): Buffers<T> {
  const next = toNameRecord(buffers);
  for (const [server, entries] of batch) {
    const current = ownValue(next, server) ?? [];
    const fresh = withoutHeld(current, entries);
    const first = fresh[0];
    if (!first) continue;
    const restarted = (current.at(-1)?.seq ?? 0) >= first.seq;
    next[server] = appendCapped(restarted ? [] : current, fresh, cap);
  }
  return next;
}

/** `entries` less those already at the end of `current` (the same seq and time). */
function withoutHeld<T extends Sequenced>(current: readonly T[], entries: T[]): T[] {
  const first = entries[0]?.seq ?? Number.POSITIVE_INFINITY;
  const held = new Map<number, number | undefined>();
  for (let at = current.length - 1; at >= 0 && current[at]!.seq >= first; at--)
    held.set(current[at]!.seq, current[at]!.time);
  if (held.size === 0) return entries;
  return entries.filter((entry) => !(held.has(entry.seq) && held.get(entry.seq) === entry.time));
}

/** Takes the host's history and keeps only the streamed entries that came after it. */
export function fillBuffer<T extends Sequenced>(
  buffers: Buffers<T>,
  server: string,
  history: readonly T[],
  cap: number,
): Buffers<T> {
  const last = history.at(-1)?.seq ?? Number.NEGATIVE_INFINITY;
  const newer = (ownValue(buffers, server) ?? []).filter((entry) => entry.seq > last);
  return withName(buffers, server, appendCapped(history, newer, cap));
}

/** Drops buffers of servers not in `keep`. */
export function keepOnly<T>(buffers: Buffers<T>, keep: ReadonlySet<string>): Buffers<T> {
  return keepNames(buffers, (name) => keep.has(name));
}
