// Tool definition tokens per request with 1,000 tools (40 servers): every tool sent vs tools on demand, as the model server receives them.
import type { ModelMessage } from 'ai';
import { type CatalogueTool, modelTools } from '../src/main/chat/modelTools';
import { type AgentToolCall, runAgentTurn } from '../src/main/llm/agentLoop';
import { languageModel } from '../src/main/llm/providers';
import { hostCard, runHostCall } from '../src/main/tools/hostTools';
import { searchTools } from '../src/main/tools/searchTools';
import { ToolOffer } from '../src/main/tools/toolOffer';
import type { AssistantMessage, ChatMessage, ToolCallView } from '../src/shared/chat';
import { estimateTokens } from '../src/shared/tokens';
import { toolBudget } from '../src/shared/toolBudget';
import type { ServerView } from '../src/shared/types';
import { startModel } from '../test/scriptedModel';
import { loadCatalogue } from '../test/toolCatalogue';

const GOAL = 0.1;
const SEARCH = 'switchboard__search_tools';

const { DOMAINS, domainTools } = await loadCatalogue();
const servers: ServerView[] = DOMAINS.map((name) => ({
  name,
  entry: { command: 'x' },
  transport: 'stdio',
  state: { kind: 'running', since: 0 },
  tools: domainTools(name),
  prompts: [],
  resources: [],
  resourceTemplates: [],
}));
const catalogue = modelTools(servers, { disabledServers: [], disabledTools: [] }).tools;
const model = await startModel();
const llm = await languageModel(
  { id: 'local', type: 'openai-compatible', baseURL: model.url, models: ['scripted-model'] },
  'scripted-model',
);
const question: ModelMessage[] = [{ role: 'user', content: 'File a bug: it crashes on start.' }];

/** A finished call of a server's tool, as a reply stores it. */
const used = (tool: CatalogueTool): ToolCallView => ({
  id: tool.name,
  name: tool.name,
  server: tool.ref.server,
  tool: tool.ref.tool,
  args: {},
  status: 'done',
  result: { content: [{ type: 'text', text: 'ok' }] },
});

/** Runs one reply against the scripted model and returns the size of each request's `tools`, in tokens. */
async function requestTokens(
  tools: Parameters<typeof runAgentTurn>[0]['tools'],
  turns: Record<string, unknown>[],
  answer: (calls: AgentToolCall[]) => Promise<ToolCallView[]>,
): Promise<{ tools: number; tokens: number }[]> {
  model.reset();
  model.script(turns);
  await runAgentTurn({
    model: llm,
    history: question,
    tools,
    signal: new AbortController().signal,
    onTextDelta: () => {},
    onToolCalls: answer,
  });
  const requests = (await model.requests()) as unknown as { tools?: unknown[] }[];
  return requests.map((request) => ({
    tools: request.tools?.length ?? 0,
    tokens: estimateTokens(JSON.stringify(request.tools ?? []).length),
  }));
}

const allIn = await requestTokens(catalogue, [{ text: 'ok' }], async () => []);

// On demand, one reply: search, call what it found, answer.
const offer = new ToolOffer({
  conversationId: 'bench',
  catalogue,
  budget: toolBudget('openai-compatible', 128_000),
  hostTools: [searchTools],
});
const reply: AssistantMessage = {
  id: 'r',
  role: 'assistant',
  time: 0,
  model: 'local/m',
  parts: [],
  status: 'streaming',
};
const onDemand = await requestTokens(
  () => offer.forStep([reply]),
  [
    { toolCalls: [{ name: SEARCH, arguments: { query: 'create issue' } }] },
    { toolCalls: [{ name: 'github__create_issue', arguments: { name: 'Crash' } }] },
    { text: 'Filed.' },
  ],
  async (calls) => {
    const cards = await Promise.all(
      calls.map((call) => {
        const card: ToolCallView = {
          id: call.id,
          name: call.name,
          server: '',
          tool: call.name,
          args: call.args as never,
          status: 'waiting',
        };
        const route = offer.route(call.name);
        if (route && 'host' in route) {
          return runHostCall(route.host, hostCard(card, route.host), {
            conversationId: 'bench',
            messageId: 'r',
            resultChars: 100_000,
            signal: new AbortController().signal,
            searchTools: (query, limit) => offer.search(query, limit),
            update: () => {},
          });
        }
        return route && 'tool' in route ? used(route.tool) : card;
      }),
    );
    reply.parts.push(...cards.map((call) => ({ type: 'tool' as const, call })));
    return cards;
  },
);

// A long conversation that used 60 different tools: the most any on-demand request carries (40 and search).
const busy: ChatMessage[] = catalogue
  .filter((_, index) => index % 16 === 0)
  .map((tool, index) => ({
    id: `m${index}`,
    role: 'assistant',
    time: 0,
    model: 'local/m',
    status: 'done',
    parts: [{ type: 'tool', call: used(tool) }],
  }));
const busiest = await requestTokens(
  () => offer.forStep(busy),
  [{ text: 'ok' }],
  async () => [],
);
await model.close();

const whole = allIn[0]?.tokens ?? Number.NaN;
const rows: [string, { tools: number; tokens: number } | undefined][] = [
  ['every tool (all-in)', allIn[0]],
  ['on demand: first request (search only)', onDemand[0]],
  ['on demand: after a search (found tools and search)', onDemand[1]],
  ['on demand: after the call', onDemand[2]],
  [`on demand: ${busy.length} tools used before (the latest 40 and search)`, busiest[0]],
];
console.log(
  `Tool definitions per request, ${catalogue.length} tools of ${DOMAINS.length} servers (tokens ≈ JSON characters / 4):`,
);
for (const [name, row] of rows) {
  const share = row ? row.tokens / whole : Number.NaN;
  console.log(
    `  ${name}: ${row?.tools} tools, ${row?.tokens.toLocaleString('en')} tokens (${(share * 100).toFixed(1)}% of all-in)`,
  );
}
const worst = Math.max(...[...onDemand, ...busiest].map((row) => row.tokens)) / whole;
console.log(
  `on demand vs all-in, the largest request: ${(worst * 100).toFixed(1)}%  goal ≤ ${GOAL * 100}% ${worst <= GOAL ? 'met' : 'NOT met'}`,
);
