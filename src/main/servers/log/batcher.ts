// Collects high-churn items and hands them on in one batch per interval.

export class Batcher<T> {
  private pending: T[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly flushTo: (items: T[]) => void,
    private readonly intervalMs = 50,
  ) {}

  push(item: T): void {
    this.pending.push(item);
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const items = this.pending;
    this.pending = [];
    this.flushTo(items);
  }
}
