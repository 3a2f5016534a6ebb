// What a server's page shows of its description and lists: the live ones once read, else those cached at its last run.
import type { Client } from '@modelcontextprotocol/client';
import { Catalogue, type CatalogueHooks } from './catalogue';
import type { CatalogueSnapshot, ServerCatalogueCache } from './catalogueCache';
import { type Discovery, describeServer, LIST_NAMES, type ListName, type Lists } from './discovery';

/** The part of a server's view that describes what it offers. */
export type Shown = { description?: Discovery; lists: Lists; cachedAt?: number };

export class ShownCatalogue {
  private readonly catalogue: Catalogue;
  private discovery: Discovery | undefined;
  /** What the cache held when the live lists were last dropped (or at launch). */
  private cached: CatalogueSnapshot | undefined;

  /** `cache` keeps this server's lists between runs (and is the SDK's response cache). */
  constructor(
    hooks: CatalogueHooks,
    timeoutMs: number,
    readonly cache: ServerCatalogueCache | undefined,
  ) {
    this.catalogue = new Catalogue(hooks, timeoutMs, cache);
    this.cached = cache?.snapshot();
  }

  /** The lists the running server gave (empty until read); never the cached ones. */
  get live(): Lists {
    return this.catalogue.lists;
  }

  /** The live description and lists; until every list is read, the cached ones with the time they were saved. */
  shown(): Shown {
    const cached = this.catalogue.isLive ? undefined : this.cached;
    return {
      description: this.discovery ?? cached?.discovery,
      lists: cached?.lists ?? this.catalogue.lists,
      cachedAt: cached?.savedAt,
    };
  }

  /** Reads a connected server's description and lists; false once `live` says they no longer belong to it. */
  async load(client: Client, live: () => boolean): Promise<boolean> {
    const discovery = describeServer(client);
    this.discovery = discovery;
    await this.catalogue.load(client, live);
    if (!live()) return false;
    this.cache?.saveDiscovery(discovery);
    return true;
  }

  /** Refreshes `lists` in the background (a list_changed notification); see `settled`. */
  refreshSoon(client: Client, lists: ListName[], live: () => boolean): void {
    this.catalogue.refreshSoon(client, lists, live);
  }

  /** Reads every list again (new permissions may show more); resolves once done. */
  async reread(client: Client, live: () => boolean): Promise<void> {
    this.catalogue.refreshSoon(client, LIST_NAMES, live);
    await this.catalogue.settled();
  }

  /** Resolves once every list refresh under way has finished. */
  settled(): Promise<void> {
    return this.catalogue.settled();
  }

  /** Forgets what the last session said; the view falls back to the cache, which now holds it. */
  drop(): void {
    this.discovery = undefined;
    this.catalogue.clear();
    this.cached = this.cache?.snapshot();
  }
}
