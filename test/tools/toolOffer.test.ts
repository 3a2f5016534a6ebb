// The offer of each step: all tools within the budget; over it pins, recent tools, found tools and search, never past a provider's limit.
import { describe, expect, it } from 'vitest';
import type { CatalogueTool } from '../../src/main/chat/modelTools';
import { type HostTool, runHostCall } from '../../src/main/tools/hostTools';
import { searchTools } from '../../src/main/tools/searchTools';
import { recentTools, ToolOffer } from '../../src/main/tools/toolOffer';
import type { AssistantMessage, ChatMessage, ToolCallView, ToolKey } from '../../src/shared/chat';
import { hostToolName } from '../../src/shared/hostToolNames';
import { toolBudget } from '../../src/shared/toolBudget';
import { wholeCatalogue } from './catalogueViews';

const SEARCH = hostToolName('search_tools');
const openai = toolBudget('openai-compatible', 128_000);
const anthropic = toolBudget('anthropic', 200_000);

function reply(calls: ToolCallView[]): AssistantMessage {
  return {
    id: `r${Math.random()}`,
    role: 'assistant',
    time: 0,
    model: 'local/m',
    status: 'done',
    parts: calls.map((call) => ({ type: 'tool' as const, call })),
  };
}

function used(server: string, tool: string): ToolCallView {
  return { id: `${server}/${tool}`, server, tool, name: `${server}__${tool}`, args: {}, status: 'done' };
}

/** A finished `search_tools` card, answered by the host tool itself over `offer`'s catalogue. */
async function searched(offer: ToolOffer, query: string): Promise<ToolCallView> {
  const card: ToolCallView = {
    id: query,
    server: '',
    tool: SEARCH,
    name: SEARCH,
    args: { query },
    status: 'waiting',
  };
  return runHostCall(searchTools, card, {
    conversationId: 'c',
    messageId: 'm',
    resultChars: 100_000,
    signal: new AbortController().signal,
    searchTools: (text, limit) => offer.search(text, limit),
    update: () => {},
  });
}

const names = (tools: { name: string }[]) => tools.map((tool) => tool.name);
const keys = (tools: CatalogueTool[], count: number, from = 0): ToolKey[] =>
  tools.slice(from, from + count).map((tool) => tool.ref);

describe('the offer within the budget', () => {
  it('sends every tool and no search while a conversation has 40 tools or fewer', async () => {
    const catalogue = (await wholeCatalogue()).slice(0, 40);
    const offer = new ToolOffer({ conversationId: 'c', catalogue, budget: openai, hostTools: [searchTools] });
    expect(offer.mode).toBe('all');
    const step = offer.forStep([]);
    expect(step).toHaveLength(40);
    expect(names(step)).not.toContain(SEARCH);
  });

  it('searches once the definitions would fill more than a tenth of a small context window', async () => {
    const catalogue = (await wholeCatalogue()).slice(0, 30);
    expect(
      new ToolOffer({ conversationId: 'c', catalogue, budget: toolBudget('anthropic', 8_000), hostTools: [] })
        .mode,
    ).toBe('search');
    expect(
      new ToolOffer({
        conversationId: 'c',
        catalogue,
        budget: toolBudget('anthropic', 200_000),
        hostTools: [],
      }).mode,
    ).toBe('all');
  });
});

describe('the offer over the budget (1,000 tools)', () => {
  it('starts with search alone, then offers what search found from the next step on', async () => {
    const catalogue = await wholeCatalogue();
    const offer = new ToolOffer({ conversationId: 'c', catalogue, budget: openai, hostTools: [searchTools] });
    expect(offer.mode).toBe('search');
    expect(names(offer.forStep([]))).toEqual([SEARCH]);

    const search = await searched(offer, 'create issue');
    expect(search.status).toBe('done');
    const step = offer.forStep([reply([search])]);
    expect(step.length).toBeLessThanOrEqual(11);
    expect(names(step)).toContain('github__create_issue');
    expect(names(step).at(-1)).toBe(SEARCH);
  });

  it('offers the tools used earlier in the conversation, the latest first, up to 40 besides search', async () => {
    const catalogue = await wholeCatalogue();
    const offer = new ToolOffer({ conversationId: 'c', catalogue, budget: openai, hostTools: [searchTools] });
    const history: ChatMessage[] = keys(catalogue, 60).map((key) => reply([used(key.server, key.tool)]));
    const step = offer.forStep(history);
    expect(step).toHaveLength(41);
    const latest = catalogue[59] as CatalogueTool;
    expect(step[0]?.name).toBe(latest.name);
    expect(names(step)).not.toContain((catalogue[0] as CatalogueTool).name);
  });

  it('puts pinned tools first, and never sends an OpenAI-style provider more than 128 tools', async () => {
    const catalogue = await wholeCatalogue();
    const pinned = keys(catalogue, 200);
    const history = keys(catalogue, 30, 500).map((key) => reply([used(key.server, key.tool)]));
    const capped = new ToolOffer({
      conversationId: 'c',
      catalogue,
      budget: openai,
      pinned,
      hostTools: [searchTools],
    }).forStep(history);
    // 117 pins, room for the 10 latest tools used, and search.
    expect(capped).toHaveLength(128);
    expect(names(capped.slice(0, 117))).toEqual(names(catalogue.slice(0, 117)));
    expect(names(capped.slice(117, 127))).toEqual(names(catalogue.slice(520, 530).reverse()));
    expect(capped[127]?.name).toBe(SEARCH);

    const unlimited = new ToolOffer({
      conversationId: 'c',
      catalogue,
      budget: anthropic,
      pinned,
      hostTools: [searchTools],
    });
    // Every pin where the provider sets no limit, and still room for the 10 latest tools.
    expect(unlimited.forStep(history)).toHaveLength(200 + 10 + 1);
  });

  it('leaves out pins and history of tools the conversation no longer has', async () => {
    const catalogue = await wholeCatalogue();
    const offer = new ToolOffer({
      conversationId: 'c',
      catalogue,
      budget: openai,
      pinned: [{ server: 'gone', tool: 'x' }],
      hostTools: [searchTools],
    });
    expect(names(offer.forStep([reply([used('gone', 'y')])]))).toEqual([SEARCH]);
  });
});

describe('routing a name the model called', () => {
  it('routes host tools to the host and catalogue tools to their server, offered this step or not', async () => {
    const catalogue = await wholeCatalogue();
    const offer = new ToolOffer({ conversationId: 'c', catalogue, budget: openai, hostTools: [searchTools] });
    expect(offer.route(SEARCH)).toEqual({ host: searchTools });
    const route = offer.route('stripe__create_refund');
    expect(route && 'tool' in route ? route.tool.ref : undefined).toEqual({
      server: 'stripe',
      tool: 'create_refund',
    });
    expect(offer.route('nobody__nothing')).toBeUndefined();
  });

  it('offers a host tool only when it says so', async () => {
    const always: HostTool = {
      name: 'read_result',
      description: 'Reads on.',
      inputSchema: { type: 'object' },
      offered: () => true,
      answer: () => ({ content: [] }),
    };
    const catalogue = (await wholeCatalogue()).slice(0, 3);
    const offer = new ToolOffer({
      conversationId: 'c',
      catalogue,
      budget: openai,
      hostTools: [searchTools, always],
    });
    expect(names(offer.forStep([])).slice(3)).toEqual([hostToolName('read_result')]);
  });
});

describe('recentTools', () => {
  it('lists used and found tools once each, the latest first and a search’s finds in rank order', async () => {
    const catalogue = await wholeCatalogue();
    const offer = new ToolOffer({ conversationId: 'c', catalogue, budget: openai, hostTools: [searchTools] });
    const search = await searched(offer, 'refund');
    const history = [
      reply([used('github', 'get_issue')]),
      reply([search, used('github', 'get_issue'), used('slack', 'create_message')]),
    ];
    const recent = recentTools(history, [searchTools]);
    expect(recent[0]).toEqual({ server: 'slack', tool: 'create_message' });
    expect(recent[1]).toEqual({ server: 'github', tool: 'get_issue' });
    expect(recent.slice(2, 4)).toEqual(
      offer.search('refund', 2).map(({ server, tool }) => ({ server, tool })),
    );
    expect(recent.filter((item) => item.tool === 'get_issue')).toHaveLength(1);
  });

  it('takes nothing from a search that failed', async () => {
    const catalogue = await wholeCatalogue();
    const offer = new ToolOffer({ conversationId: 'c', catalogue, budget: openai, hostTools: [searchTools] });
    const bad = await runHostCall(
      searchTools,
      { id: 'x', server: '', tool: SEARCH, name: SEARCH, args: { query: 12 }, status: 'waiting' },
      {
        conversationId: 'c',
        messageId: 'm',
        resultChars: 100_000,
        signal: new AbortController().signal,
        searchTools: (text, limit) => offer.search(text, limit),
        update: () => {},
      },
    );
    expect(bad.result?.isError).toBe(true);
    expect(recentTools([reply([bad])], [searchTools])).toEqual([]);
  });
});
