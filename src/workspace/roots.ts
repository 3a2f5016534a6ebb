// The shared folders as the host last listed them: fetched with roots/list, re-read when the host says they changed.
import { realpath, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { RootPath } from './paths';

/** A root as the host sends it. */
export type RootEntry = { uri: string; name?: string };

/** Asks the host for its roots; `undefined` when the host cannot list roots. */
export type RootsSource = () => Promise<RootEntry[] | undefined>;

/** Turns the host's root URIs into existing local folders, dropping what is not one (and saying why on stderr). */
export async function foldersFromRoots(entries: readonly RootEntry[]): Promise<RootPath[]> {
  const folders: RootPath[] = [];
  for (const entry of entries) {
    let given: string;
    try {
      if (!/^file:/i.test(entry.uri)) throw new Error('not a file:// URI');
      given = fileURLToPath(entry.uri);
      const real = await realpath(given);
      if (!(await stat(real)).isDirectory()) throw new Error('not a folder');
      if (!folders.some((folder) => folder.real === real)) folders.push({ given, real });
    } catch (error) {
      process.stderr.write(`workspace: ignoring root ${entry.uri}: ${(error as Error).message}\n`);
    }
  }
  return folders;
}

/** The current shared folders; readers wait for a load in progress, so no tool sees a stale list. */
export class Roots {
  private folders: RootPath[] = [];
  private loading: Promise<void> | undefined;
  private generation = 0;

  constructor(
    private readonly source: RootsSource,
    private readonly onChange: (folders: readonly RootPath[]) => void,
  ) {}

  /**
   * The folders, after any load in progress has finished. The host may be asking the person first; with
   * `maxWaitMs`, stop waiting after that long and answer with the folders known so far.
   */
  async current(maxWaitMs?: number): Promise<readonly RootPath[]> {
    if (!this.loading) this.refresh();
    const settled = this.settled();
    if (maxWaitMs === undefined) {
      await settled;
    } else {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, maxWaitMs);
      });
      await Promise.race([settled, waited]);
      clearTimeout(timer);
    }
    return this.folders;
  }

  private async settled(): Promise<void> {
    let pending = this.loading;
    while (pending) {
      await pending;
      if (pending === this.loading) break;
      pending = this.loading;
    }
  }

  /** Re-reads the roots from the host; overlapping refreshes settle on the last one. */
  refresh(): Promise<void> {
    const generation = ++this.generation;
    const load = this.load(generation);
    this.loading = load;
    return load;
  }

  private async load(generation: number): Promise<void> {
    let entries: RootEntry[] | undefined;
    try {
      entries = await this.source();
    } catch (error) {
      process.stderr.write(`workspace: could not list roots: ${(error as Error).message}\n`);
      if (generation !== this.generation) return;
      entries = [];
    }
    const folders = await foldersFromRoots(entries ?? []);
    if (generation !== this.generation) return;
    const changed = JSON.stringify(folders) !== JSON.stringify(this.folders);
    this.folders = folders;
    if (changed) this.onChange(folders);
  }
}
