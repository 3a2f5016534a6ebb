// Sampling against real servers and a real scripted model: approval, review, rejection, limits, budgets, settling.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigStore } from '../../src/main/config/configStore';
import type { Emit } from '../../src/main/hostEvents';
import { REQUEST_CAPABILITIES } from '../../src/main/requests/capabilities';
import { ElicitationService } from '../../src/main/requests/elicitation';
import { registerRequestHandlers } from '../../src/main/requests/requestHandlers';
import { SamplingService } from '../../src/main/requests/sampling';
import type { ServerConnection } from '../../src/main/servers/session/connection';
import { ModelSettings } from '../../src/main/settings/models';
import type { EventName, Events } from '../../src/shared/contract';
import type { SamplingRequest } from '../../src/shared/requests';
import type { ServerView } from '../../src/shared/types';
import { Connections, fixtureEntry, until } from '../helpers';
import { type ScriptedModel, startModel } from '../scriptedModel';

type Recorded = { [E in EventName]: { event: E; payload: Events[E] } }[EventName];
type ChatRequest = { model: string; max_tokens?: number; messages: { role: string; content: unknown }[] };
type Outcome = {
  ok: boolean;
  text?: string;
  model?: string;
  stopReason?: string;
  code?: number;
  message?: string;
};

let fixture: ScriptedModel;
let base: string;
let dir: string;
let models: ModelSettings;
let events: Recorded[];
let views: Map<string, ServerView>;
let sampling: SamplingService;
let connections: Connections;

beforeAll(async () => {
  fixture = await startModel();
  base = fixture.url.replace(/\/v1$/, '');
  dir = await mkdtemp(join(tmpdir(), 'switchboard-sampling-'));
  const config = {
    mcpServers: {},
    models: {
      providers: [
        {
          id: 'fx',
          type: 'openai-compatible',
          baseURL: fixture.url,
          models: ['scripted-model', 'scripted-vision'],
        },
      ],
      default: 'fx/scripted-model',
    },
  };
  await writeFile(join(dir, 'config.json'), JSON.stringify(config));
  const store = new ConfigStore(join(dir, 'config.json'));
  await store.load();
  models = new ModelSettings(store);
});
afterAll(async () => {
  await fixture.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await fetch(`${base}/__reset`, { method: 'POST' });
  events = [];
  views = new Map();
  connections = new Connections();
  const emit: Emit = (event, payload) => events.push({ event, payload } as Recorded);
  sampling = new SamplingService({ emit, models, serverView: (server) => views.get(server) });
});
afterEach(async () => {
  sampling.cancelAll();
  await connections.stopAll();
});

async function script(turns: unknown[]): Promise<void> {
  await fetch(`${base}/__script`, { method: 'POST', body: JSON.stringify(turns) });
}

async function modelRequests(): Promise<ChatRequest[]> {
  return (await (await fetch(`${base}/__requests`)).json()) as ChatRequest[];
}

/** A running sampling-ask server whose requests go to `sampling`. */
async function connect(name: string): Promise<ServerConnection> {
  const elicitation = new ElicitationService({ emit: () => {}, serverView: () => undefined });
  const connection = connections.create(name, fixtureEntry('sampling-ask.mjs'), {
    capabilities: REQUEST_CAPABILITIES,
    backoffMs: [60_000],
    onClientCreated: (client, server) => registerRequestHandlers(client, server, { sampling, elicitation }),
  });
  connection.onDidChange((view) => {
    views.set(name, view);
    if (view.state.kind !== 'running' && view.state.kind !== 'starting') sampling.cancelServer(name);
  });
  await connection.start();
  expect(connection.view().state.kind).toBe('running');
  return connection;
}

/** Calls a tool and reads its JSON text. */
async function call<T>(
  connection: ServerConnection,
  tool: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const result = await connection.callTool(tool, args, { timeoutMs: 30_000 });
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error(`No text from ${tool}`);
  return JSON.parse(first.text) as T;
}

/** The request once the host has shown it (its model suggestion made). */
function shown(server: string, stage: SamplingRequest['stage'] = 'approval'): Promise<SamplingRequest> {
  return until(`a ${stage} request from ${server}`, () =>
    sampling.pending().find((request) => request.server === server && request.stage === stage),
  );
}

function emitted<E extends EventName>(event: E): Events[E][] {
  return events.filter((item) => item.event === event).map((item) => item.payload as Events[E]);
}

describe('sampling', () => {
  it('approve → review → send returns the reviewed text to the server', async () => {
    const server = await connect('asker');
    await script([{ text: 'Paris is the capital of France.' }]);
    const answer = call<Outcome>(server, 'ask', {
      prompt: 'Capital of France?',
      hints: ['vision'],
      intelligence: 0.9,
      includeContext: 'thisServer',
    });
    const request = await shown('asker');
    expect(request).toMatchObject({
      kind: 'sampling',
      serverTitle: 'Sampling Ask',
      systemPrompt: 'You are terse.',
      maxTokens: 200,
      includeContext: 'thisServer',
      suggestedModel: 'fx/scripted-vision',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Capital of France?' }] }],
    });
    expect(request.contextPreview).toContain('Context about the MCP server "asker"');
    expect(request.contextPreview).toContain(
      'Instructions: Ask the model short questions with the ask tool.',
    );
    expect(request.contextPreview).toContain('- ask — Asks the client to run the model');

    await sampling.approve(request.id, {
      messages: request.messages,
      systemPrompt: 'Be brief.',
      model: 'fx/scripted-vision',
      maxTokens: 5000,
      includeContext: true,
    });
    const review = await shown('asker', 'review');
    expect(review.response).toEqual({
      text: 'Paris is the capital of France.',
      model: 'scripted-vision',
      stopReason: 'endTurn',
    });
    const deltas = emitted('sampling.delta').filter((delta) => delta.id === request.id);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((delta) => delta.text).join('')).toBe('Paris is the capital of France.');
    const stages = emitted('sampling.changed')
      .filter((changed) => changed.id === request.id)
      .map((changed) => changed.stage);
    expect(stages).toEqual(['approval', 'running', 'review']);
    // A run the person approved counts toward the session's tokens, not toward a budget.
    const [policy] = sampling.policies();
    expect(policy).toMatchObject({ server: 'asker', mode: 'ask', budgetUsed: 0 });
    expect(policy?.tokensUsed).toBeGreaterThan(0);

    const [sent] = await modelRequests();
    expect(sent?.model).toBe('scripted-vision');
    expect(sent?.max_tokens).toBe(200);
    const system = sent?.messages.find((message) => message.role === 'system');
    expect(String(system?.content)).toMatch(/^Be brief\.\n\nContext about the MCP server "asker"/);

    sampling.send(request.id, 'Paris.');
    expect(await answer).toEqual({
      ok: true,
      text: 'Paris.',
      model: 'scripted-vision',
      stopReason: 'endTurn',
    });
    expect(emitted('sampling.settled')).toEqual([{ id: request.id, reason: 'answered' }]);
    expect(sampling.pending()).toEqual([]);
  });

  it('reject answers the server with -1 "User rejected sampling request"', async () => {
    const server = await connect('asker');
    const answer = call<Outcome>(server, 'ask');
    const request = await shown('asker');
    sampling.reject(request.id);
    expect(await answer).toMatchObject({ ok: false, code: -1, message: 'User rejected sampling request' });
    expect(emitted('sampling.settled')).toEqual([{ id: request.id, reason: 'rejected' }]);
    expect(() => sampling.reject(request.id)).toThrow(/no longer waiting/);
  });

  it('a provider error sends the request back to approval with plain words', async () => {
    const server = await connect('asker');
    await script([{ status: 401, message: 'bad key' }, { text: 'Second try.' }]);
    const answer = call<Outcome>(server, 'ask');
    const request = await shown('asker');
    await sampling.approve(request.id, { ...request, model: 'fx/scripted-model', includeContext: false });
    const back = await until('the error', () =>
      sampling.pending().find((item) => item.stage === 'approval' && item.error),
    );
    expect(back.error).toMatch(/refused the API key \(401\)/);
    await sampling.approve(request.id, { ...request, model: 'fx/scripted-model', includeContext: false });
    await shown('asker', 'review');
    await expect(
      sampling.approve(request.id, { ...request, model: 'fx/scripted-model', includeContext: false }),
    ).rejects.toThrow(/not waiting for approval/);
    sampling.send(request.id, 'ok');
    expect(await answer).toMatchObject({ ok: true, text: 'ok' });
  });

  it('refuses a fourth request from one server at once, and tells the person', async () => {
    const server = await connect('asker');
    const burst = call<Outcome[]>(server, 'burst', { count: 4 });
    await until(
      'three shown requests',
      () => sampling.pending().filter((item) => item.suggestedModel).length === 3,
    );
    const [refused] = await until(
      'a refusal',
      () => emitted('requests.refused').length > 0 && emitted('requests.refused'),
    );
    expect(refused).toMatchObject({ server: 'asker', kind: 'sampling' });
    expect(refused?.message).toMatch(/already has 3 waiting/);
    for (const request of sampling.pending()) sampling.reject(request.id);
    const outcomes = await burst;
    expect(outcomes.filter((outcome) => outcome.code === -1)).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome.code === -32000)).toEqual([
      { ok: false, code: -32000, message: refused?.message },
    ]);
  });

  it('settles as cancelled when the server cancels its request', async () => {
    const server = await connect('asker');
    const answer = call<Outcome>(server, 'ask-then-cancel');
    const request = await shown('asker');
    const settled = await until('the settle', () => emitted('sampling.settled')[0]);
    expect(settled).toEqual({ id: request.id, reason: 'cancelled' });
    expect(sampling.pending()).toEqual([]);
    expect(await answer).toMatchObject({ ok: false });
  });

  it('settles as server-gone when the server exits while waiting', async () => {
    const connection = await connect('leaver');
    void connection.callTool('ask-then-exit', {}).catch(() => {});
    const request = await shown('leaver');
    const settled = await until('the settle', () => emitted('sampling.settled')[0]);
    expect(settled).toEqual({ id: request.id, reason: 'server-gone' });
    expect(sampling.pending()).toEqual([]);
  });

  it('a session budget runs requests without asking, until it is spent', async () => {
    const server = await connect('asker');
    sampling.setPolicy('asker', 'session', 1);
    await script([{ text: 'Auto answer.' }]);
    expect(await call<Outcome>(server, 'ask', { prompt: 'First' })).toEqual({
      ok: true,
      text: 'Auto answer.',
      model: 'scripted-model',
      stopReason: 'endTurn',
    });
    const stages = emitted('sampling.changed').map((changed) => [changed.stage, changed.response?.text]);
    expect(stages).toEqual([
      ['running', undefined],
      ['running', 'Auto answer.'],
    ]);
    expect((await modelRequests())[0]?.max_tokens).toBe(1);
    const [policy] = sampling.policies();
    expect(policy).toMatchObject({ server: 'asker', mode: 'session', tokenBudget: 1 });
    expect(policy?.tokensUsed).toBeGreaterThan(1);
    expect(policy?.budgetUsed).toBe(policy?.tokensUsed);

    const second = call<Outcome>(server, 'ask', { prompt: 'Second' });
    const waiting = await shown('asker');
    expect(waiting.error).toMatch(/session budget for "asker" is spent/);
    sampling.reject(waiting.id);
    expect(await second).toMatchObject({ code: -1 });
  });
});

describe('sampling without a server process', () => {
  const params = {
    messages: [
      { role: 'user' as const, content: { type: 'text', text: 'Hi' } },
      { role: 'assistant' as const, content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] },
      { role: 'user' as const, content: { type: 'resource', resource: { uri: 'x:y', text: 'z' } } },
    ],
    maxTokens: 50,
    includeContext: 'allServers' as const,
  };

  it('shows the request without a model when none is configured', async () => {
    const empty = new ConfigStore(join(dir, 'missing.json'));
    await empty.load();
    const changes: SamplingRequest[] = [];
    const service = new SamplingService({
      emit: (event, payload) => event === 'sampling.changed' && changes.push(payload as SamplingRequest),
      models: new ModelSettings(empty),
      serverView: () => undefined,
    });
    const answer = service.handle('lonely', params);
    const request = await until('shown', () => changes[0]);
    expect(request).toMatchObject({ stage: 'approval', suggestedModel: undefined });
    expect(request.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      { role: 'assistant', content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] },
      {
        role: 'user',
        content: [{ type: 'text', text: '[resource content cannot be sent to a model here]' }],
      },
    ]);
    service.cancelAll();
    await expect(answer).rejects.toMatchObject({ code: -1 });
  });

  it('previews only the asking server, even for allServers', async () => {
    const view = (name: string, instructions: string): ServerView => ({
      name,
      entry: { command: 'x' },
      transport: 'stdio',
      state: { kind: 'running', since: 0 },
      instructions,
      info: { name, version: '1.0.0' },
      tools: [{ name: `${name}-tool`, inputSchema: { type: 'object' } }],
      prompts: [],
      resources: [],
      resourceTemplates: [],
    });
    const all = new Map([
      ['mine', view('mine', 'Mine only.')],
      ['other', view('other', 'SECRET other instructions')],
    ]);
    const service = new SamplingService({ emit: () => {}, models, serverView: (name) => all.get(name) });
    const answer = service.handle('mine', params);
    const preview = service.pending()[0]?.contextPreview ?? '';
    expect(preview).toContain('Instructions: Mine only.');
    expect(preview).toContain('- mine-tool');
    expect(preview).not.toMatch(/other|SECRET/);
    service.cancelServer('mine');
    await expect(answer).rejects.toThrow(/went away/);
  });
});
