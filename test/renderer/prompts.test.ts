// Prompt picking: the fuzzy scorer, the catalog of running servers' prompts, slash parsing, latest-wins requests.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  canSubscribe,
  filterPrompts,
  hasCapability,
  promptEntries,
  promptLabel,
  slashQuery,
} from '../../src/renderer/src/features/prompts/catalog';
import { fuzzyScore, rankFuzzy } from '../../src/renderer/src/features/prompts/fuzzy';
import { createLatest } from '../../src/renderer/src/features/prompts/latest';
import type { PromptView, ServerView } from '../../src/shared/types';

function server(name: string, prompts: PromptView[], extra: Partial<ServerView> = {}): ServerView {
  return {
    name,
    entry: { command: 'node' },
    transport: 'stdio',
    state: { kind: 'running', since: 1 },
    capabilities: { prompts: {} },
    tools: [],
    prompts,
    resources: [],
    resourceTemplates: [],
    ...extra,
  };
}

describe('fuzzyScore', () => {
  it('matches letters in order, case-insensitively, and rejects the rest', () => {
    expect(fuzzyScore('cde', 'code-review')).not.toBeNull();
    expect(fuzzyScore('CR', 'code-review')).not.toBeNull();
    expect(fuzzyScore('rc', 'code-review')).toBeNull();
    expect(fuzzyScore('x', 'code-review')).toBeNull();
    expect(fuzzyScore('', 'anything')).toBe(0);
  });

  it('ranks exact over prefix over word starts over scattered letters', () => {
    const exact = fuzzyScore('review', 'review') ?? 0;
    const prefix = fuzzyScore('review', 'review-code') ?? 0;
    const word = fuzzyScore('review', 'code-review') ?? 0;
    const scattered = fuzzyScore('review', 'r-e-v-i-e-w-x') ?? 0;
    expect(exact).toBeGreaterThan(prefix);
    expect(prefix).toBeGreaterThan(word);
    expect(word).toBeGreaterThan(scattered);
  });

  it('prefers word starts and camelCase humps', () => {
    expect(fuzzyScore('sp', 'simplePrompt') ?? 0).toBeGreaterThan(fuzzyScore('sp', 'whisper') ?? 0);
    expect(fuzzyScore('gw', 'get_weather') ?? 0).toBeGreaterThan(fuzzyScore('gw', 'tagwise') ?? 0);
  });

  it('ignores spaces in the query', () => {
    expect(fuzzyScore('code rev', 'code-review')).not.toBeNull();
  });
});

describe('rankFuzzy', () => {
  it('keeps order for an empty query and sorts matches best first, ties in order', () => {
    const items = ['alpha', 'beta', 'alphabet', 'gamma'];
    const field = (item: string) => [{ text: item }];
    expect(rankFuzzy(items, '', field)).toEqual(items);
    expect(rankFuzzy(items, 'alpha', field)).toEqual(['alpha', 'alphabet']);
    expect(rankFuzzy(['xa', 'ya'], 'a', field)).toEqual(['xa', 'ya']);
  });
});

describe('the prompt catalog', () => {
  const everything = server('everything', [
    { name: 'simple-prompt', title: 'Simple prompt' },
    { name: 'args-prompt', title: 'Arguments prompt', arguments: [{ name: 'city', required: true }] },
  ]);
  const weather = server('weather', [{ name: 'forecast', description: 'A forecast' }]);
  const stopped = server('stopped', [{ name: 'never' }], { state: { kind: 'stopped' } });
  const noCapability = server('quiet', [{ name: 'hidden' }], { capabilities: { tools: {} } });

  it('lists prompts of running servers that have the prompts capability', () => {
    const entries = promptEntries([everything, weather, stopped, noCapability]);
    expect(entries.map((entry) => `${entry.server}/${entry.prompt.name}`)).toEqual([
      'everything/simple-prompt',
      'everything/args-prompt',
      'weather/forecast',
    ]);
    expect(new Set(entries.map((entry) => entry.key)).size).toBe(3);
  });

  it('lists the cached prompts of a lazy server that has not started yet, not of other stopped servers', () => {
    const lazy = server('lazy', [{ name: 'later' }], {
      entry: { command: 'x', autoStart: false },
      state: { kind: 'stopped' },
      cachedAt: 1,
    });
    const cachedButOff = server('off', [{ name: 'no' }], { state: { kind: 'stopped' }, cachedAt: 1 });
    expect(promptEntries([lazy, cachedButOff]).map((entry) => entry.prompt.name)).toEqual(['later']);
  });

  it('filters by name, title and server', () => {
    const entries = promptEntries([everything, weather]);
    expect(filterPrompts(entries, 'fore').map((entry) => entry.prompt.name)).toEqual(['forecast']);
    expect(filterPrompts(entries, 'arguments')[0]?.prompt.name).toBe('args-prompt');
    expect(filterPrompts(entries, 'weather').map((entry) => entry.prompt.name)).toEqual(['forecast']);
    expect(filterPrompts(entries, 'zzz')).toEqual([]);
    expect(filterPrompts(entries, '')).toHaveLength(3);
  });

  it('labels a prompt by title, else name', () => {
    expect(promptLabel({ name: 'a', title: 'A title' })).toBe('A title');
    expect(promptLabel({ name: 'a', title: '  ' })).toBe('a');
    expect(promptLabel({ name: 'a' })).toBe('a');
  });

  it('reads capabilities', () => {
    expect(hasCapability(server('s', [], { capabilities: { completions: {} } }), 'completions')).toBe(true);
    expect(hasCapability(server('s', [], { capabilities: {} }), 'completions')).toBe(false);
    expect(hasCapability(undefined, 'prompts')).toBe(false);
    expect(canSubscribe(server('s', [], { capabilities: { resources: { subscribe: true } } }))).toBe(true);
    expect(canSubscribe(server('s', [], { capabilities: { resources: {} } }))).toBe(false);
  });
});

describe('slashQuery', () => {
  it('reads the command word after a leading slash', () => {
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('/wea')).toBe('wea');
    expect(slashQuery('hello /wea')).toBeNull();
    expect(slashQuery('/wea ther')).toBeNull();
    expect(slashQuery('/wea\n')).toBeNull();
    expect(slashQuery('')).toBeNull();
  });
});

describe('createLatest', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for a pause in requests, then runs only the last one', async () => {
    const run = vi.fn(async (value: string) => value.toUpperCase());
    const results: string[] = [];
    const latest = createLatest({ delayMs: 150, run, onResult: (result: string) => results.push(result) });
    latest.request('a');
    await vi.advanceTimersByTimeAsync(100);
    latest.request('ab');
    await vi.advanceTimersByTimeAsync(100);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith('ab');
    expect(results).toEqual(['AB']);
  });

  it('drops an answer that arrives after a newer request ran', async () => {
    const resolvers: ((value: string) => void)[] = [];
    const run = (_value: string) => new Promise<string>((resolve) => resolvers.push(resolve));
    const results: string[] = [];
    const latest = createLatest({ delayMs: 10, run, onResult: (result: string) => results.push(result) });
    latest.request('slow');
    await vi.advanceTimersByTimeAsync(10);
    latest.request('fast');
    await vi.advanceTimersByTimeAsync(10);
    resolvers[1]?.('fast');
    await vi.advanceTimersByTimeAsync(0);
    resolvers[0]?.('slow');
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual(['fast']);
    expect(latest.seq).toBe(2);
  });

  it('cancel drops waiting and running requests; errors reach onError only when latest', async () => {
    const errors: unknown[] = [];
    const results: string[] = [];
    let fail = true;
    const run = async (value: string) => {
      if (fail) throw new Error(value);
      return value;
    };
    const pending: boolean[] = [];
    const latest = createLatest({
      delayMs: 10,
      run,
      onResult: (result: string) => results.push(result),
      onError: (error) => errors.push(error),
      onPending: (flag) => pending.push(flag),
    });
    latest.request('x');
    latest.cancel();
    await vi.advanceTimersByTimeAsync(20);
    expect(errors).toEqual([]);
    latest.request('boom');
    await vi.advanceTimersByTimeAsync(20);
    expect(errors).toHaveLength(1);
    fail = false;
    latest.request('now');
    latest.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual(['now']);
    expect(pending.at(-1)).toBe(false);
  });
});
