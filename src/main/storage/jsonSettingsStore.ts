// One JSON settings file: read → parse → schema, a damaged file kept as `.bak`, saves atomic, owner-only and in order.
import { readFileSync, renameSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import type { z } from 'zod';
import { messageOf } from '../errors';
import { writeFileAtomic } from './atomicFile';
import { isMissing, parseJson, readOptionalText } from './settingsFile';

/** What a person is told about the file, in the store's own words. */
export type SettingsWords = {
  /** The file is there but could not be read; `why` says how. */
  unreadable: (why: string) => string;
  /** The file was damaged; `kept` says where it went (`It was kept as ….bak.`), to end the message with. */
  damaged: (kept: string) => string;
};

export type JsonSettingsOptions<T> = {
  /** What the file must hold; a file that does not fit is damaged. A transform can read older versions. */
  schema: z.ZodType<T>;
  words: SettingsWords;
  onProblem?: (message: string) => void;
  /** Written on one line (a cache nobody reads by hand); otherwise indented, with a final newline. */
  compact?: boolean;
};

/** Files readable and writable by their owner only. */
const PRIVATE = 0o600;

/**
 * A settings file that holds one value of `schema`. Missing means none; a file that cannot be read is
 * reported and left alone; a damaged one is reported and moved aside as `<path>.bak`, so the next
 * save never overwrites what the person may still want. Saves replace the file atomically, mode 0600.
 */
export class JsonSettingsStore<T> {
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly path: string,
    private readonly options: JsonSettingsOptions<T>,
  ) {}

  /** The stored value; undefined when there is none, or it could not be read or was damaged (then said why). */
  async load(): Promise<T | undefined> {
    const text = await readOptionalText(this.path, (why) => this.tell(this.options.words.unreadable(why)));
    if (text === undefined) return undefined;
    const parsed = this.options.schema.safeParse(parseJson(text));
    if (parsed.success) return parsed.data;
    // `damaged` says whether the copy was kept.
    const moved = await rename(this.path, this.backup).then(
      () => true,
      () => false,
    );
    this.damaged(moved);
    return undefined;
  }

  /** `load`, for the few stores that must answer before anything can wait. */
  loadSync(): T | undefined {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if (!isMissing(error)) this.tell(this.options.words.unreadable(messageOf(error)));
      return undefined;
    }
    const parsed = this.options.schema.safeParse(parseJson(text));
    if (parsed.success) return parsed.data;
    let moved = true;
    try {
      renameSync(this.path, this.backup);
    } catch {
      moved = false;
    }
    this.damaged(moved);
    return undefined;
  }

  /**
   * Writes `value` once the saves before it are done, so the last save wins on disk. Resolves when it is
   * on disk; rejects with why it could not be written (the saves after it still run).
   */
  save(value: T): Promise<void> {
    const text = this.options.compact ? JSON.stringify(value) : `${JSON.stringify(value, null, 2)}\n`;
    const write = this.writing.then(() => writeFileAtomic(this.path, text, PRIVATE));
    // The caller hears of a failed write through `write`; the queue only has to go on.
    this.writing = write.catch(() => {});
    return write;
  }

  private get backup(): string {
    return `${this.path}.bak`;
  }

  private tell(message: string): void {
    this.options.onProblem?.(message);
  }

  private damaged(moved: boolean): void {
    const kept = moved ? `It was kept as ${this.backup}.` : 'It could not be moved aside.';
    this.tell(this.options.words.damaged(kept));
  }
}
