// Which prompts the person can pick: every prompt of every offered server that has the prompts capability.
import { offersCatalogue } from '../../../../shared/offered';
import type { PromptView, ServerView } from '../../../../shared/types';
import { rankFuzzy } from './fuzzy';

/** One prompt of one server, as the picker lists it. */
export type PromptEntry = { key: string; server: string; prompt: PromptView };

/** True when the server announced `capability` (e.g. `prompts`, `completions`, `resources`). */
export function hasCapability(
  view: Pick<ServerView, 'capabilities'> | undefined,
  capability: string,
): boolean {
  const value = view?.capabilities?.[capability];
  return value !== undefined && value !== null && value !== false;
}

/** True when the server lets clients subscribe to resource updates. */
export function canSubscribe(view: Pick<ServerView, 'capabilities'> | undefined): boolean {
  const resources = view?.capabilities?.resources;
  return typeof resources === 'object' && resources !== null && !Array.isArray(resources)
    ? resources.subscribe === true
    : false;
}

/** The prompt's name for people: its title, else its name. */
export function promptLabel(prompt: Pick<PromptView, 'name' | 'title'>): string {
  return prompt.title?.trim() || prompt.name;
}

/**
 * Every prompt of the offered servers (running, or from the cache of one starting or waiting for
 * first use, which using the prompt starts) with the prompts capability, in server order.
 */
export function promptEntries(servers: readonly ServerView[]): PromptEntry[] {
  const entries: PromptEntry[] = [];
  for (const view of servers) {
    if (!offersCatalogue(view) || !hasCapability(view, 'prompts')) continue;
    for (const prompt of view.prompts) {
      entries.push({ key: `${view.name}\u0000${prompt.name}`, server: view.name, prompt });
    }
  }
  return entries;
}

/** The entries matching `query` by name, title and server, best first. */
export function filterPrompts(entries: readonly PromptEntry[], query: string): PromptEntry[] {
  return rankFuzzy(entries, query, (entry) => [
    { text: entry.prompt.name },
    { text: entry.prompt.title },
    { text: entry.server, weight: 0.6 },
  ]);
}

/**
 * What the person typed after a leading `/`, or null when the message is not a slash command
 * (it does not start with `/`, or a space or line break already follows the command word).
 */
export function slashQuery(text: string): string | null {
  if (!text.startsWith('/')) return null;
  const rest = text.slice(1);
  return /\s/.test(rest) ? null : rest;
}
