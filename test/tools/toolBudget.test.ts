// The budget of a request's tool definitions: 40 tools, a tenth of the context window, and a provider's hard limit.
import { describe, expect, it } from 'vitest';
import { definitionTokens, searchesTools, toolBudget } from '../../src/shared/toolBudget';

const tool = (name: string, description = 'Does a thing.') => ({
  name,
  description,
  inputSchema: { type: 'object' },
});
const tools = (count: number) => Array.from({ length: count }, (_, i) => tool(`t${i}`));

describe('toolBudget', () => {
  it('limits OpenAI and OpenAI-compatible providers to 128 tools, others by the budget alone', () => {
    expect(toolBudget('openai', 128_000)).toEqual({ maxTools: 40, maxTokens: 12_800, hardLimit: 128 });
    expect(toolBudget('openai-compatible', undefined)).toEqual({ maxTools: 40, hardLimit: 128 });
    expect(toolBudget('anthropic', 200_000)).toEqual({ maxTools: 40, maxTokens: 20_000 });
    expect(toolBudget('google', undefined)).toEqual({ maxTools: 40 });
  });
});

describe('searchesTools', () => {
  it('sends up to 40 tools whole and searches past them', () => {
    const budget = toolBudget('anthropic', undefined);
    expect(searchesTools(tools(40), budget)).toBe(false);
    expect(searchesTools(tools(41), budget)).toBe(true);
  });

  it('searches when a few long definitions fill more than a tenth of the window', () => {
    const long = [tool('a', 'x'.repeat(2_000)), tool('b', 'y'.repeat(2_000))];
    expect(searchesTools(long, toolBudget('anthropic', 8_000))).toBe(true);
    expect(searchesTools(long, toolBudget('anthropic', 200_000))).toBe(false);
  });

  it('counts a definition’s tokens from its JSON', () => {
    const small = definitionTokens(tool('a'));
    expect(small).toBeGreaterThan(5);
    expect(definitionTokens(tool('a', 'x'.repeat(800)))).toBeGreaterThanOrEqual(small + 100);
  });
});
