// Which commands answer while the host is still loading what servers do not read (conversations, permissions, …).
import type { CommandHandlers } from '../shared/contract';

/**
 * Domains whose commands read only what the servers start with: the config and its approvals and values,
 * shared folders, the servers themselves and what they ask. The page's server list, tools and requests
 * never wait for a long chat history.
 */
const ANSWER_AT_ONCE = new Set([
  'app',
  'approvals',
  'completion',
  'config',
  'elicitation',
  'folders',
  'icons',
  'import',
  'inputs',
  'models',
  'payloads',
  'prompts',
  'requests',
  'resource',
  'resources',
  'roots',
  'sampling',
  'server',
  'servers',
  'tool',
  'tools',
]);

/** `commands`, where every command outside those domains first waits for `loaded()` (and fails as it failed). */
export function afterLaterLoads(commands: CommandHandlers, loaded: () => Promise<void>): CommandHandlers {
  const gated: Record<string, unknown> = {};
  for (const [name, handler] of Object.entries(commands) as [
    string,
    (...args: unknown[]) => Promise<unknown>,
  ][]) {
    const domain = name.slice(0, name.indexOf('.'));
    gated[name] = ANSWER_AT_ONCE.has(domain)
      ? handler
      : async (...args: unknown[]) => {
          await loaded();
          return handler(...args);
        };
  }
  return gated as CommandHandlers;
}
