// Model choice for sampling: hints in order, then priorities, then the default, then the first.
import { describe, expect, it } from 'vitest';
import { chooseModel } from '../../src/main/requests/modelChoice';

const models = [
  'openai/gpt-4o-mini',
  'openai/gpt-4o',
  'anthropic/claude-3-5-haiku',
  'anthropic/claude-opus-4',
  'local/llama3-8b',
];

describe('chooseModel', () => {
  it('takes the first hint that matches a model id, case-insensitively', () => {
    expect(chooseModel({ hints: [{ name: 'OPUS' }] }, models)).toBe('anthropic/claude-opus-4');
    expect(chooseModel({ hints: [{ name: 'gemini' }, { name: 'haiku' }, { name: 'opus' }] }, models)).toBe(
      'anthropic/claude-3-5-haiku',
    );
    expect(chooseModel({ hints: [{ name: 'claude' }] }, models)).toBe('anthropic/claude-3-5-haiku');
  });

  it('matches hints against the model id only, not the provider', () => {
    expect(chooseModel({ hints: [{ name: 'anthropic' }] }, models, 'openai/gpt-4o')).toBe('openai/gpt-4o');
  });

  it('ignores empty hints and falls through to priorities', () => {
    expect(chooseModel({ hints: [{}, { name: ' ' }], intelligencePriority: 0.9 }, models)).toBe(
      'openai/gpt-4o',
    );
  });

  it('prefers capable names when intelligence leads, and never a mini one', () => {
    expect(chooseModel({ intelligencePriority: 0.9, speedPriority: 0.2 }, models)).toBe('openai/gpt-4o');
    expect(chooseModel({ intelligencePriority: 0.9 }, models, 'anthropic/claude-opus-4')).toBe(
      'anthropic/claude-opus-4',
    );
  });

  it('prefers small, fast names when speed or cost leads', () => {
    expect(chooseModel({ speedPriority: 0.8, intelligencePriority: 0.3 }, models)).toBe('openai/gpt-4o-mini');
    expect(chooseModel({ costPriority: 1 }, models, 'anthropic/claude-opus-4')).toBe('openai/gpt-4o-mini');
    expect(chooseModel({ costPriority: 1 }, ['local/llama3-8b', 'x/big'], 'x/big')).toBe('local/llama3-8b');
  });

  it('takes the default when the priorities are weak, tied or match nothing', () => {
    expect(chooseModel({ intelligencePriority: 0.3 }, models, 'local/llama3-8b')).toBe('local/llama3-8b');
    expect(chooseModel({ intelligencePriority: 0.7, speedPriority: 0.7 }, models, 'openai/gpt-4o')).toBe(
      'openai/gpt-4o',
    );
    expect(chooseModel({ intelligencePriority: 1 }, ['a/tiny-1', 'a/other'], 'a/other')).toBe('a/other');
    expect(chooseModel(undefined, models, 'anthropic/claude-opus-4')).toBe('anthropic/claude-opus-4');
  });

  it('takes the first model without a usable default, and nothing without models', () => {
    expect(chooseModel(undefined, models)).toBe('openai/gpt-4o-mini');
    expect(chooseModel(undefined, models, 'gone/model')).toBe('openai/gpt-4o-mini');
    expect(chooseModel({ hints: [{ name: 'gpt' }] }, [])).toBeUndefined();
  });
});
