// What is remembered of each server's negotiated protocol era, so a later connect need not probe again.
import type { PriorDiscovery } from '@modelcontextprotocol/client';

export interface EraCache {
  get(key: string): PriorDiscovery | undefined;
  set(key: string, prior: PriorDiscovery | undefined): void;
}

/** An era cache for one run (the host keeps a file-backed one). */
export class MemoryEraCache implements EraCache {
  private readonly entries = new Map<string, PriorDiscovery>();
  get(key: string) {
    return this.entries.get(key);
  }
  set(key: string, prior: PriorDiscovery | undefined) {
    if (prior) this.entries.set(key, prior);
    else this.entries.delete(key);
  }
}
