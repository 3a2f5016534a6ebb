// Running-server views over the made-up catalogue of 40 services (1,000 tools), for the offer and search tests.
import { type CatalogueTool, modelTools } from '../../src/main/chat/modelTools';
import type { ToolSelection } from '../../src/shared/chat';
import type { ServerView, ToolView } from '../../src/shared/types';
import { loadCatalogue } from '../toolCatalogue';

export function serverView(name: string, tools: ToolView[]): ServerView {
  return {
    name,
    entry: { command: 'x' },
    transport: 'stdio',
    state: { kind: 'running', since: 0 },
    tools,
    prompts: [],
    resources: [],
    resourceTemplates: [],
  };
}

/** The 40 services as running servers. */
export async function catalogueServers(): Promise<ServerView[]> {
  const { DOMAINS, domainTools } = await loadCatalogue();
  return DOMAINS.map((domain) => serverView(domain, domainTools(domain)));
}

/** The conversation's catalogue over the 40 services. */
export async function wholeCatalogue(
  selection: ToolSelection = { disabledServers: [], disabledTools: [] },
): Promise<CatalogueTool[]> {
  return modelTools(await catalogueServers(), selection).tools;
}
