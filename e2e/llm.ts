// The scripted OpenAI-compatible model server for end-to-end tests, started in the test process.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export type Turn = Record<string, unknown>;

export type LlmFixture = {
  url: string;
  script(turns: Turn[]): Promise<void> | void;
  requests(): Promise<unknown[]> | unknown[];
  /** Lets go every stream held in a call's arguments (a call's `holdAfter`). */
  release(): void;
  /** Forgets the queue and the requests so far. */
  reset(): void;
  close(): Promise<void>;
};

/** Starts test/fixtures/openai-server.mjs on a free port. */
export async function startLlm(): Promise<LlmFixture> {
  const module = (await import(pathToFileURL(resolve('test/fixtures/openai-server.mjs')).href)) as {
    startOpenAIFixture(options: { port: number }): Promise<LlmFixture>;
  };
  return module.startOpenAIFixture({ port: 0 });
}

/** A config with one provider pointing at the fixture. */
export function modelsConfig(llm: LlmFixture) {
  return {
    providers: [{ id: 'local', type: 'openai-compatible', baseURL: llm.url, models: ['scripted-model'] }],
    default: 'local/scripted-model',
  };
}
