// The AI SDK, loaded the first time a model runs (loading it with the host would slow every start), and the
// tool set a model is offered: tools without `execute`, since the host runs (or hands back) every call itself.
import type { ToolSet } from 'ai';

/** The AI SDK's runtime; the module system keeps the one load. */
export function aiRuntime(): Promise<typeof import('ai')> {
  return import('ai');
}

/** The tools for the model from their names, descriptions and JSON Schemas. */
export async function modelToolSet(
  tools: readonly { name: string; description?: string; inputSchema: object }[],
): Promise<ToolSet> {
  const { jsonSchema, tool } = await aiRuntime();
  const set: ToolSet = {};
  for (const item of tools) {
    set[item.name] = tool({
      description: item.description,
      inputSchema: jsonSchema(item.inputSchema as Parameters<typeof jsonSchema>[0]),
    });
  }
  return set;
}

/** Whether `error` is the AI SDK's error named `name`: the marker its own `isInstance` checks, so no load is needed. */
export function isAiError<T>(error: unknown, name: string): error is T {
  const marker = Symbol.for(`vercel.ai.error.${name}`);
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true;
}
