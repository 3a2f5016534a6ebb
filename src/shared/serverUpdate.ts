// A server's view as a page receives it: whole the first time, then with only the lists that changed.
import type { ServerView } from './types';

/** The lists of a server view, which a page gets again only when they changed. */
export const SERVER_LISTS = ['tools', 'prompts', 'resources', 'resourceTemplates'] as const;
export type ServerListName = (typeof SERVER_LISTS)[number];

/** `server.changed` as a page gets it: everything but the lists it already has. */
export type ServerUpdate = Omit<ServerView, ServerListName> & Partial<Pick<ServerView, ServerListName>>;

/** The whole view after `update`: its lists where it has them, else `previous`'s (none when there is no previous). */
export function applyServerUpdate(previous: ServerView | undefined, update: ServerUpdate): ServerView {
  return {
    ...update,
    tools: update.tools ?? previous?.tools ?? [],
    prompts: update.prompts ?? previous?.prompts ?? [],
    resources: update.resources ?? previous?.resources ?? [],
    resourceTemplates: update.resourceTemplates ?? previous?.resourceTemplates ?? [],
  };
}
