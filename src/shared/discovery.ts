// What looking for MCP servers at an address finds: the site's catalogue and server cards, advisory and already checked.

/** A header a server card says its endpoint takes (its name checked; nothing else of it is trusted). */
export type OfferedHeader = {
  name: string;
  description?: string;
  required: boolean;
  secret: boolean;
  /** The card's default, to fill in; never a secret's. */
  value?: string;
};

/** One endpoint a server card lists, with an address Switchboard would connect to. */
export type DiscoveredRemote = {
  transport: 'http' | 'sse';
  url: string;
  /** The endpoint's host when it is not the host the person typed: shown as a warning. */
  elsewhere?: string;
  headers: OfferedHeader[];
};

/** One server a site describes: plain text, length-capped, never trusted for a decision. */
export type DiscoveredServer = {
  /** The catalogue's name for it, or the card's title. */
  displayName: string;
  /** The card's reverse-DNS name (`com.example/weather`), a suggestion for the server's name. */
  name?: string;
  description?: string;
  version?: string;
  /** Where its card was read. */
  cardUrl: string;
  remotes: DiscoveredRemote[];
  /** Why some of what the card lists is not offered (an endpoint that needs values, one that is not https …). */
  notes: string[];
};

/** What looking at one address found. */
export type Discovery = {
  /** The origin looked at (`https://example.com`). */
  origin: string;
  /** Where the catalogue was found; absent when there is none and only a server card was read. */
  catalogUrl?: string;
  servers: DiscoveredServer[];
  /** What could not be read, in plain words (a card that was too large, a catalogue entry of another type …). */
  problems: string[];
};

/** A server name for an offer: the last part of its card's name, else its display name, in the characters names allow. */
export function suggestedServerName(server: Pick<DiscoveredServer, 'name' | 'displayName'>): string {
  const base = server.name?.split('/').pop() ?? server.displayName;
  const plain = base.replace(/[^\p{L}\p{N} ._-]+/gu, '-').replace(/^[-. ]+|[-. ]+$/g, '');
  return (plain || 'server').slice(0, 64);
}
