// Which tool definitions the model is sent at each step (all, or pins, recent tools and search over the budget), and what a name it calls stands for.
import type { ChatMessage, ToolKey } from '../../shared/chat';
import {
  definitionTokens,
  pinRoom,
  SEARCH_RESULTS,
  searchesTools,
  type ToolBudget,
} from '../../shared/toolBudget';
import type { CatalogueTool, ModelTool } from '../chat/modelTools';
import { type FoundTool, findHostTool, type HostTool, hostDefinition, type OfferStep } from './hostTools';
import { ToolIndex } from './toolSearch';

export type ToolOfferOptions = {
  /** The conversation the offer is for. */
  conversationId: string;
  /** Every tool the conversation may use, with its name for the model. */
  catalogue: readonly CatalogueTool[];
  budget: ToolBudget;
  /** The person's pinned tools, always offered (within the provider's limit), first pinned first. */
  pinned?: readonly ToolKey[];
  hostTools: readonly HostTool[];
  /** The servers the conversation offers, for host tools that depend on them (every server when absent). */
  servers?: readonly string[];
};

/** What a tool name the model called stands for: one of the host's tools, or a tool of the catalogue. */
export type OfferRoute = { host: HostTool } | { tool: CatalogueTool };

const keyOf = (item: ToolKey) => `${item.server}\u0000${item.tool}`;

/**
 * One reply's offer. Within the budget every tool goes out at every step. Over it, a step carries
 * the pinned tools, then the tools used or found by search in this conversation (latest first) up
 * to the budget, and the host tools that are offered (`search_tools`). A provider's hard limit is
 * never passed: pins beyond it are left out (search still finds them).
 */
export class ToolOffer {
  readonly mode: OfferStep['mode'];
  private readonly byKey = new Map<string, CatalogueTool>();
  private readonly byName = new Map<string, CatalogueTool>();
  private readonly index: ToolIndex;

  constructor(private readonly options: ToolOfferOptions) {
    for (const tool of options.catalogue) {
      this.byKey.set(keyOf(tool.ref), tool);
      this.byName.set(tool.name, tool);
    }
    this.index = new ToolIndex(options.catalogue);
    this.mode = searchesTools(options.catalogue, options.budget) ? 'search' : 'all';
  }

  /** The definitions for the next step of a conversation that reads `messages` so far. */
  forStep(messages: readonly ChatMessage[]): ModelTool[] {
    const { budget, hostTools, catalogue, conversationId, servers } = this.options;
    const step = { conversationId, mode: this.mode, messages, servers };
    const host = hostTools.filter((tool) => tool.offered(step)).map(hostDefinition);
    if (this.mode === 'all') return [...catalogue.map(definitionOf), ...host];
    const room = (budget.hardLimit ?? Number.POSITIVE_INFINITY) - host.length;
    const pinned = this.known(this.options.pinned ?? []).slice(0, pinRoom(budget, host.length));
    const chosen = new Set(pinned);
    let tokens = pinned.reduce((sum, tool) => sum + definitionTokens(tool), 0);
    const recentRoom = Math.min(
      room - pinned.length,
      Math.max(budget.maxTools - pinned.length, SEARCH_RESULTS),
    );
    let recent = 0;
    for (const tool of this.known(recentTools(messages, hostTools))) {
      if (recent >= recentRoom) break;
      if (chosen.has(tool)) continue;
      const size = definitionTokens(tool);
      if (recent >= SEARCH_RESULTS && budget.maxTokens !== undefined && tokens + size > budget.maxTokens)
        break;
      chosen.add(tool);
      tokens += size;
      recent++;
    }
    return [...[...chosen].map(definitionOf), ...host];
  }

  /** What the model's tool `name` stands for; a tool of the catalogue goes through consent like any other. */
  route(name: string): OfferRoute | undefined {
    const host = findHostTool(this.options.hostTools, name);
    if (host) return { host };
    const tool = this.byName.get(name);
    return tool ? { tool } : undefined;
  }

  /** The best matches for `query` among the whole catalogue. */
  search(query: string, limit: number): FoundTool[] {
    return this.index.search(query, limit);
  }

  /** The catalogue's tools for `keys`, in order, leaving out those it does not have. */
  private known(keys: readonly ToolKey[]): CatalogueTool[] {
    return keys.flatMap((key) => this.byKey.get(keyOf(key)) ?? []);
  }
}

/**
 * The tools the conversation used or found by search, the latest first and each once; a search's
 * finds keep their rank.
 */
export function recentTools(messages: readonly ChatMessage[], hostTools: readonly HostTool[]): ToolKey[] {
  const seen = new Set<string>();
  const out: ToolKey[] = [];
  const add = (item: ToolKey) => {
    const key = keyOf(item);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(item);
  };
  for (let m = messages.length - 1; m >= 0; m--) {
    const message = messages[m];
    if (message?.role !== 'assistant') continue;
    for (let p = message.parts.length - 1; p >= 0; p--) {
      const part = message.parts[p];
      if (part?.type !== 'tool') continue;
      const { call } = part;
      if (call.host) {
        const tool = hostTools.find((candidate) => candidate.name === call.tool);
        for (const item of tool?.madeCallable?.(call) ?? []) add(item);
      } else if (call.server) add({ server: call.server, tool: call.tool });
    }
  }
  return out;
}

function definitionOf(tool: CatalogueTool): ModelTool {
  return { name: tool.name, description: tool.description, inputSchema: tool.inputSchema };
}
