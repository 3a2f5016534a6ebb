// Resource subscriptions: one debounced file watch per subscribed URI, reported as notifications/resources/updated.
import { isInside, type RootPath } from './paths';
import { FileWatch } from './watch';

/** The files the client subscribed to, by the URI it used. */
export class Subscriptions {
  private readonly watches = new Map<string, { real: string; watch: FileWatch }>();

  constructor(
    private readonly notify: (uri: string) => void,
    private readonly delayMs = 100,
  ) {}

  /** Watches `real` for the subscriber of `uri`; subscribing twice keeps one watch. */
  add(uri: string, real: string): void {
    if (this.watches.has(uri)) return;
    this.watches.set(uri, { real, watch: new FileWatch(real, () => this.notify(uri), this.delayMs) });
  }

  remove(uri: string): void {
    this.watches.get(uri)?.watch.close();
    this.watches.delete(uri);
  }

  /** Drops subscriptions to files no longer inside the shared folders. */
  prune(roots: readonly RootPath[]): void {
    for (const [uri, { real }] of this.watches) {
      if (!roots.some((root) => isInside(root.real, real))) this.remove(uri);
    }
  }

  close(): void {
    for (const uri of [...this.watches.keys()]) this.remove(uri);
  }
}
