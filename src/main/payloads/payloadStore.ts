// Large texts the host keeps for a while under unguessable ids, so a page can fetch them in pieces when asked.
import { randomBytes } from 'node:crypto';

/** Who a kept text belongs to (a server, or a server and a resource) and whether it is text or base64 data. */
export type PayloadMeta = { owner: string; kind: 'text' | 'blob' };

export type PayloadStoreLimits = {
  /** Characters kept in all; the oldest texts go first. */
  maxChars: number;
  /** Texts longer than this are not kept at all. */
  maxItemChars: number;
};

type Kept = PayloadMeta & { data: string };

/** A bounded store: `put` evicts the oldest texts until the new one fits. */
export class PayloadStore {
  private readonly items = new Map<string, Kept>();
  private chars = 0;

  constructor(readonly limits: PayloadStoreLimits) {}

  /** Keeps `data` and returns its id; undefined when it is longer than one text may be. */
  put(data: string, meta: PayloadMeta): string | undefined {
    if (data.length > this.limits.maxItemChars) return undefined;
    for (const [id, item] of this.items) {
      if (this.chars + data.length <= this.limits.maxChars) break;
      this.items.delete(id);
      this.chars -= item.data.length;
    }
    const id = randomBytes(18).toString('base64url');
    this.items.set(id, { ...meta, data });
    this.chars += data.length;
    return id;
  }

  get(id: string): Kept | undefined {
    return this.items.get(id);
  }

  /** Characters kept now (for tests and diagnostics). */
  get size(): number {
    return this.chars;
  }
}
