// `@` mentions in the message box: where one is being typed, which servers and resources match it, and the text once one is chosen.
import type { ResourceView, ServerView } from '../../../../../shared/types';
import { hasCapability } from '../../prompts/catalog';
import { rankFuzzy } from '../../prompts/fuzzy';

/** An `@word` being typed: where its `@` is and what follows it up to the caret. */
export type Mention = { start: number; query: string };

/** One resource of one running server, as the mention list offers it. */
export type ResourceEntry = { key: string; server: string; resource: ResourceView };

const MAX_SHOWN = 30;
const MAX_SERVERS = 5;

/** A server with tools for the model, as the mention list offers it: choosing it adds it to the conversation or takes it out. */
export type ServerEntry = { key: string; server: string; inUse: boolean };

/**
 * The mention the caret is in: an `@` at the start or after a space, followed by no space up to
 * the caret. `name@example.com` is not a mention.
 */
export function mentionAt(text: string, caret: number): Mention | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before[at - 1] ?? '')) return null;
  const query = before.slice(at + 1);
  return /\s/.test(query) ? null : { start: at, query };
}

/** How a resource is named in the list and in the message: its title, else its name, else its URI. */
export function resourceLabel(resource: Pick<ResourceView, 'name' | 'title' | 'uri'>): string {
  return resource.title?.trim() || resource.name || resource.uri;
}

/** Every listed resource of the running servers that offer resources, in server order. */
export function resourceEntries(servers: readonly ServerView[]): ResourceEntry[] {
  const entries: ResourceEntry[] = [];
  for (const view of servers) {
    if (view.state.kind !== 'running' || !hasCapability(view, 'resources')) continue;
    for (const resource of view.resources) {
      entries.push({ key: `${view.name}\u0000${resource.uri}`, server: view.name, resource });
    }
  }
  return entries;
}

/** The best matches for `query` by name, title, URI and server (at most 30). */
export function filterResources(entries: readonly ResourceEntry[], query: string): ResourceEntry[] {
  return rankFuzzy(entries, query, (entry) => [
    { text: entry.resource.name },
    { text: entry.resource.title },
    { text: entry.resource.uri, weight: 0.7 },
    { text: entry.server, weight: 0.5 },
  ]).slice(0, MAX_SHOWN);
}

/** The servers whose names match `query` best (at most 5). */
export function filterServers(entries: readonly ServerEntry[], query: string): ServerEntry[] {
  return rankFuzzy(entries, query, (entry) => [{ text: entry.server }]).slice(0, MAX_SERVERS);
}

/** The text without the mention (and one space after it), and where the caret goes. */
export function dropMention(text: string, mention: Mention): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  const rest = text.slice(end).replace(/^ /, '');
  return { text: text.slice(0, mention.start) + rest, caret: mention.start };
}

/** The text with the mention replaced by `@label ` and where the caret goes after it. */
export function completeMention(
  text: string,
  mention: Mention,
  label: string,
): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  const inserted = `@${label.replace(/\s+/g, '_')} `;
  const rest = text.slice(end).replace(/^ /, '');
  return { text: text.slice(0, mention.start) + inserted + rest, caret: mention.start + inserted.length };
}
