// The agent loop against a real OpenAI-style HTTP server: streaming, host-run tool calls, limits, errors, Stop.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AgentToolCall, type AgentTurnOptions, runAgentTurn } from '../../src/main/llm/agentLoop';
import { IMAGE_OMITTED } from '../../src/main/llm/blockText';
import { explainProviderError } from '../../src/main/llm/errors';
import { languageModel } from '../../src/main/llm/providers';
import type { ToolCallView } from '../../src/shared/chat';
import type { ToolCallResult } from '../../src/shared/types';
import { type ScriptedModel, startModel } from '../scriptedModel';

type ChatRequest = {
  model: string;
  tools?: { function: { name: string; parameters: unknown } }[];
  messages: { role: string; content: unknown; tool_calls?: { id: string; function: { name: string } }[] }[];
};

let fixture: ScriptedModel;
let base: string;

beforeAll(async () => {
  fixture = await startModel();
  base = fixture.url.replace(/\/v1$/, '');
});
afterAll(() => fixture.close());
beforeEach(() => fetch(`${base}/__reset`, { method: 'POST' }));

async function script(turns: unknown[]): Promise<void> {
  const response = await fetch(`${base}/__script`, { method: 'POST', body: JSON.stringify(turns) });
  expect(response.ok).toBe(true);
}

async function requests(): Promise<ChatRequest[]> {
  return (await (await fetch(`${base}/__requests`)).json()) as ChatRequest[];
}

const readTool = {
  name: 'files__read',
  description: 'Reads a file',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};

/** Runs a turn; every tool call is answered by `answer` (default: done, text "result of <id>"). */
async function turn(
  overrides: Partial<AgentTurnOptions> & { answer?: (call: AgentToolCall) => Partial<ToolCallView> } = {},
) {
  const deltas: string[] = [];
  const batches: AgentToolCall[][] = [];
  const { answer, ...rest } = overrides;
  const outcome = await runAgentTurn({
    model: await languageModel(
      { id: 'fx', type: 'openai-compatible', baseURL: fixture.url, models: [] },
      'scripted-model',
    ),
    history: [{ role: 'user', content: 'Hello' }],
    tools: [readTool],
    signal: new AbortController().signal,
    onTextDelta: (text) => deltas.push(text),
    onToolCalls: async (calls) => {
      batches.push(calls);
      return calls.map((call) => ({ ...view(call), ...answer?.(call) }));
    },
    ...rest,
  });
  return { ...outcome, deltas, text: deltas.join(''), batches };
}

function view(call: AgentToolCall, result?: ToolCallResult): ToolCallView {
  return {
    id: call.id,
    name: call.name,
    server: 'files',
    tool: 'read',
    args: {},
    status: 'done',
    result: result ?? { content: [{ type: 'text', text: `result of ${call.id}` }] },
  };
}

async function failure(turns: unknown[]): Promise<string> {
  await script(turns);
  const error = await turn().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeDefined();
  return explainProviderError(error, { provider: 'fx', model: 'fx/scripted-model' });
}

describe('runAgentTurn', () => {
  it('streams plain text in order, in several deltas', async () => {
    await script([{ text: 'The quick brown fox jumps over the lazy dog.' }]);
    const outcome = await turn();
    expect(outcome.finish).toBe('done');
    expect(outcome.deltas.length).toBeGreaterThan(2);
    expect(outcome.text).toBe('The quick brown fox jumps over the lazy dog.');
    expect(outcome.batches).toEqual([]);
  });

  it('tells the host of a tool call as the model writes its arguments, before the complete call', async () => {
    await script([
      { toolCalls: [{ name: 'files__read', arguments: { path: '/notes/today.txt' }, pieces: 4 }] },
      { text: 'Read.' },
    ]);
    const seen: string[] = [];
    let text = '';
    await turn({
      onToolInputStart: (id, name) => seen.push(`start ${id} ${name}`),
      onToolInputDelta: (id, delta) => {
        seen.push(`delta ${id}`);
        text += delta;
      },
      onToolCalls: async (calls) => {
        seen.push(`calls ${calls.map((call) => call.id).join()}`);
        return calls.map((call) => view(call));
      },
    });
    expect(seen[0]).toBe('start call_1 files__read');
    expect(seen.filter((item) => item === 'delta call_1').length).toBeGreaterThanOrEqual(3);
    expect(seen.at(-1)).toBe('calls call_1');
    expect(JSON.parse(text)).toEqual({ path: '/notes/today.txt' });
  });

  it('hands a tool call to the host and sends its result back to the model', async () => {
    await script([
      { toolCalls: [{ name: 'files__read', arguments: { path: '/notes.txt' } }] },
      { echoToolResults: true, prefix: 'The model saw: ' },
    ]);
    const outcome = await turn();
    expect(outcome.batches).toEqual([[{ id: 'call_1', name: 'files__read', args: { path: '/notes.txt' } }]]);
    expect(outcome.text).toBe('The model saw: result of call_1');
    expect(outcome.finish).toBe('done');
    const [first, second] = await requests();
    expect(first?.tools?.[0]?.function).toMatchObject({
      name: 'files__read',
      parameters: readTool.inputSchema,
    });
    expect(second?.messages.at(-2)?.tool_calls?.[0]).toMatchObject({
      id: 'call_1',
      function: { name: 'files__read' },
    });
    expect(second?.messages.at(-1)).toMatchObject({ role: 'tool', content: 'result of call_1' });
  });

  it('cuts a tool result longer than the limit for the model, and says so', async () => {
    await script([
      { toolCalls: [{ name: 'files__read', arguments: { path: '/huge.log' } }] },
      { echoToolResults: true },
    ]);
    const huge = `${'a'.repeat(1500)}${'z'.repeat(1500)}`;
    await turn({
      resultChars: 1000,
      answer: (call) => ({ result: view(call, { content: [{ type: 'text', text: huge }] }).result }),
    });
    const sent = String((await requests())[1]?.messages.at(-1)?.content);
    expect(sent.startsWith('a'.repeat(1000))).toBe(true);
    expect(sent).not.toContain('z');
    expect(sent).toContain(
      '[Result truncated for the model: only the first 1,000 of 3,000 characters are included.',
    );
  });

  it('gives parallel calls of one step to the host together', async () => {
    await script([
      {
        toolCalls: [
          { name: 'files__read', arguments: { path: '/a' } },
          { name: 'files__read', arguments: { path: '/b' } },
        ],
        text: 'Reading both.',
      },
      { echoToolResults: true },
    ]);
    const outcome = await turn();
    expect(outcome.batches).toHaveLength(1);
    expect(outcome.batches[0]?.map((call) => call.args)).toEqual([{ path: '/a' }, { path: '/b' }]);
    expect(outcome.text).toBe('Reading both.result of call_1\nresult of call_2');
  });

  it('goes round again when the model calls a tool after a tool result', async () => {
    await script([
      { toolCalls: [{ name: 'files__read', arguments: { path: '/a' } }] },
      { toolCalls: [{ name: 'files__read', arguments: { path: '/b' } }] },
      { text: 'Done with both.' },
    ]);
    const outcome = await turn();
    expect(outcome.batches.map((batch) => batch.map((call) => call.id))).toEqual([['call_1'], ['call_2']]);
    expect(outcome.finish).toBe('done');
    const last = (await requests()).at(-1);
    expect(
      last?.messages.filter((message) => message.role === 'tool').map((message) => message.content),
    ).toEqual(['result of call_1', 'result of call_2']);
  });

  it('stops after maxSteps model calls', async () => {
    const call = { toolCalls: [{ name: 'files__read', arguments: { path: '/loop' } }] };
    await script([call, call, call, call, call]);
    const outcome = await turn({ maxSteps: 3 });
    expect(outcome.finish).toBe('max-steps');
    expect(outcome.batches).toHaveLength(3);
    expect(await requests()).toHaveLength(3);
  });

  it('tells the model in plain words that the person declined', async () => {
    await script([
      { toolCalls: [{ name: 'files__read', arguments: { path: '/secret' } }] },
      { echoToolResults: true },
    ]);
    const outcome = await turn({ answer: () => ({ status: 'denied', result: undefined }) });
    expect(outcome.text).toBe('The person declined this tool call.');
  });

  it('lets the host answer a call to a tool the model was not given, once', async () => {
    await script([{ toolCalls: [{ name: 'gone__tool', arguments: {} }] }, { echoToolResults: true }]);
    const outcome = await turn({
      answer: (call) => ({
        status: 'failed',
        error: `There is no tool named ${call.name}.`,
        result: undefined,
      }),
    });
    expect(outcome.batches[0]?.map((call) => call.name)).toEqual(['gone__tool']);
    expect(outcome.text).toBe('The tool call failed: There is no tool named gone__tool.');
    const tools = (await requests())[1]?.messages.filter((message) => message.role === 'tool');
    expect(tools).toHaveLength(1);
  });

  it('gives a turn with `match` only to the request that mentions it', async () => {
    await script([{ match: 'weather', text: 'Sunny.' }, { text: 'Anything else.' }]);
    const history = [{ role: 'user' as const, content: 'What is the weather?' }];
    expect((await turn({ history })).text).toBe('Sunny.');
    expect((await turn()).text).toBe('Anything else.');
  });

  it('sends an image result as an image to a vision model, and as a note otherwise', async () => {
    const image: ToolCallResult = {
      content: [
        { type: 'text', text: 'A chart:' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ],
    };
    const answer = (call: AgentToolCall) => view(call, image);
    const step = [
      { toolCalls: [{ name: 'files__read', arguments: { path: '/chart.png' } }] },
      { text: 'ok' },
    ];
    await script(step);
    await turn({ answer, supportsVision: true });
    expect((await requests())[1]?.messages.at(-1)?.content).toEqual([
      { type: 'text', text: 'A chart:' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
    ]);
    await fetch(`${base}/__reset`, { method: 'POST' });
    await script(step);
    await turn({ answer });
    expect((await requests())[1]?.messages.at(-1)?.content).toBe(`A chart:\n${IMAGE_OMITTED}`);
  });

  it('explains 401, 404, 429 and 500 in plain words', async () => {
    expect(await failure([{ status: 401, message: 'Incorrect API key provided' }])).toBe(
      'The provider refused the API key (401). Check the key for fx in Settings → Models.',
    );
    expect(await failure([{ status: 404, message: 'The model does not exist' }])).toBe(
      'The model fx/scripted-model was not found at fx (404). Check the model name.',
    );
    const busy = { status: 429, message: 'Rate limit reached', retryAfterMs: 5 };
    expect(await failure([busy, busy])).toBe('fx is rate limiting requests (429). Wait a moment and retry.');
    const broken = { status: 500, message: 'Internal error', retryAfterMs: 5 };
    expect(await failure([broken, broken])).toBe('fx had a server error (500). Retry later.');
  });

  it('retries a 429 once, then goes on', async () => {
    await script([
      { status: 429, message: 'Rate limit reached', retryAfterMs: 5 },
      { text: 'Second time lucky.' },
    ]);
    expect((await turn()).text).toBe('Second time lucky.');
  });

  it('ends a stream cut mid-way as an error, not as a finished reply', async () => {
    await script([{ cut: 'Half a sente' }]);
    const deltas: string[] = [];
    const error = await turn({ onTextDelta: (text) => deltas.push(text) }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(deltas.join('')).toBe('Half a sente');
    expect(explainProviderError(error, { provider: 'fx' })).toMatch(
      /^The reply from fx was cut off: .+\. Retry\.$/,
    );
  });

  it('stops quickly when aborted while the model is thinking', async () => {
    await script([{ delayMs: 5000, text: 'Too late.' }]);
    const controller = new AbortController();
    const answering = turn({ signal: controller.signal });
    await expect.poll(async () => (await requests()).length, { timeout: 5000 }).toBe(1);
    const stoppedAt = Date.now();
    controller.abort();
    const outcome = await answering;
    expect(outcome.finish).toBe('stopped');
    expect(outcome.text).toBe('');
    expect(Date.now() - stoppedAt).toBeLessThan(1000);
  });

  it('stops when aborted while the host runs the tools', async () => {
    await script([{ toolCalls: [{ name: 'files__read', arguments: { path: '/slow' } }] }, { text: 'never' }]);
    const controller = new AbortController();
    const outcome = await turn({
      signal: controller.signal,
      onToolCalls: async (calls) => {
        controller.abort();
        return calls.map((call) => ({ ...view(call), status: 'cancelled' as const, result: undefined }));
      },
    });
    expect(outcome.finish).toBe('stopped');
    expect(await requests()).toHaveLength(1);
  });
});
