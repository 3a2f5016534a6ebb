// Large texts the host keeps for a while under unguessable ids, so a page can fetch them in pieces when asked.
import { randomBytes } from 'node:crypto';

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

type Kept = PayloadMeta & { data: string; until: number };

/** A bounded store: `put` evicts the oldest texts until the new one fits, and texts past their age are let go. */
export class PayloadStore {
  private readonly items = new Map<string, Kept>();
  private chars = 0;
  private expiry: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly limits: PayloadStoreLimits) {}

  /** Keeps `data` and returns its id; undefined when it is longer than one text may be. */
  put(data: string, meta: PayloadMeta): string | undefined {
    if (data.length > this.limits.maxItemChars) return undefined;
    for (const [id, item] of this.items) {
      if (this.chars + data.length <= this.limits.maxChars) break;
      this.drop(id, item);
    }
    const id = randomBytes(18).toString('base64url');
    this.items.set(id, {
      ...meta,
      data,
      until: Date.now() + (this.limits.maxAgeMs ?? Number.POSITIVE_INFINITY),
    });
    this.chars += data.length;
    this.scheduleExpiry();
    return id;
  }

  get(id: string): (PayloadMeta & { data: string }) | undefined {
    const item = this.items.get(id);
    if (!item || item.until <= Date.now()) return undefined;
    const { until: _until, ...kept } = item;
    return kept;
  }

  /** Characters kept now (for tests and diagnostics). */
  get size(): number {
    return this.chars;
  }

  private drop(id: string, item: Kept): void {
    this.items.delete(id);
    this.chars -= item.data.length;
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
