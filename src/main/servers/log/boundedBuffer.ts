// A buffer that keeps the newest items within a count and a total weight (e.g. characters).

export class BoundedBuffer<T> {
  private items: T[] = [];
  private weights: number[] = [];
  private head = 0;
  private total = 0;

  constructor(
    readonly capacity: number,
    readonly maxWeight: number,
    private readonly weigh: (item: T) => number,
  ) {}

  /** Adds `item`, dropping the oldest until both limits hold (the newest item always stays). */
  push(item: T): void {
    const weight = this.weigh(item);
    this.items.push(item);
    this.weights.push(weight);
    this.total += weight;
    while (this.size > 1 && (this.size > this.capacity || this.total > this.maxWeight)) {
      this.total -= this.weights[this.head] ?? 0;
      // Let go of the dropped item now, not at the next compaction.
      this.items[this.head] = undefined as T;
      this.head += 1;
    }
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.weights = this.weights.slice(this.head);
      this.head = 0;
    }
  }

  /** The items, oldest first. */
  toArray(): T[] {
    return this.items.slice(this.head);
  }

  get size(): number {
    return this.items.length - this.head;
  }

  /** The weight of everything kept. */
  get weight(): number {
    return this.total;
  }
}
