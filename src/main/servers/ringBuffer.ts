// A fixed-capacity buffer that keeps the newest items.

export class RingBuffer<T> {
  private items: T[] = [];
  private start = 0;

  constructor(readonly capacity: number) {}

  push(item: T): void {
    if (this.items.length < this.capacity) {
      this.items.push(item);
      return;
    }
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
  }

  toArray(): T[] {
    return this.items.slice(this.start).concat(this.items.slice(0, this.start));
  }

  /** The newest `count` items, oldest first. */
  tail(count: number): T[] {
    return this.toArray().slice(-count);
  }

  get size(): number {
    return this.items.length;
  }
}
