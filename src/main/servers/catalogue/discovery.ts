// Reads what a connected server offers: info, capabilities and every page of every list (skills' entries too).
import type { Client, RequestOptions, ResponseCacheStore } from '@modelcontextprotocol/client';
import type {
  Json,
  PromptView,
  ResourceTemplateView,
  ResourceView,
  ServerInfo,
  ToolView,
} from '../../../shared/types';
import { bounded } from '../../json/bounded';
import { withToolUi } from './appMeta';
import { listSkills } from './skills';

export type Lists = {
  tools: ToolView[];
  prompts: PromptView[];
  resources: ResourceView[];
  resourceTemplates: ResourceTemplateView[];
  /** The entries of `skills/list`, unchecked (the skills room checks each). */
  skills: Json[];
};

export type ListName = keyof Lists;

export type Discovery = {
  info?: ServerInfo;
  instructions?: string;
  capabilities: { [key: string]: Json };
  protocolVersion?: string;
  era?: 'legacy' | 'modern';
};

/** What the server said about itself, cut where it nests too deep to keep and forward. */
export function describeServer(client: Client): Discovery {
  const info = client.getServerVersion();
  return {
    info: info ? (bounded(info) as ServerInfo) : undefined,
    instructions: client.getInstructions(),
    capabilities: bounded(client.getServerCapabilities() ?? {}) as { [key: string]: Json },
    protocolVersion: client.getNegotiatedProtocolVersion(),
    era: client.getProtocolEra(),
  };
}

/**
 * Fetches one list (all pages), each item cut where it nests too deep to keep and forward.
 * A server without the capability has an empty list. Tools come with their app view and
 * visibility read from `_meta.ui`; `problem` hears what could not be read. `cache` keeps the skill
 * listing with its freshness hints (the SDK keeps the others itself).
 */
export async function fetchList(
  client: Client,
  list: ListName,
  options: RequestOptions,
  problem: (text: string) => void = () => {},
  cache?: ResponseCacheStore,
): Promise<Lists[ListName]> {
  return bounded(await fetchWhole(client, list, options, problem, cache));
}

async function fetchWhole(
  client: Client,
  list: ListName,
  options: RequestOptions,
  problem: (text: string) => void,
  cache: ResponseCacheStore | undefined,
): Promise<Lists[ListName]> {
  const capabilities = client.getServerCapabilities() ?? {};
  switch (list) {
    case 'tools':
      return capabilities.tools
        ? (await client.listTools(undefined, options)).tools.map((tool) => withToolUi(tool, problem))
        : [];
    case 'prompts':
      return capabilities.prompts
        ? ((await client.listPrompts(undefined, options)).prompts as PromptView[])
        : [];
    case 'resources':
      return capabilities.resources
        ? ((await client.listResources(undefined, options)).resources as ResourceView[])
        : [];
    case 'resourceTemplates':
      return capabilities.resources
        ? ((await client.listResourceTemplates(undefined, options))
            .resourceTemplates as ResourceTemplateView[])
        : [];
    case 'skills':
      return listSkills(client, options, cache);
  }
}

export const LIST_NAMES: ListName[] = ['tools', 'prompts', 'resources', 'resourceTemplates', 'skills'];
