// A server's icons: resolved by the host on request, and every icon it may not show noted once in that server's log.
import type { CommandHandlers } from '../../shared/contract';
import type { Icon, ServerView } from '../../shared/types';
import type { ServerLookup } from '../servers/runningServers';
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

/** The host's side of icons: the `icons.resolve` command, and a log line for each icon refused. */
export class ServerIcons {
  private readonly noted = new Set<string>();

  constructor(
    private readonly servers: ServerLookup,
    private readonly resolver: IconResolver,
  ) {}

  /** Notes the icons of a server's (new) lists that use a scheme the host never fetches; the window never asks for them. */
  serverChanged(view: ServerView): void {
    if (view.cachedAt !== undefined || view.state.kind !== 'running') return;
    for (const src of declaredIcons(view)) {
      if (!this.resolver.allows(src)) {
        this.note(
          view.name,
          src,
          `only ${this.resolver.schemeList} icons are shown, and this one is ${schemeOf(src)}`,
        );
      }
    }
  }

  commands(): Pick<CommandHandlers, 'icons.resolve'> {
    return {
      'icons.resolve': async ({ server, src }) => {
        const connection = this.servers.get(server);
        // Only what the server itself declared: the window cannot make the host fetch anything else.
        if (!declaredIcons(connection.view()).has(src)) return null;
        const outcome = await this.resolver.resolve(src);
        if (outcome.ok) return outcome.dataUri;
        this.note(server, src, outcome.reason);
        return null;
      },
    };
  }

  private note(server: string, src: string, reason: string): void {
    const key = JSON.stringify([server, src]);
    if (this.noted.has(key)) return;
    this.noted.add(key);
    try {
      this.servers.get(server).note('warning', `An icon was not shown (${clip(src)}): ${reason}.`);
    } catch {
      // The server left the config meanwhile.
    }
  }
}

function schemeOf(src: string): string {
  const colon = src.indexOf(':');
  return colon > 0 && colon < 20 ? src.slice(0, colon + 1) : 'not an address';
}

function clip(src: string): string {
  return src.length > 80 ? `${src.slice(0, 77)}…` : src;
}
