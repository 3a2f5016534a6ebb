// Persists each server's negotiated protocol era in the data folder.
import { readFileSync } from 'node:fs';
import type { EraCache } from '../servers/eras';

type PriorDiscovery = NonNullable<ReturnType<EraCache['get']>>;

import { writeFileAtomic } from './atomicFile';

export class FileEraCache implements EraCache {
  private entries: Record<string, PriorDiscovery> = {};
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly path: string) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
      if (parsed && typeof parsed === 'object') this.entries = parsed as Record<string, PriorDiscovery>;
    } catch {
      // No cache yet, or an unreadable one: eras are negotiated again.
    }
  }

  get(key: string): PriorDiscovery | undefined {
    return this.entries[key];
  }

  set(key: string, prior: PriorDiscovery | undefined): void {
    if (JSON.stringify(this.entries[key]) === JSON.stringify(prior)) return;
    if (prior) this.entries[key] = prior;
    else delete this.entries[key];
    const text = JSON.stringify(this.entries);
    this.writing = this.writing.then(() => writeFileAtomic(this.path, text).catch(() => {}));
  }
}
