// A provider's error and a server's missing value say themselves by id too, so the page shows them in the person's
// language with what the provider or the person wrote as written.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testProvider } from '../src/main/llm/providers';
import { fillEnv } from '../src/main/servers/references/entryReferences';
import { formatHostText, type HostText } from '../src/shared/hostText';
import de from '../src/shared/locales/de.json' with { type: 'json' };
import zh from '../src/shared/locales/zh-CN.json' with { type: 'json' };
import { Connections, fixtureEntry } from './helpers';

type Fixture = { url: string; script(turns: unknown[]): void; close(): Promise<void> };

const fixturePath = new URL('./fixtures/openai-server.mjs', import.meta.url).href;
let fixture: Fixture;

beforeAll(async () => {
  const { startOpenAIFixture } = (await import(fixturePath)) as {
    startOpenAIFixture(options: { port: number }): Promise<Fixture>;
  };
  fixture = await startOpenAIFixture({ port: 0 });
});
afterAll(() => fixture.close());

const connections = new Connections();
afterEach(() => connections.stopAll(), 20_000);

const LANGUAGES = [
  ['zh-CN', zh],
  ['de', de],
] as const;

/** `text` is the message by `id`, its English `message`, and said otherwise in Chinese and German, `written` kept. */
function expectSaidEverywhere(
  message: string,
  text: HostText | undefined,
  id: string,
  written: string[],
): HostText {
  if (!text) throw new Error('expected the words by id');
  expect(text.id).toBe(id);
  expect(formatHostText(text)).toBe(message);
  for (const [locale, messages] of LANGUAGES) {
    const said = formatHostText(text, locale, messages);
    expect(said).not.toBe(message);
    for (const part of written) expect(said).toContain(part);
  }
  return text;
}

describe('a provider that refuses a request', { timeout: 20_000 }, () => {
  it('carries an id whose Chinese and German say it in those languages, the provider’s words unchanged', async () => {
    const written = 'Unknown parameter: stream_options';
    fixture.script([{ status: 400, message: written }]);
    const result = await testProvider({
      id: 'acme',
      type: 'openai-compatible',
      baseURL: `${fixture.url}/`,
      apiKey: 'sk-test',
      models: [],
    });
    expect(result.ok).toBe(false);
    const { message } = result;
    expect(message).toBe(`acme rejected the request (400): ${written}`);
    const text = expectSaidEverywhere(message, result.text, 'host.provider.rejected', [written, 'acme']);
    expect(formatHostText(text, 'zh-CN', zh)).toBe(`acme 拒绝了请求（400）：${written}`);
    expect(formatHostText(text, 'de', de)).toBe(`acme hat die Anfrage abgelehnt (400): ${written}`);
  });
});

describe('a server whose environment variable is not set', { timeout: 20_000 }, () => {
  it('waits for the person with an id whose Chinese and German name the variable as written', async () => {
    const server = connections.create(
      'github',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a config.json reference, not a template
      fixtureEntry('env-echo.mjs', { env: { GITHUB_TOKEN: '${env:SWITCHBOARD_TEST_UNSET_TOKEN}' } }),
      {
        backoffMs: [60_000],
        fillEnv: (name, env) => fillEnv(name, env, { input: async () => undefined, env: () => undefined }),
      },
    );
    await server.start();
    const state = server.view().state;
    if (state.kind !== 'error') throw new Error(`expected state error, got ${state.kind}`);
    const { message } = state.error;
    expect(message).toBe(
      '"github" takes GITHUB_TOKEN from the environment variable SWITCHBOARD_TEST_UNSET_TOKEN, which is not set. Set it before starting Switchboard, or edit the server to give the value itself.',
    );
    const text = expectSaidEverywhere(message, state.error.text, 'host.values.envNotSetFor', [
      'github',
      'GITHUB_TOKEN',
      'SWITCHBOARD_TEST_UNSET_TOKEN',
    ]);
    expect(formatHostText(text, 'zh-CN', zh)).toContain('但该环境变量未设置');
    expect(formatHostText(text, 'de', de)).toContain(
      'aus der Umgebungsvariable SWITCHBOARD_TEST_UNSET_TOKEN',
    );
  });
});
