// The made-up catalogue of 40 services and 1,000 tools (test/fixtures/domainCatalogue.mjs), typed, for tests and benchmarks.
import type { ToolView } from '../src/shared/types';

type CatalogueModule = { DOMAINS: string[]; domainTools(domain: string): ToolView[] };

/** The 40 service names and each one's 25 tools. */
export async function loadCatalogue(): Promise<CatalogueModule> {
  return (await import(new URL('./fixtures/domainCatalogue.mjs', import.meta.url).href)) as CatalogueModule;
}
