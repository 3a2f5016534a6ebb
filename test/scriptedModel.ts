// The scripted OpenAI-compatible model server on a free loopback port, for tests that talk to a model.

export type ScriptedModel = {
  url: string;
  script(turns: Record<string, unknown>[]): void;
  requests(): Promise<{ messages: { role: string; content: unknown }[] }[]>;
  /** Forgets the queue and the requests so far. */
  reset(): void;
  close(): Promise<void>;
};

export async function startModel(): Promise<ScriptedModel> {
  const fixture = new URL('./fixtures/openai-server.mjs', import.meta.url).href;
  const module = (await import(fixture)) as {
    startOpenAIFixture(options: { port: number }): Promise<ScriptedModel>;
  };
  return module.startOpenAIFixture({ port: 0 });
}

/** The names of the tools a request to the scripted model offered. */
export function toolNamesOf(request: unknown): string[] {
  const tools = (request as { tools?: { function: { name: string } }[] }).tools ?? [];
  return tools.map((tool) => tool.function.name);
}
