// Elicitation against a real server: every field type, accept/decline/cancel, refusals, URL mode, settling.
import type { Client } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HostFault } from '../../src/main/errors';
import type { Emit } from '../../src/main/hostEvents';
import { REQUEST_CAPABILITIES } from '../../src/main/requests/capabilities';
import { ElicitationService, urlElicitationsFrom } from '../../src/main/requests/elicitation';
import { requestCommands } from '../../src/main/requests/requestCommands';
import { registerRequestHandlers } from '../../src/main/requests/requestHandlers';
import { SamplingService } from '../../src/main/requests/sampling';
import type { ServerConnection } from '../../src/main/servers/session/connection';
import type { ModelSettings } from '../../src/main/settings/models';
import type { EventName, Events } from '../../src/shared/contract';
import type { ElicitationRequest } from '../../src/shared/requests';
import type { ServerView } from '../../src/shared/types';
import { Connections, fixtureEntry, until } from '../helpers';

type Recorded = { [E in EventName]: { event: E; payload: Events[E] } }[EventName];
type ToolAnswer = {
  action?: string;
  content?: Record<string, unknown>;
  error?: { code: number; message: string };
};

let events: Recorded[];
let views: Map<string, ServerView>;
let opened: string[];
let openResult: boolean;
let elicitation: ElicitationService;
let sampling: SamplingService;
let connections: Connections;
let clients: Map<string, Client>;

beforeEach(() => {
  events = [];
  views = new Map();
  opened = [];
  openResult = true;
  clients = new Map();
  connections = new Connections();
  const emit: Emit = (event, payload) => events.push({ event, payload } as Recorded);
  const serverView = (server: string) => views.get(server);
  elicitation = new ElicitationService({
    emit,
    serverView,
    onOpenUrl: async (url) => {
      opened.push(url);
      return openResult;
    },
  });
  const noModels = {
    view: async () => ({ providers: [] }),
    defaultModel: () => undefined,
  } as unknown as ModelSettings;
  sampling = new SamplingService({ emit, models: noModels, serverView });
});
afterEach(async () => {
  elicitation.cancelAll();
  await connections.stopAll();
});

async function connect(name: string): Promise<ServerConnection> {
  const connection = connections.create(name, fixtureEntry('elicit-all-types.mjs'), {
    capabilities: REQUEST_CAPABILITIES,
    backoffMs: [60_000],
    onClientCreated: (client, server) => {
      clients.set(server, client);
      registerRequestHandlers(client, server, { sampling, elicitation });
    },
    onElicitationComplete: (server, elicitationId) => elicitation.complete(server, elicitationId),
  });
  connection.onDidChange((view) => {
    views.set(name, view);
    if (view.state.kind !== 'running' && view.state.kind !== 'starting') elicitation.cancelServer(name);
  });
  await connection.start();
  expect(connection.view().state.kind).toBe('running');
  return connection;
}

async function call(connection: ServerConnection, tool: string): Promise<ToolAnswer> {
  const result = await connection.callTool(tool, {}, { timeoutMs: 30_000 });
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error(`No text from ${tool}`);
  return JSON.parse(first.text) as ToolAnswer;
}

function waitingFrom(server: string, count = 1): Promise<ElicitationRequest[]> {
  return until(`${count} request(s) from ${server}`, () => {
    const found = elicitation.pending().filter((request) => request.server === server);
    return found.length >= count && found;
  });
}

function emitted<E extends EventName>(event: E): Events[E][] {
  return events.filter((item) => item.event === event).map((item) => item.payload as Events[E]);
}

describe('elicitation forms', () => {
  it('shows every field type, refuses an invalid answer, and sends a valid one', async () => {
    const server = await connect('forms');
    const answer = call(server, 'profile');
    const [request] = await waitingFrom('forms');
    if (request?.mode !== 'form') throw new Error('expected a form');
    expect(request).toMatchObject({ serverTitle: 'Elicit All Types', message: 'Tell us about yourself.' });
    expect(emitted('elicitation.requested')).toEqual([request]);
    const properties = request.requestedSchema.properties;
    expect(Object.keys(properties)).toHaveLength(13);
    expect(properties.handle).toMatchObject({ pattern: '^[a-z][a-z0-9_]*$', default: 'octo' });
    expect(properties.plan).toMatchObject({ enumNames: ['Free', 'Pro'] });
    expect(request.requestedSchema.required).toEqual(['name', 'email', 'age']);

    const commands = requestCommands(sampling, elicitation);
    const bad = commands['elicitation.answer']({
      id: request.id,
      action: 'accept',
      content: { name: 'A', email: 'nope', age: 17.5, handle: 'Bad Handle', toppings: [] },
    });
    await expect(bad).rejects.toBeInstanceOf(HostFault);
    await expect(bad).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(bad).rejects.toThrow(
      'Check the form. Name: Use at least 2 characters. Handle: Use the expected form (it must match ^[a-z][a-z0-9_]*$). Email: Enter an email address, like name@example.com. age: Enter a whole number.',
    );
    expect(await commands['elicitation.pending']({})).toHaveLength(1);

    await commands['elicitation.answer']({
      id: request.id,
      action: 'accept',
      content: {
        name: 'Ada',
        email: 'ada@example.com',
        age: 36,
        homepage: '',
        toppings: ['ham'],
        days: ['mon'],
      },
    });
    expect(await answer).toEqual({
      action: 'accept',
      // The SDK fills in the schema's defaults for what was left out (applyDefaults).
      content: {
        name: 'Ada',
        email: 'ada@example.com',
        age: 36,
        toppings: ['ham'],
        days: ['mon'],
        handle: 'octo',
        subscribe: false,
        plan: 'free',
      },
    });
    expect(emitted('elicitation.settled')).toEqual([{ id: request.id, reason: 'answered' }]);
  });

  it('decline and cancel reach the server as they are', async () => {
    const server = await connect('forms');
    for (const action of ['decline', 'cancel'] as const) {
      const answer = call(server, 'profile');
      const [request] = await waitingFrom('forms');
      await elicitation.answer(request?.id ?? '', action);
      expect(await answer).toEqual({ action });
    }
    expect(emitted('elicitation.settled').map((settled) => settled.reason)).toEqual(['answered', 'answered']);
  });

  it('refuses a nested schema with a plain reason at the server, and tells the person', async () => {
    const server = await connect('forms');
    const answer = await call(server, 'nested');
    expect(answer.error?.code).toBe(-32602);
    expect(answer.error?.message).toMatch(
      /cannot show the form "forms" asked for: The field "address" is a nested object/,
    );
    expect(emitted('requests.refused')).toEqual([
      { server: 'forms', kind: 'elicitation', message: answer.error?.message, time: expect.any(Number) },
    ]);
    expect(elicitation.pending()).toEqual([]);
  });

  it('refuses a fourth form from one server at once', async () => {
    const server = await connect('forms');
    const answers = [1, 2, 3, 4].map(() => call(server, 'profile'));
    await waitingFrom('forms', 3);
    const refused = await until('a refusal', () => emitted('requests.refused')[0]);
    expect(refused.message).toMatch(/already has 3 waiting/);
    elicitation.cancelAll();
    const results = await Promise.all(answers);
    expect(results.filter((result) => result.action === 'cancel')).toHaveLength(3);
    expect(results.filter((result) => result.error?.code === -32000)).toHaveLength(1);
    expect(emitted('elicitation.settled').map((settled) => settled.reason)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });

  it('settles as server-gone when the server stops', async () => {
    const server = await connect('forms');
    const answer = call(server, 'profile').catch((error: Error) => error);
    const [request] = await waitingFrom('forms');
    await server.stop();
    expect(emitted('elicitation.settled')).toEqual([{ id: request?.id, reason: 'server-gone' }]);
    expect(await answer).toBeInstanceOf(Error);
  });
});

describe('elicitation links', () => {
  it('offers the link without fetching it and opens it only on accept', async () => {
    const server = await connect('links');
    const answer = call(server, 'connect-account');
    const [request] = await waitingFrom('links');
    expect(request).toMatchObject({
      mode: 'url',
      url: 'https://example.com/connect?session=abc',
      elicitationId: 'connect-1',
      message: 'Connect your account.',
    });
    expect(opened).toEqual([]);
    openResult = false;
    await expect(elicitation.answer(request?.id ?? '', 'accept')).rejects.toThrow(/not opened/);
    expect(elicitation.pending()).toHaveLength(1);
    openResult = true;
    await elicitation.answer(request?.id ?? '', 'accept');
    expect(opened).toEqual([
      'https://example.com/connect?session=abc',
      'https://example.com/connect?session=abc',
    ]);
    expect(await answer).toEqual({ action: 'accept' });
  });

  it('closes a link request the server says is complete, and says why', async () => {
    const server = await connect('links');
    const answer = call(server, 'connect-then-complete');
    const [request] = await waitingFrom('links');
    expect(request).toMatchObject({ mode: 'url', elicitationId: 'done-1' });
    await until('the request to close', () => elicitation.pending().length === 0);
    expect(emitted('elicitation.settled')).toEqual([{ id: request?.id, reason: 'completed' }]);
    expect(opened).toEqual([]);
    expect(await answer).toEqual({ action: 'accept' });
  });

  it('finds the links a tool call requires (-32042), also under a cause', async () => {
    await connect('links');
    const client = clients.get('links');
    const error = await client
      ?.callTool({ name: 'needs-url', arguments: {} })
      .catch((thrown: unknown) => thrown);
    const expected = [
      {
        url: 'https://example.com/authorize?state=xyz',
        elicitationId: 'auth-1',
        message: 'Authorize access first.',
      },
    ];
    expect(urlElicitationsFrom(error)).toEqual(expected);
    expect(urlElicitationsFrom(new Error('wrapped', { cause: error }))).toEqual(expected);
    expect(urlElicitationsFrom(new Error('other'))).toBeUndefined();
    expect(
      urlElicitationsFrom({ code: -32042, data: { elicitations: [{ url: 'http://plain.example' }] } }),
    ).toBeUndefined();
  });

  it('refuses a link that is not https', async () => {
    const refusal = elicitation.screen('links', { mode: 'url', message: 'Open', url: 'http://example.com' });
    expect(refusal?.message).toMatch(/only https links can be opened/);
    await expect(
      elicitation.handle('links', { mode: 'url', message: 'Open', url: 'javascript:alert(1)' }),
    ).rejects.toMatchObject({ code: -32602 });
    expect(emitted('requests.refused')).toHaveLength(2);
  });
});
