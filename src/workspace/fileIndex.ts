// The files under the shared folders: scanned once, re-scanned when the watchers see a change, compared for list_changed.
import { walk } from './files';
import type { RootPath } from './paths';
import { TreeWatch } from './watch';

/** A file under a root, by its real path, with its size at the last scan. */
export type IndexedFile = { path: string; size: number };

/** The most files indexed across all roots; more are left out of resource lists and completions. */
export const MAX_INDEXED_FILES = 10_000;

/** The scanned file list and the watchers that keep it fresh. `onListChanged` fires when files come or go. */
export class FileIndex {
  private roots: readonly RootPath[] = [];
  private files: IndexedFile[] = [];
  private stale = false;
  private baseline = true;
  private running: Promise<void> | undefined;
  private closed = false;
  private readonly watch: TreeWatch;

  constructor(
    private readonly onListChanged: () => void,
    delayMs = 300,
  ) {
    this.watch = new TreeWatch(() => void this.kick(), delayMs);
  }

  /** Starts over with new roots: a fresh scan that sets the baseline (the caller reports the change itself). */
  setRoots(roots: readonly RootPath[]): void {
    this.roots = roots;
    this.baseline = true;
    void this.kick();
  }

  /** The files as of the latest scan, waiting for a scan that is due or running. */
  async list(): Promise<readonly IndexedFile[]> {
    if (this.stale || this.running) await this.kick();
    return this.files;
  }

  close(): void {
    this.closed = true;
    this.watch.close();
  }

  private kick(): Promise<void> {
    this.stale = true;
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(): Promise<void> {
    while (this.stale && !this.closed) {
      this.stale = false;
      await this.scan();
    }
  }

  private async scan(): Promise<void> {
    const roots = this.roots;
    const files: IndexedFile[] = [];
    const folders: string[] = [];
    const seen = new Set<string>();
    for (const root of roots) {
      if (files.length >= MAX_INDEXED_FILES) break;
      try {
        const { entries } = await walk(root.real, { recursive: true, limit: MAX_INDEXED_FILES * 2 });
        for (const entry of entries) {
          if (seen.has(entry.path)) continue;
          seen.add(entry.path);
          if (entry.kind === 'folder') folders.push(entry.path);
          else if (entry.kind === 'file' && files.length < MAX_INDEXED_FILES) {
            files.push({ path: entry.path, size: entry.size ?? 0 });
          }
        }
      } catch (error) {
        process.stderr.write(`workspace: cannot scan ${root.real}: ${(error as Error).message}\n`);
      }
    }
    if (roots !== this.roots || this.closed) return;
    const changed =
      files.length !== this.files.length || files.some((file, i) => file.path !== this.files[i]?.path);
    this.files = files;
    this.watch.track(
      roots.map((root) => root.real),
      folders,
    );
    if (changed && !this.baseline) this.onListChanged();
    this.baseline = false;
  }
}
