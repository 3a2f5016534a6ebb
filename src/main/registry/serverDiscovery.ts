// Looks for MCP servers at a domain or address the person typed: the site's /.well-known/mcp/catalog.json and the server cards it lists, else the address's own server card.
import type { DiscoveredServer, Discovery } from '../../shared/discovery';
import { isLoopbackHost } from '../../shared/remoteUrl';
import { isSocketAddress } from '../../shared/socketAddress';
import { HostFault } from '../errors';
import {
  DISCOVERY_LIMITS,
  type DiscoveryLimits,
  DiscoveryProblem,
  discoveryUrlProblem,
  fetchDiscoveryJson,
} from './discoveryFetch';
import { CARD_TYPE, readCard, readCatalog } from './serverCard';

const CATALOG_PATH = '/.well-known/mcp/catalog.json';
const CARD_ACCEPT = `${CARD_TYPE}, application/json;q=0.9`;
/** How many cards are read at once. */
const CONCURRENCY = 4;

export type DiscoveryOptions = { limits?: DiscoveryLimits; fetch?: typeof fetch };

/** The address the person typed as a URL: `example.com` is https, `127.0.0.1:8080` on this computer is http. */
export function typedAddress(text: string): URL {
  const trimmed = text.trim();
  const refuse = (reason: 'empty' | 'socket' | 'notAddress' | 'other', why = '') =>
    new HostFault('invalid_input', {
      id: 'host.registry.cannotDiscover',
      values: { address: trimmed.slice(0, 200), reason, why },
    });
  if (!trimmed) throw refuse('empty');
  if (isSocketAddress(trimmed)) throw refuse('socket');
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)
    ? trimmed
    : `${isLoopbackHost(trimmed.split(/[/:?#]/, 1)[0] ?? '') ? 'http' : 'https'}://${trimmed}`;
  if (!URL.canParse(withScheme)) throw refuse('notAddress');
  const url = new URL(withScheme);
  const problem = discoveryUrlProblem(url);
  if (problem) throw refuse('other', `${problem}.`);
  return url;
}

/** What the catalogue (or the address's own server card) at `address` offers; advisory, never trusted. */
export async function discoverServers(address: string, options: DiscoveryOptions = {}): Promise<Discovery> {
  const typed = typedAddress(address);
  const read = (url: URL, accept: string) =>
    fetchDiscoveryJson(url, accept, options.limits ?? DISCOVERY_LIMITS, options.fetch);
  const catalogUrl = new URL(CATALOG_PATH, typed.origin);
  const problems: string[] = [];
  let catalog: unknown;
  try {
    catalog = await read(catalogUrl, 'application/json');
  } catch (error) {
    problems.push(messageOf(error));
  }
  if (catalog !== undefined) {
    const { entries, problems: skipped } = readCatalog(catalog, catalogUrl);
    problems.push(...skipped);
    const servers: DiscoveredServer[] = [];
    for (let start = 0; start < entries.length; start += CONCURRENCY) {
      const batch = entries.slice(start, start + CONCURRENCY).map(async (entry) => {
        const problem = crossSiteProblem(entry.cardUrl, catalogUrl);
        if (problem)
          throw new DiscoveryProblem(`The card of “${entry.displayName}” was not read: ${problem}.`);
        const card = await read(entry.cardUrl, CARD_ACCEPT);
        if (card === undefined)
          throw new DiscoveryProblem(
            `The card of “${entry.displayName}” is not there (${entry.cardUrl.href}).`,
          );
        return readCard(card, entry.cardUrl, typed, entry.displayName);
      });
      for (const outcome of await Promise.allSettled(batch)) {
        if (outcome.status === 'fulfilled') servers.push(outcome.value);
        else problems.push(messageOf(outcome.reason));
      }
    }
    return { origin: typed.origin, catalogUrl: catalogUrl.href, servers, problems };
  }
  if (typed.pathname !== '/') {
    const cardUrl = new URL(`${typed.pathname.replace(/\/+$/, '')}/server-card`, typed.origin);
    try {
      const card = await read(cardUrl, CARD_ACCEPT);
      if (card !== undefined)
        return { origin: typed.origin, servers: [readCard(card, cardUrl, typed)], problems };
    } catch (error) {
      problems.push(messageOf(error));
    }
  }
  if (problems.length === 0) problems.push(`${typed.host} publishes no MCP catalogue (${catalogUrl.href}).`);
  return { origin: typed.origin, servers: [], problems };
}

/** A card on another site than its catalogue is read only over https from a site on the network. */
function crossSiteProblem(cardUrl: URL, catalogUrl: URL): string | undefined {
  if (cardUrl.origin === catalogUrl.origin) return undefined;
  if (cardUrl.protocol !== 'https:' || isLoopbackHost(cardUrl.hostname))
    return `it is on another site (${cardUrl.host}) and not an https address on the network`;
  return undefined;
}

function messageOf(error: unknown): string {
  if (error instanceof DiscoveryProblem) return error.message;
  return error instanceof Error ? error.message : String(error);
}
