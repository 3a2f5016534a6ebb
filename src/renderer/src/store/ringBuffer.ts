// Capped buffers for log and wire entries (immutable arrays).

/** Appends `more` and keeps only the newest `cap` items. */
export function appendCapped<T>(current: readonly T[], more: readonly T[], cap: number): T[] {
  if (more.length >= cap) return more.slice(more.length - cap);
  const next = current.concat(more);
  return next.length > cap ? next.slice(next.length - cap) : next;
}
