// Many requests at once from several servers, and the 2026-07-28 `input_required` rounds through the same handlers.
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
import { Connections, fixtureEntry, until } from '../helpers';
import { type ScriptedModel, startModel } from '../scriptedModel';

type Recorded = { [E in EventName]: { event: E; payload: Events[E] } }[EventName];
type Outcome = { ok: boolean; text?: string; code?: number; message?: string };

let fixture: ScriptedModel;
let base: string;
let dir: string;
let models: ModelSettings;
let events: Recorded[];
let sampling: SamplingService;
let elicitation: ElicitationService;
let connections: Connections;

beforeAll(async () => {
  fixture = await startModel();
  base = fixture.url.replace(/\/v1$/, '');
  dir = await mkdtemp(join(tmpdir(), 'switchboard-requests-'));
  const providers = [
    { id: 'fx', type: 'openai-compatible', baseURL: fixture.url, models: ['scripted-model'] },
  ];
  await writeFile(join(dir, 'config.json'), JSON.stringify({ mcpServers: {}, models: { providers } }));
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
  connections = new Connections();
  const emit: Emit = (event, payload) => events.push({ event, payload } as Recorded);
  sampling = new SamplingService({ emit, models, serverView: () => undefined });
  elicitation = new ElicitationService({ emit, serverView: () => undefined });
});
afterEach(async () => {
  sampling.cancelAll();
  elicitation.cancelAll();
  await connections.stopAll();
});

async function connect(name: string, script: string): Promise<ServerConnection> {
  const connection = connections.create(name, fixtureEntry(script), {
    capabilities: REQUEST_CAPABILITIES,
    onClientCreated: (client, server) => registerRequestHandlers(client, server, { sampling, elicitation }),
  });
  await connection.start();
  expect(connection.view().state.kind).toBe('running');
  return connection;
}

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

function emitted<E extends EventName>(event: E): Events[E][] {
  return events.filter((item) => item.event === event).map((item) => item.payload as Events[E]);
}

describe('many requests at once', () => {
  it('20 sampling requests from two servers: 3 each shown, the rest refused, everything settles', async () => {
    const [one, two] = await Promise.all([
      connect('one', 'sampling-ask.mjs'),
      connect('two', 'sampling-ask.mjs'),
    ]);
    await fetch(`${base}/__script`, {
      method: 'POST',
      body: JSON.stringify([{ text: 'first answer' }, { text: 'second answer' }]),
    });
    const bursts = [
      call<Outcome[]>(one, 'burst', { count: 10 }),
      call<Outcome[]>(two, 'burst', { count: 10 }),
    ];
    await until('six shown requests', () => emitted('sampling.changed').length === 6);
    await until('fourteen refusals', () => emitted('requests.refused').length === 14);
    const shown = sampling.pending();
    expect(shown.filter((request) => request.server === 'one')).toHaveLength(3);
    expect(shown.filter((request) => request.server === 'two')).toHaveLength(3);

    // One request of each server runs on the model while the others wait, then the rest are rejected.
    const chosen = ['one', 'two'].map((server) => shown.find((request) => request.server === server));
    await Promise.all(
      chosen.map((request) =>
        sampling.approve(request?.id ?? '', {
          messages: request?.messages ?? [],
          model: 'fx/scripted-model',
          maxTokens: 50,
          includeContext: false,
        }),
      ),
    );
    await until(
      'two reviews',
      () => sampling.pending().filter((request) => request.stage === 'review').length === 2,
    );
    for (const request of sampling.pending()) {
      if (request.stage === 'review') sampling.send(request.id, `sent to ${request.server}`);
      else sampling.reject(request.id);
    }
    const results = await Promise.all(bursts);
    for (const [index, server] of ['one', 'two'].entries()) {
      const outcomes = results[index] ?? [];
      expect(outcomes).toHaveLength(10);
      expect(outcomes.filter((outcome) => outcome.code === -32000)).toHaveLength(7);
      expect(outcomes.filter((outcome) => outcome.code === -1)).toHaveLength(2);
      expect(outcomes.filter((outcome) => outcome.ok)).toEqual([
        { ok: true, text: `sent to ${server}`, model: 'scripted-model', stopReason: 'endTurn' },
      ]);
    }
    const settled = emitted('sampling.settled');
    expect(new Set(settled.map((item) => item.id))).toEqual(new Set(shown.map((request) => request.id)));
    expect(settled.map((item) => item.reason).sort()).toEqual([
      'answered',
      'answered',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect(sampling.pending()).toEqual([]);
  });
});

describe('the 2026-07-28 protocol', () => {
  it('answers sampling and forms asked in input_required rounds with the same handlers', async () => {
    const server = await connect('modern', 'sampling-modern.mjs');
    expect(server.view().era).toBe('modern');
    await fetch(`${base}/__script`, { method: 'POST', body: JSON.stringify([{ text: 'modern answer' }]) });

    const asked = call<{ content: { text: string }; model: string }>(server, 'ask');
    const request = await until('the sampling request', () =>
      sampling.pending().find((item) => item.suggestedModel),
    );
    await sampling.approve(request.id, { ...request, model: 'fx/scripted-model', includeContext: false });
    await until('review', () => sampling.pending()[0]?.stage === 'review');
    sampling.send(request.id, 'edited modern answer');
    expect(await asked).toMatchObject({ content: { text: 'edited modern answer' }, model: 'scripted-model' });

    const confirmed = call<{ action: string; content: unknown }>(server, 'confirm');
    const form = await until('the form', () => elicitation.pending()[0]);
    await expect(elicitation.answer(form.id, 'accept', { ok: true, code: '12' })).rejects.toThrow(
      /must match/,
    );
    await elicitation.answer(form.id, 'accept', { ok: true, code: '123' });
    expect(await confirmed).toEqual({ action: 'accept', content: { ok: true, code: '123' } });
  });

  it('answers forms asked in input_required rounds of prompts/get and resources/read', async () => {
    const server = await connect('modern', 'sampling-modern.mjs');
    const prompt = server.withClient('Getting a prompt', (client) => client.getPrompt({ name: 'greeting' }));
    const who = await until('the prompt’s form', () => elicitation.pending()[0]);
    expect(who).toMatchObject({ mode: 'form', message: 'Who should be greeted?' });
    await elicitation.answer(who.id, 'accept', { name: 'Ada' });
    expect((await prompt).messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Greet Ada.' } },
    ]);

    const read = server.withClient('Reading', (client) => client.readResource({ uri: 'modern://guarded' }));
    const reader = await until('the resource’s form', () => elicitation.pending()[0]);
    expect(reader).toMatchObject({ message: 'Who is reading this?' });
    await elicitation.answer(reader.id, 'accept', { name: 'Grace' });
    expect((await read).contents).toEqual([{ uri: 'modern://guarded', text: 'Read by Grace.' }]);
  });
});
