// Counts the pages connected in browser mode and says when the last one has been gone for a grace period.

/** Calls `onAllGone` once no page has been connected for `graceMs` (a reload comes back sooner). */
export class PagePresence {
  private count = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly graceMs: number,
    private readonly onAllGone: () => void,
  ) {}

  /** A page connected; call the returned function when it leaves. */
  arrived(): () => void {
    this.count += 1;
    clearTimeout(this.timer);
    this.timer = undefined;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.count -= 1;
      if (this.count > 0) return;
      this.timer = setTimeout(() => {
        this.timer = undefined;
        if (this.count === 0) this.onAllGone();
      }, this.graceMs);
      this.timer.unref();
    };
  }
}
