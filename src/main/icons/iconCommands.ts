// The icons command: a server's own icon, resolved by the host; anything it may not show is logged on that server.
import type { CommandHandlers } from '../../shared/contract';
import type { Icon, ServerView } from '../../shared/types';
import type { ServerManager } from '../servers/manager';
import type { IconResolver } from './iconResolver';

/** Every icon source `view` declares: the server's, its tools', prompts', resources' and templates'. */
export function declaredIcons(view: ServerView): Set<string> {
  const sources = new Set<string>();
  const add = (icons: Icon[] | undefined) => {
    for (const icon of icons ?? []) if (typeof icon.src === 'string') sources.add(icon.src);
  };
  add(view.info?.icons);
  for (const list of [view.tools, view.prompts, view.resources, view.resourceTemplates]) {
    for (const item of list) add(item.icons);
  }
  return sources;
}

export function iconCommands(
  servers: ServerManager,
  resolver: IconResolver,
): Pick<CommandHandlers, 'icons.resolve'> {
  const logged = new Set<string>();
  return {
    'icons.resolve': async ({ server, src }) => {
      const connection = servers.get(server);
      // Only what the server itself declared: the window cannot make the host fetch anything else.
      if (!declaredIcons(connection.view()).has(src)) return null;
      const outcome = await resolver.resolve(src);
      if (outcome.ok) return outcome.dataUri;
      const key = JSON.stringify([server, src]);
      if (!logged.has(key)) {
        logged.add(key);
        connection.note('warning', `An icon was not shown (${clip(src)}): ${outcome.reason}.`);
      }
      return null;
    },
  };
}

function clip(src: string): string {
  return src.length > 80 ? `${src.slice(0, 77)}…` : src;
}
