// What one server offers right now: its tools, prompts, resources and templates, refreshed list by list.
import type { Client, ResponseCacheStore } from '@modelcontextprotocol/client';
import { messageOf } from '../../errors';
import { fetchList, LIST_NAMES, type ListName, type Lists } from './discovery';

export const EMPTY_LISTS: Lists = {
  tools: [],
  prompts: [],
  resources: [],
  resourceTemplates: [],
  skills: [],
};

export type CatalogueHooks = {
  changed: () => void;
  /** A list could not be read; the others still are. */
  problem: (text: string) => void;
};

export class Catalogue {
  private current: Lists = EMPTY_LISTS;
  private loaded = false;
  private readonly refreshing = new Set<Promise<void>>();

  /** `cache` keeps the lists the SDK does not keep itself (the skill listing). */
  constructor(
    private readonly hooks: CatalogueHooks,
    private readonly timeoutMs: number,
    private readonly cache?: ResponseCacheStore,
  ) {}

  get lists(): Lists {
    return this.current;
  }

  /** True once every list was read from the running server (until `clear`). */
  get isLive(): boolean {
    return this.loaded;
  }

  clear(): void {
    this.current = EMPTY_LISTS;
    this.loaded = false;
  }

  /** Reads every list of `client`; `live` says whether its answers still belong to this server. */
  async load(client: Client, live: () => boolean): Promise<void> {
    this.current = { ...EMPTY_LISTS };
    this.loaded = false;
    await Promise.all(LIST_NAMES.map((list) => this.refresh(client, list, live)));
    if (live()) this.loaded = true;
  }

  /** Refreshes `lists` in the background (a list_changed notification); see `settled`. */
  refreshSoon(client: Client, lists: ListName[], live: () => boolean): void {
    for (const list of lists) {
      const refresh = this.refresh(client, list, live);
      this.refreshing.add(refresh);
      void refresh.finally(() => this.refreshing.delete(refresh));
    }
  }

  /** Resolves once every refresh under way has finished. */
  async settled(): Promise<void> {
    while (this.refreshing.size > 0) await Promise.all(this.refreshing);
  }

  private async refresh(client: Client, list: ListName, live: () => boolean): Promise<void> {
    try {
      const problem = (text: string) => {
        if (live()) this.hooks.problem(text);
      };
      const items = await fetchList(client, list, { timeout: this.timeoutMs }, problem, this.cache);
      if (!live()) return;
      this.current = { ...this.current, [list]: items };
      this.hooks.changed();
    } catch (error) {
      if (live()) this.hooks.problem(`Could not list ${list}: ${messageOf(error)}`);
    }
  }
}
