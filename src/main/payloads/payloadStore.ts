// Large texts the host keeps for a while on disk under unguessable ids, so a page can fetch them in pieces when asked.
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readTextRange, writeTextFile } from './textFile';

/** Who a kept text belongs to (a server, or a server and a resource) and whether it is text or base64 data. */
export type PayloadMeta = { owner: string; kind: 'text' | 'blob' };

export type PayloadStoreLimits = {
  /** Characters kept in all; the oldest texts go first. */
  maxChars: number;
  /** Texts longer than this are not kept at all. */
  maxItemChars: number;
  /** How long a text is kept after it is put; as long as room allows when absent. */
  maxAgeMs?: number;
};

/** A range of a kept text, with the length of the whole. */
export type PayloadRange = PayloadMeta & { data: string; offset: number; total: number };

type Kept = PayloadMeta & { length: number; until: number; written: Promise<boolean> };

/**
 * A bounded store in a folder of its own: `put` answers at once and writes in the background, evicting the oldest
 * texts until the new one fits; texts past their age are let go. Only the ids and sizes stay in memory.
 */
export class PayloadStore {
  private readonly items = new Map<string, Kept>();
  private chars = 0;
  private expiry: ReturnType<typeof setTimeout> | undefined;
  private folder: Promise<unknown> | undefined;

  /** `dir` is this store's own: what is in it may be removed. */
  constructor(
    readonly limits: PayloadStoreLimits,
    private readonly dir: string,
    private readonly onProblem: (message: string) => void = () => {},
  ) {}

  /** Keeps `data` and returns its id; undefined when it is longer than one text may be. */
  put(data: string, meta: PayloadMeta): string | undefined {
    if (data.length > this.limits.maxItemChars) return undefined;
    for (const [id, item] of this.items) {
      if (this.chars + data.length <= this.limits.maxChars) break;
      this.drop(id, item);
    }
    const id = randomBytes(18).toString('base64url');
    this.folder ??= mkdir(this.dir, { recursive: true, mode: 0o700 });
    const written = this.folder
      .then(() => writeTextFile(this.path(id), data))
      .then(
        () => true,
        (error: unknown) => {
          this.onProblem(`A large content could not be kept on disk: ${String(error)}`);
          return false;
        },
      );
    this.items.set(id, {
      ...meta,
      length: data.length,
      written,
      until: Date.now() + (this.limits.maxAgeMs ?? Number.POSITIVE_INFINITY),
    });
    this.chars += data.length;
    this.scheduleExpiry();
    return id;
  }

  /** Whether `id` is kept here (and not yet past its age). */
  has(id: string): boolean {
    const item = this.items.get(id);
    return item !== undefined && item.until > Date.now();
  }

  /** Characters [offset, offset + length) of a kept text, or undefined when it is not kept (any more). */
  async read(id: string, offset: number, length: number): Promise<PayloadRange | undefined> {
    const item = this.items.get(id);
    if (!item || item.until <= Date.now() || !(await item.written)) return undefined;
    const start = Math.min(Math.max(0, offset), item.length);
    const data = await readTextRange(this.path(id), start, Math.min(length, item.length - start)).catch(
      () => undefined,
    );
    if (data === undefined || !this.items.has(id)) return undefined;
    return { owner: item.owner, kind: item.kind, data, offset: start, total: item.length };
  }

  /** A whole kept text, or undefined when it is not kept (any more). */
  async whole(id: string): Promise<(PayloadMeta & { data: string }) | undefined> {
    const range = await this.read(id, 0, Number.MAX_SAFE_INTEGER);
    return range && { owner: range.owner, kind: range.kind, data: range.data };
  }

  /** Characters kept now (for tests and diagnostics). */
  get size(): number {
    return this.chars;
  }

  /** Lets every text go and removes the folder. */
  async clear(): Promise<void> {
    for (const [id, item] of this.items) this.drop(id, item);
    await this.folder?.catch(() => {});
    await rm(this.dir, { recursive: true, force: true });
    this.folder = undefined;
  }

  private path(id: string): string {
    return join(this.dir, id);
  }

  private drop(id: string, item: Kept): void {
    this.items.delete(id);
    this.chars -= item.length;
    void item.written.then((written) => {
      if (written) return rm(this.path(id), { force: true });
    });
  }

  /** Items expire in the order they were put (one age for all), so one timer for the oldest serves. */
  private scheduleExpiry(): void {
    if (this.expiry !== undefined || this.limits.maxAgeMs === undefined) return;
    const oldest = this.items.values().next().value;
    if (!oldest) return;
    this.expiry = setTimeout(
      () => {
        this.expiry = undefined;
        const now = Date.now();
        for (const [id, item] of this.items) {
          if (item.until > now) break;
          this.drop(id, item);
        }
        this.scheduleExpiry();
      },
      Math.max(0, oldest.until - Date.now()),
    );
    this.expiry.unref?.();
  }
}
