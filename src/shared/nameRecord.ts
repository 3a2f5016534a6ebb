// Records keyed by names from config or a server: no prototype, so `constructor` or `__proto__` is just a name.

/** A record whose keys are names chosen by someone else (servers, tools); build it only with these helpers. */
export type NameRecord<T> = Record<string, T>;

/** A new record without a prototype, filled from `entries`. */
export function nameRecord<T>(entries: Iterable<readonly [string, T]> = []): NameRecord<T> {
  const record = Object.create(null) as NameRecord<T>;
  // Without a prototype there is no `__proto__` setter: every key, that one too, becomes an own property.
  for (const [name, value] of entries) record[name] = value;
  return record;
}

/** A prototype-free copy of any object's own enumerable members (e.g. one that came through JSON). */
export function toNameRecord<T>(record: Readonly<Record<string, T>> | null | undefined): NameRecord<T> {
  return nameRecord(record ? Object.entries(record) : []);
}

/** The value stored under `name` itself, never one inherited from `Object.prototype`. */
export function ownValue<T>(
  record: Readonly<Record<string, T>> | null | undefined,
  name: string,
): T | undefined {
  return record && Object.hasOwn(record, name) ? record[name] : undefined;
}

/** A copy of `record` with `name` set to `value`. */
export function withName<T>(record: Readonly<Record<string, T>>, name: string, value: T): NameRecord<T> {
  const next = toNameRecord(record);
  next[name] = value;
  return next;
}

/** A copy of `record` without `name` (the same record when it has no such key). */
export function withoutName<T>(record: NameRecord<T>, name: string): NameRecord<T> {
  if (!Object.hasOwn(record, name)) return record;
  const next = toNameRecord(record);
  delete next[name];
  return next;
}

/** A copy of `record` with only the names `keep` allows (the same record when nothing goes). */
export function keepNames<T>(record: NameRecord<T>, keep: (name: string) => boolean): NameRecord<T> {
  const names = Object.keys(record);
  if (names.every(keep)) return record;
  return nameRecord(names.filter(keep).map((name) => [name, record[name] as T]));
}
