// Each server's last lists and details on disk: the SDK's response cache (with ttlMs/cacheScope) kept per server identity.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CacheEntry, CacheKey, CacheScope, ResponseCacheStore } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { ServerEntry } from '../../../shared/types';
import { messageOf } from '../../errors';
import { sortedJson } from '../../json/sortedJson';
import { writeFileAtomic } from '../../storage/atomicFile';
import { isMissing, parseJson } from '../../storage/settingsFile';
import { identityKey } from '../../trust/identity';
import type { Discovery, ListName, Lists } from './discovery';

/** What was cached for one server: its lists and what it said about itself, and when. */
export type CatalogueSnapshot = { savedAt: number; discovery?: Discovery; lists: Lists };

export type CatalogueCacheOptions = {
  /** Told when a cache file cannot be read or written; the server then starts without one. */
  onProblem?: (message: string) => void;
};

type ListSource = { method: string; key: string; id: string };
/** Where each list is in the SDK's cache, and the field every item must have as a string. */
const LIST_SOURCES: Record<ListName, ListSource> = {
  tools: { method: 'tools/list', key: 'tools', id: 'name' },
  prompts: { method: 'prompts/list', key: 'prompts', id: 'name' },
  resources: { method: 'resources/list', key: 'resources', id: 'uri' },
  resourceTemplates: { method: 'resources/templates/list', key: 'resourceTemplates', id: 'uriTemplate' },
  skills: { method: 'skills/list', key: 'skills', id: 'uri' },
};
/** Only these reach the disk; resource bodies stay in memory. */
const PERSISTED = new Set([
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'skills/list',
  'server/discover',
]);
const MAX_MEMORY_ENTRIES = 200;

const storedEntry = z.object({
  method: z.string(),
  params: z.string(),
  partition: z.string(),
  value: z.string(),
  stamp: z.number(),
  expiresAt: z.number().optional(),
  scope: z.enum(['public', 'private']).optional(),
});
type StoredEntry = z.infer<typeof storedEntry>;

const cacheFile = z.object({
  version: z.literal(1),
  identity: z.string(),
  savedAt: z.number(),
  discovery: z.looseObject({ capabilities: z.record(z.string(), z.unknown()) }).optional(),
  entries: z.array(storedEntry),
});

/** The folder of per-server cache files. */
export class CatalogueCache {
  private readonly open = new Map<string, ServerCatalogueCache>();

  constructor(
    private readonly dir: string,
    private readonly options: CatalogueCacheOptions = {},
  ) {}

  /** The cache of the server `entry` describes; the same object for the same identity. */
  forEntry(entry: ServerEntry): ServerCatalogueCache {
    const identity = identityKey(entry);
    let cache = this.open.get(identity);
    if (!cache) {
      cache = new ServerCatalogueCache(join(this.dir, `${identity}.json`), identity, this.options);
      this.open.set(identity, cache);
    }
    return cache;
  }

  /** Resolves once every write asked for so far, of every server, is on disk. */
  async flushed(): Promise<void> {
    await Promise.all([...this.open.values()].map((cache) => cache.flushed()));
  }
}

/**
 * One server's cache. It is the `responseCacheStore` of that server's SDK client, so the SDK decides
 * freshness (`ttlMs`, `cacheScope`) and serves fresh lists without a round trip; `snapshot()` reads
 * the same entries, fresh or not, to show the last known catalogue before the server answers.
 */
export class ServerCatalogueCache implements ResponseCacheStore {
  private entries = new Map<string, StoredEntry>();
  private discovery: Discovery | undefined;
  /** When the lists on disk last changed. */
  private savedAt = 0;
  private stamp = 0;
  /** What the file holds, stamps and time left out; a write that would not change it is skipped. */
  private onDisk: string | undefined;
  private loaded = false;
  private queued = false;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly path: string,
    readonly identity: string,
    private readonly options: CatalogueCacheOptions,
  ) {}

  /** The last lists and details written, or `undefined` when nothing was ever cached. */
  snapshot(): CatalogueSnapshot | undefined {
    this.load();
    const lists: Partial<Lists> = {};
    let found = false;
    for (const [list, source] of Object.entries(LIST_SOURCES) as [ListName, ListSource][]) {
      const items = this.latest(source);
      if (items) found = true;
      (lists as Record<string, unknown>)[list] = items ?? [];
    }
    if (!found && !this.discovery) return undefined;
    return { savedAt: this.savedAt, discovery: this.discovery, lists: lists as Lists };
  }

  /** Remembers what the server said about itself (kept with the lists). */
  saveDiscovery(discovery: Discovery): void {
    this.load();
    this.discovery = discovery;
    this.touch();
  }

  /** Resolves once every write asked for so far is on disk. */
  async flushed(): Promise<void> {
    await this.writing;
  }

  get(key: CacheKey): CacheEntry | undefined {
    this.load();
    const entry = this.entries.get(keyOf(key));
    return (
      entry && { value: entry.value, stamp: entry.stamp, expiresAt: entry.expiresAt, scope: entry.scope }
    );
  }

  set(key: CacheKey, entry: { value: string; expiresAt?: number; scope?: CacheScope }): number {
    this.load();
    const method = key.method;
    const params = key.params ?? '';
    // One server per file: an entry for another partition (an older server version) is out of date.
    for (const [id, stored] of this.entries) {
      if (stored.method === method && stored.params === params) this.entries.delete(id);
    }
    const stamp = ++this.stamp;
    this.entries.set(keyOf(key), { method, params, partition: key.partition ?? '', stamp, ...entry });
    this.trim();
    if (PERSISTED.has(method)) this.touch();
    return stamp;
  }

  delete(key: CacheKey): void {
    this.load();
    if (this.entries.delete(keyOf(key)) && PERSISTED.has(key.method)) this.touch();
  }

  evict(method: string): void {
    this.load();
    for (const [id, stored] of this.entries) if (stored.method === method) this.entries.delete(id);
    if (PERSISTED.has(method)) this.touch();
  }

  clear(): void {
    this.load();
    this.entries.clear();
    this.touch();
  }

  private latest({ method, key, id }: ListSource): unknown[] | undefined {
    let best: StoredEntry | undefined;
    for (const stored of this.entries.values()) {
      if (stored.method === method && stored.params === '' && (!best || stored.stamp > best.stamp))
        best = stored;
    }
    if (!best) return undefined;
    try {
      const document: unknown = JSON.parse(best.value);
      const items = (document as Record<string, unknown> | null)?.[key];
      return Array.isArray(items)
        ? items.filter((item) => typeof (item as Record<string, unknown> | null)?.[id] === 'string')
        : undefined;
    } catch {
      return undefined;
    }
  }

  private load(): void {
    if (this.loaded) return;
    this.loaded = true;
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if (!isMissing(error)) {
        this.options.onProblem?.(`Could not read the saved catalogue ${this.path}: ${messageOf(error)}`);
      }
      return;
    }
    const parsed = cacheFile.safeParse(parseJson(text));
    if (!parsed.success || parsed.data.identity !== this.identity) {
      this.options.onProblem?.(`The saved catalogue ${this.path} was damaged and is ignored.`);
      return;
    }
    this.savedAt = parsed.data.savedAt;
    this.discovery = parsed.data.discovery as Discovery | undefined;
    for (const entry of parsed.data.entries) {
      this.entries.set(keyOf(entry), entry);
      this.stamp = Math.max(this.stamp, entry.stamp);
    }
    this.onDisk = this.content();
  }

  /**
   * What is persisted, in an order of its own, without the stamp each new answer gets. A lifetime already
   * over counts only as over: a server that gives none has its answers expire the moment they come.
   */
  private content(): string {
    const now = Date.now();
    const kept = [...this.entries.values()]
      .filter((entry) => PERSISTED.has(entry.method))
      .map(({ stamp: _, expiresAt, ...entry }) => ({
        ...entry,
        expiresAt: expiresAt !== undefined && expiresAt <= now ? 'over' : expiresAt,
      }));
    return sortedJson([this.discovery, kept.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1))]);
  }

  private trim(): void {
    if (this.entries.size <= MAX_MEMORY_ENTRIES) return;
    for (const [id, stored] of this.entries) {
      if (this.entries.size <= MAX_MEMORY_ENTRIES) break;
      if (!PERSISTED.has(stored.method)) this.entries.delete(id);
    }
  }

  /**
   * Writes the file soon; changes made in one go become one write. A server that answers what it answered
   * last time (most launches) leaves the file as it is: no write, and the time it was saved stays.
   */
  private touch(): void {
    this.savedAt ||= Date.now();
    if (this.queued) return;
    this.queued = true;
    this.writing = this.writing.then(async () => {
      this.queued = false;
      const content = this.content();
      if (content === this.onDisk) return;
      this.savedAt = Date.now();
      const text = JSON.stringify({
        version: 1,
        identity: this.identity,
        savedAt: this.savedAt,
        discovery: this.discovery,
        entries: [...this.entries.values()].filter((entry) => PERSISTED.has(entry.method)),
      });
      await writeFileAtomic(this.path, text, 0o600).then(
        () => {
          this.onDisk = content;
        },
        (error: unknown) =>
          this.options.onProblem?.(`Could not save the catalogue to ${this.path}: ${messageOf(error)}`),
      );
    });
  }
}

function keyOf(key: CacheKey): string {
  return JSON.stringify([key.method, key.params ?? '', key.partition ?? '']);
}
