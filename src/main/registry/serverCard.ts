// Reads a site's MCP catalogue and its server cards (the experimental server-card extension) into plain, capped offers; nothing in them is trusted.
import type { DiscoveredRemote, DiscoveredServer, OfferedHeader } from '../../shared/discovery';
import { isLoopbackHost } from '../../shared/remoteUrl';

export const CARD_TYPE = 'application/mcp-server-card+json';
/** The most catalogue entries, endpoints and headers read from one document. */
export const MAX_ENTRIES = 20;
const MAX_REMOTES = 10;
const MAX_HEADERS = 20;

/** A catalogue entry that points to a server card. */
export type CatalogEntry = { displayName: string; cardUrl: URL };

/** The catalogue's entries that point to server cards, and why others are left out. */
export function readCatalog(body: unknown, catalogUrl: URL): { entries: CatalogEntry[]; problems: string[] } {
  const problems: string[] = [];
  const entries = isObject(body) && Array.isArray(body.entries) ? body.entries : undefined;
  if (!entries)
    return { entries: [], problems: [`${catalogUrl.href} is not an MCP catalogue (it has no entries).`] };
  if (entries.length > MAX_ENTRIES)
    problems.push(`The catalogue lists ${entries.length} servers; the first ${MAX_ENTRIES} are shown.`);
  const read: CatalogEntry[] = [];
  for (const [index, entry] of entries.slice(0, MAX_ENTRIES).entries()) {
    const name = isObject(entry) ? text(entry.displayName, 100) : undefined;
    const label = name ? `“${name}”` : `Entry ${index + 1}`;
    const type = isObject(entry) ? entry.type : undefined;
    const url = isObject(entry) && typeof entry.url === 'string' ? entry.url : undefined;
    if (type !== CARD_TYPE) {
      problems.push(`${label} of the catalogue is not a server card, so it is left out.`);
    } else if (!url || !URL.canParse(url, catalogUrl)) {
      problems.push(`${label} of the catalogue has no usable address for its server card.`);
    } else
      read.push({ displayName: name ?? new URL(url, catalogUrl).host, cardUrl: new URL(url, catalogUrl) });
  }
  return { entries: read, problems };
}

/** A server card as an offer: text capped and cleaned, endpoints checked, the rest dropped with a note. */
export function readCard(body: unknown, cardUrl: URL, typed: URL, displayName?: string): DiscoveredServer {
  const card = isObject(body) ? body : {};
  const notes: string[] = [];
  const name = text(card.name, 200);
  const validName = name && /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/.test(name) ? name : undefined;
  const remotes: DiscoveredRemote[] = [];
  const listed = Array.isArray(card.remotes) ? card.remotes : [];
  if (!isObject(body)) notes.push('The card is not a JSON object.');
  else if (!Array.isArray(card.remotes)) notes.push('The card lists no endpoints.');
  if (listed.length > MAX_REMOTES)
    notes.push(`The card lists ${listed.length} endpoints; the first ${MAX_REMOTES} are read.`);
  for (const remote of listed.slice(0, MAX_REMOTES)) {
    const read = readRemote(remote, typed);
    if (typeof read === 'string') notes.push(read);
    else remotes.push(read);
  }
  const description = text(card.description, 300);
  const version = text(card.version, 60);
  return {
    displayName: displayName ?? text(card.title, 100) ?? validName ?? cardUrl.host,
    ...(validName ? { name: validName } : {}),
    ...(description ? { description } : {}),
    ...(version ? { version } : {}),
    cardUrl: cardUrl.href,
    remotes,
    notes,
  };
}

/** An endpoint the card lists, or why it is not offered. */
function readRemote(remote: unknown, typed: URL): DiscoveredRemote | string {
  if (!isObject(remote)) return 'An endpoint of the card is not an object.';
  const transport = remote.type === 'streamable-http' ? 'http' : remote.type === 'sse' ? 'sse' : undefined;
  const address = typeof remote.url === 'string' ? remote.url.slice(0, 2048) : '';
  const shown = text(address, 80) ?? 'an endpoint';
  if (!transport)
    return `${shown}: its transport (${text(remote.type, 40) ?? 'none'}) is not one Switchboard speaks.`;
  if (/[{}]/.test(address)) return `${shown} needs values the card describes: type its address yourself.`;
  if (!URL.canParse(address)) return `${shown} is not a web address.`;
  const url = new URL(address);
  if (url.username || url.password) return `${shown} carries a user name or password, so it is not offered.`;
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    return `${shown} is not an https address, so it is not offered.`;
  if (loopback && !isLoopbackHost(typed.hostname))
    return `${shown} points to this computer, which a site on the network may not offer.`;
  return {
    transport,
    url: url.href,
    ...(url.host !== typed.host ? { elsewhere: url.host } : {}),
    headers: readHeaders(remote.headers),
  };
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
const TRANSPORT_HEADERS = new Set([
  'accept',
  'connection',
  'content-length',
  'content-type',
  'host',
  'mcp-method',
  'mcp-name',
  'mcp-protocol-version',
  'mcp-session-id',
  'transfer-encoding',
]);

function readHeaders(headers: unknown): OfferedHeader[] {
  if (!Array.isArray(headers)) return [];
  const read: OfferedHeader[] = [];
  for (const header of headers.slice(0, MAX_HEADERS)) {
    const name = isObject(header) && typeof header.name === 'string' ? header.name : '';
    if (!isObject(header) || !HEADER_NAME.test(name) || TRANSPORT_HEADERS.has(name.toLowerCase())) continue;
    if (read.some((seen) => seen.name.toLowerCase() === name.toLowerCase())) continue;
    const secret = header.isSecret === true;
    const preset = text(header.value, 500) ?? text(header.default, 500);
    const description = text(header.description, 200);
    read.push({
      name,
      ...(description ? { description } : {}),
      required: header.isRequired === true,
      secret,
      ...(preset && !secret && !/[{}]/.test(preset) ? { value: preset } : {}),
    });
  }
  return read;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const UNSHOWN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** A string cleaned of control and direction characters, one line, at most `max` characters; undefined otherwise. */
export function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const clean = value.replace(UNSHOWN, ' ').replace(/\s+/g, ' ').trim();
  if (!clean) return undefined;
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
