// File-system watching, debounced: one file for a subscription, and the folders of a tree for files coming and going.
import { type FSWatcher, watch } from 'node:fs';
import path from 'node:path';
import { isIgnoredPath } from './files';

/** Calls `fire` once `delayMs` after the last `trigger`. */
export class Debouncer {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly delayMs: number,
    private readonly fire: () => void,
  ) {}

  trigger(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.fire();
    }, this.delayMs);
    this.timer.unref();
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function tryWatch(
  target: string,
  options: { recursive: boolean },
  listener: (event: string, name: string | null) => void,
  onError?: () => void,
): FSWatcher | undefined {
  try {
    const watcher = watch(target, { persistent: false, recursive: options.recursive }, (event, name) =>
      listener(event, name === null ? null : String(name)),
    );
    watcher.on('error', () => {
      watcher.close();
      onError?.();
    });
    return watcher;
  } catch (error) {
    process.stderr.write(`workspace: cannot watch ${target}: ${(error as Error).message}\n`);
    return undefined;
  }
}

/**
 * Watches one file for changes, debounced. It watches the file's folder and filters by name, so a file
 * that an editor replaces on save (write a copy, rename over) or deletes and re-creates stays watched.
 */
export class FileWatch {
  private readonly watcher: FSWatcher | undefined;
  private readonly debouncer: Debouncer;

  constructor(file: string, onChange: () => void, delayMs = 100) {
    this.debouncer = new Debouncer(delayMs, onChange);
    const name = path.basename(file);
    this.watcher = tryWatch(path.dirname(file), { recursive: false }, (_event, changed) => {
      if (changed === null || changed === name) this.debouncer.trigger();
    });
  }

  close(): void {
    this.debouncer.cancel();
    this.watcher?.close();
  }
}

// Native recursive watching is cheap on macOS and Windows; Node's Linux fallback watches every file.
const NATIVE_RECURSIVE = process.platform === 'darwin' || process.platform === 'win32';
const MAX_FOLDERS = 2000;

/**
 * Watches trees for anything changing outside the ignored folders, reporting after `delayMs` of quiet.
 * Natively recursive where the platform does it well; elsewhere one watcher per (not ignored) folder,
 * kept in step with the folders the last scan found.
 */
export class TreeWatch {
  private readonly watchers = new Map<string, FSWatcher | undefined>();
  private readonly debouncer: Debouncer;

  constructor(onChange: () => void, delayMs = 300) {
    this.debouncer = new Debouncer(delayMs, onChange);
  }

  /** Watches these roots and, where not natively recursive, these folders under them. */
  track(roots: readonly string[], folders: readonly string[]): void {
    const wanted = NATIVE_RECURSIVE ? roots : [...roots, ...folders].slice(0, MAX_FOLDERS);
    const keep = new Set(wanted);
    for (const [folder, watcher] of this.watchers) {
      if (keep.has(folder)) continue;
      watcher?.close();
      this.watchers.delete(folder);
    }
    for (const folder of wanted) {
      if (this.watchers.has(folder)) continue;
      const watcher = tryWatch(
        folder,
        { recursive: NATIVE_RECURSIVE },
        (_event, name) => this.changed(name),
        () => {
          if (this.watchers.get(folder) === watcher) this.watchers.delete(folder);
          this.debouncer.trigger();
        },
      );
      this.watchers.set(folder, watcher);
    }
  }

  private changed(name: string | null): void {
    if (name !== null && isIgnoredPath(name)) return;
    this.debouncer.trigger();
  }

  close(): void {
    this.debouncer.cancel();
    for (const watcher of this.watchers.values()) watcher?.close();
    this.watchers.clear();
  }
}
