// Providers: model lists and connection tests against a real HTTP server, vision guesses, and plain-words errors.
import { APICallError, generateText, jsonSchema, LoadAPIKeyError, tool } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { explainProviderError } from '../../src/main/llm/errors';
import {
  languageModel,
  listModels,
  type ResolvedProvider,
  supportsVision,
  testProvider,
} from '../../src/main/llm/providers';

type Fixture = { url: string; script(turns: unknown[]): void; close(): Promise<void> };

const fixturePath = new URL('../fixtures/openai-server.mjs', import.meta.url).href;
let startFixture: (options: { port: number }) => Promise<Fixture>;
let fixture: Fixture;
let provider: ResolvedProvider;

beforeAll(async () => {
  ({ startOpenAIFixture: startFixture } = (await import(fixturePath)) as {
    startOpenAIFixture(options: { port: number }): Promise<Fixture>;
  });
  fixture = await startFixture({ port: 0 });
  provider = {
    id: 'local',
    type: 'openai-compatible',
    baseURL: `${fixture.url}/`,
    apiKey: 'sk-test',
    models: [],
  };
});
afterAll(() => fixture.close());
beforeEach(() => fixture.script([]));

describe('listModels and testProvider', () => {
  it('lists the models, sorted', async () => {
    expect(await listModels(provider)).toEqual(['scripted-model', 'scripted-vision']);
  });

  it('reports a working provider with its model count', async () => {
    expect(await testProvider(provider)).toEqual({
      ok: true,
      message: 'Connected: 2 models',
      text: { id: 'host.provider.connected', values: { count: 2 } },
      models: ['scripted-model', 'scripted-vision'],
    });
  });

  it('explains a refused key in plain words', async () => {
    fixture.script([{ status: 401, message: 'Incorrect API key provided' }]);
    expect(await testProvider(provider)).toEqual({
      ok: false,
      message: 'The provider refused the API key (401). Check the key for local in Settings → Models.',
      text: { id: 'host.provider.keyRefused', values: { provider: 'local', status: '401' } },
    });
  });

  it('says it could not reach a closed port', async () => {
    const other = await startFixture({ port: 0 });
    await other.close();
    const closed = other.url;
    const result = await testProvider({ ...provider, baseURL: closed });
    expect(result.ok).toBe(false);
    expect(result.message).toBe(
      `Could not reach ${closed}/models: connection refused. Check that the provider is running and the address is right.`,
    );
  });

  it('asks for a base URL where one is needed', async () => {
    const result = await testProvider({ id: 'ollama', type: 'openai-compatible', models: [] });
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('ollama needs a base URL') });
    expect(result.text?.id).toBe('host.provider.needsBaseUrl');
  });
});

describe('languageModel', () => {
  it('talks to a chat-completions server without streaming too', async () => {
    fixture.script([{ toolCalls: [{ name: 'files__read', arguments: { path: '/a' } }], text: 'Reading.' }]);
    const result = await generateText({
      model: await languageModel(provider, 'scripted-model'),
      prompt: 'Read /a',
      tools: { files__read: tool({ inputSchema: jsonSchema({ type: 'object' }) }) },
    });
    expect(result.text).toBe('Reading.');
    expect(result.toolCalls.map((call) => [call.toolName, call.input])).toEqual([
      ['files__read', { path: '/a' }],
    ]);
  });

  it('makes a model for every provider type', async () => {
    const types = ['openai-compatible', 'openai', 'anthropic', 'google'] as const;
    for (const type of types) {
      const model = await languageModel(
        { id: 'p', type, baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k', models: [] },
        'm-1',
      );
      expect(typeof model === 'object' && model.modelId).toBe('m-1');
    }
  });
});

describe('supportsVision', () => {
  const openai: ResolvedProvider = { id: 'o', type: 'openai', models: [] };
  const local: ResolvedProvider = {
    id: 'l',
    type: 'openai-compatible',
    baseURL: 'http://localhost:11434/v1',
    models: [],
  };
  it.each([
    [openai, 'gpt-4o-mini', true],
    [openai, 'gpt-4.1', true],
    [openai, 'gpt-5', true],
    [openai, 'gpt-3.5-turbo', false],
    [{ ...openai, type: 'anthropic' as const }, 'claude-3-5-sonnet-latest', true],
    [{ ...openai, type: 'anthropic' as const }, 'claude-sonnet-4-5', true],
    [{ ...openai, type: 'anthropic' as const }, 'claude-2.1', false],
    [{ ...openai, type: 'google' as const }, 'gemini-2.5-flash', true],
    [local, 'llava:13b', true],
    [local, 'qwen2.5vl:7b', true],
    [local, 'llama3.2-vision', true],
    [local, 'llama3.1:8b', false],
    [{ ...openai, baseURL: 'http://proxy.local/v1' }, 'gpt-4o', false],
  ])('%#: %o %s → %s', (provider, model, expected) => {
    expect(supportsVision(provider, model)).toBe(expected);
  });
});

describe('explainProviderError', () => {
  const context = { provider: 'acme', model: 'acme/big' };
  const apiError = (statusCode: number, responseBody?: string) =>
    new APICallError({
      message: 'x',
      url: 'https://api.acme.test/v1/chat',
      requestBodyValues: {},
      statusCode,
      responseBody,
    });

  it('uses the provider’s own message for other refusals', () => {
    const body = JSON.stringify({
      error: { message: '  This model’s maximum context length\n is 8192 tokens. ' },
    });
    expect(explainProviderError(apiError(400, body), context)).toBe(
      'acme rejected the request (400): This model’s maximum context length is 8192 tokens.',
    );
  });

  it('says Stopped for an aborted request', () => {
    const controller = new AbortController();
    controller.abort();
    expect(explainProviderError(controller.signal.reason, context)).toBe('Stopped.');
  });

  it('says when there is no key', () => {
    expect(explainProviderError(new LoadAPIKeyError({ message: 'missing' }), context)).toBe(
      'acme has no API key. Add one in Settings → Models.',
    );
  });

  it('explains a timeout and never shows a key from the address', () => {
    const timeout = new DOMException('The operation timed out.', 'TimeoutError');
    expect(
      explainProviderError(timeout, { provider: 'g', url: 'https://g.test/v1beta/models?key=SECRET' }),
    ).toBe(
      'Could not reach https://g.test/v1beta/models: no answer in time. Check that the provider is running and the address is right.',
    );
  });

  it('trims a long message', () => {
    expect(explainProviderError(new Error('x'.repeat(1000)), context)).toHaveLength(400);
  });
});
