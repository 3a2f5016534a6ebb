// Sampling with tools: the dialog gets the server's tools, the model's tool uses go back to that server (which runs
// them), malformed tool messages are refused, and the host stops offering tools after its round limit.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigStore } from '../../src/main/config/configStore';
import type { Emit } from '../../src/main/hostEvents';
import { REQUEST_CAPABILITIES } from '../../src/main/requests/capabilities';
import { ElicitationService } from '../../src/main/requests/elicitation';
import { registerRequestHandlers } from '../../src/main/requests/requestHandlers';
import { SamplingService } from '../../src/main/requests/sampling';
import { MAX_TOOL_ROUNDS, toolMessagesProblem } from '../../src/main/requests/samplingTools';
import { ModelSettings } from '../../src/main/settings/models';
import type { EventName, Events } from '../../src/shared/contract';
import type { SamplingMessageView, SamplingRequest } from '../../src/shared/requests';
import { Connections, fixtureEntry, until } from '../helpers';
import { type ScriptedModel, startModel } from '../hostHarness';

type Recorded = { [E in EventName]: { event: E; payload: Events[E] } }[EventName];
type ChatRequest = {
  tools?: { function: { name: string } }[];
  tool_choice?: unknown;
  messages: { role: string; content: unknown }[];
};

let model: ScriptedModel;
let dir: string;
let sampling: SamplingService;
const events: Recorded[] = [];
const connections = new Connections();

beforeAll(async () => {
  model = await startModel();
  dir = await mkdtemp(join(tmpdir(), 'switchboard-sampling-tools-'));
  await writeFile(
    join(dir, 'config.json'),
    JSON.stringify({
      mcpServers: {},
      models: {
        providers: [{ id: 'fx', type: 'openai-compatible', baseURL: model.url, models: ['scripted-model'] }],
        default: 'fx/scripted-model',
      },
    }),
  );
  const store = new ConfigStore(join(dir, 'config.json'));
  await store.load();
  const emit: Emit = (event, payload) => events.push({ event, payload } as Recorded);
  sampling = new SamplingService({ emit, models: new ModelSettings(store), serverView: () => undefined });
});

afterAll(async () => {
  sampling.cancelAll();
  await connections.stopAll();
  await model.close();
  await rm(dir, { recursive: true, force: true });
});

async function connect(name: string, script: string, env?: Record<string, string>) {
  const elicitation = new ElicitationService({ emit: () => {}, serverView: () => undefined });
  const connection = connections.create(name, fixtureEntry(script, env ? { env } : {}), {
    capabilities: REQUEST_CAPABILITIES,
    onClientCreated: (client, server) => registerRequestHandlers(client, server, { sampling, elicitation }),
  });
  await connection.start();
  return connection;
}

function shown(stage: SamplingRequest['stage'], after: Set<string>): Promise<SamplingRequest> {
  return until(`a request at ${stage}`, () =>
    sampling
      .pending()
      .find((request) => request.stage === stage && (stage !== 'approval' || !after.has(request.id))),
  );
}

async function approve(request: SamplingRequest): Promise<SamplingRequest> {
  await sampling.approve(request.id, {
    messages: request.messages,
    model: 'fx/scripted-model',
    maxTokens: request.maxTokens,
    includeContext: false,
  });
  return until('the review', () =>
    sampling.pending().find((item) => item.id === request.id && item.stage === 'review'),
  );
}

describe('sampling with tools', { timeout: 60_000 }, () => {
  it('runs the server’s agent loop: tool uses go back to the server, never to another server', async () => {
    const calls = join(dir, 'calls.txt');
    await writeFile(join(dir, 'gate'), '');
    await connect('mine', 'catalogue.mjs', { GATE_FILE: join(dir, 'gate'), CALLS_FILE: calls });
    const agent = await connect('agent', 'sampling-tools.mjs');
    model.script([
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
      { toolCalls: [{ name: 'describe', arguments: { thing: 'Paris' } }] },
      { text: 'Paris is 18°C and cloudy.' },
    ]);
    const answer = agent.callTool('weather-agent', {}, { timeoutMs: 60_000 });
    const seen = new Set<string>();

    const first = await shown('approval', seen);
    seen.add(first.id);
    expect(first.tools?.map((tool) => tool.name)).toEqual(['get_weather', 'describe']);
    expect(first.tools?.[0]?.inputSchema).toMatchObject({ required: ['city'] });
    expect(first.toolChoice).toBe('auto');
    const firstReview = await approve(first);
    expect(firstReview.response?.stopReason).toBe('toolUse');
    expect(firstReview.response?.toolCalls).toEqual([
      { type: 'tool_use', id: expect.any(String), name: 'get_weather', input: { city: 'Paris' } },
    ]);
    sampling.send(first.id, '');

    const second = await shown('approval', seen);
    seen.add(second.id);
    expect(second.toolRounds).toBe(1);
    expect(second.messages.map((message) => message.content.map((block) => block.type))).toEqual([
      ['text'],
      ['tool_use'],
      ['tool_result'],
    ]);
    const secondReview = await approve(second);
    expect(secondReview.response?.toolCalls?.[0]?.name).toBe('describe');
    sampling.send(second.id, '');

    const third = await shown('approval', seen);
    expect(third.toolChoice).toBe('none');
    const thirdReview = await approve(third);
    expect(thirdReview.response?.toolCalls).toBeUndefined();
    sampling.send(third.id, thirdReview.response?.text ?? '');

    const result = await answer;
    const first_ = result.content[0];
    expect(JSON.parse(first_?.type === 'text' ? first_.text : '{}')).toEqual({
      answer: 'Paris is 18°C and cloudy.',
      ran: ['get_weather', 'describe'],
      rounds: 3,
    });

    const sent = (await model.requests()) as unknown as ChatRequest[];
    expect(sent[0]?.tools?.map((tool) => tool.function.name)).toEqual(['get_weather', 'describe']);
    expect(JSON.stringify(sent[1]?.messages)).toContain('Paris: 18°C, cloudy');
    expect(sent[2]?.tools).toBeUndefined();
    expect(existsSync(calls) ? readFileSync(calls, 'utf8') : '').toBe('');
  });

  it('refuses tool results mixed with other content with -32602, and says so', async () => {
    const agent = await connect('mixer', 'sampling-tools.mjs');
    const result = await agent.callTool('mixed', {});
    const text = result.content[0]?.type === 'text' ? result.content[0].text : '{}';
    expect(JSON.parse(text)).toMatchObject({ ok: false, code: -32602 });
    expect(
      events.some(
        (item) =>
          item.event === 'requests.refused' && (item.payload as { server: string }).server === 'mixer',
      ),
    ).toBe(true);
  });

  it('withholds tools once a chain reached the round limit, so the model must answer', async () => {
    const messages: SamplingMessageView[] = [{ role: 'user', content: [{ type: 'text', text: 'go' }] }];
    for (let round = 0; round < MAX_TOOL_ROUNDS; round++) {
      const id = `u${round}`;
      messages.push({
        role: 'assistant',
        content: [{ type: 'tool_use', id, name: 'get_weather', input: {} }],
      });
      messages.push({ role: 'user', content: [{ type: 'tool_result', toolUseId: id, content: [] }] });
    }
    const tools = [{ name: 'get_weather', inputSchema: { type: 'object' } }];
    const pending = sampling.handle('looper', { messages, tools, maxTokens: 10 });
    const request = await until('the request', () =>
      sampling.pending().find((item) => item.server === 'looper'),
    );
    expect(request.toolRounds).toBe(MAX_TOOL_ROUNDS);
    expect(request.toolsWithheld).toBe(true);
    model.script([{ toolCalls: [{ name: 'get_weather', arguments: {} }], text: 'Done.' }]);
    const review = await approve(request);
    expect(review.response?.toolCalls).toBeUndefined();
    sampling.reject(request.id);
    await expect(pending).rejects.toThrow();
  });
});

describe('toolMessagesProblem', () => {
  const use = { type: 'tool_use' as const, id: 'a', name: 't', input: {} };
  const result = (id: string) => ({ type: 'tool_result' as const, toolUseId: id, content: [] });

  it('accepts balanced uses and results', () => {
    expect(
      toolMessagesProblem([
        { role: 'assistant', content: [use, { ...use, id: 'b' }] },
        { role: 'user', content: [result('a'), result('b')] },
      ]),
    ).toBeUndefined();
  });

  it('refuses a missing result, an extra one, and a use left unanswered at the end', () => {
    expect(
      toolMessagesProblem([
        { role: 'assistant', content: [use] },
        { role: 'user', content: [] },
      ]),
    ).toMatch(/missing/);
    expect(
      toolMessagesProblem([
        { role: 'assistant', content: [use] },
        { role: 'user', content: [result('a'), result('x')] },
      ]),
    ).toMatch(/missing/);
    expect(toolMessagesProblem([{ role: 'assistant', content: [use] }])).toMatch(/missing/);
    expect(toolMessagesProblem([{ role: 'user', content: [result('a')] }])).toMatch(/answers no tool use/);
  });
});
