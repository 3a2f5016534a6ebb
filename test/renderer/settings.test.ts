// Pure logic of Settings → Models: the provider form.
import { describe, expect, it } from 'vitest';
import {
  checkForm,
  emptyForm,
  formFromProvider,
  keyState,
  modelRefs,
  parseModelLines,
  toggleModel,
  withType,
} from '../../src/renderer/src/features/settings/models/providerForm';
import type { ProviderView } from '../../src/shared/chat';

const view: ProviderView = {
  id: 'anthropic',
  type: 'anthropic',
  models: ['claude-a', 'claude-b'],
  key: { source: 'stored', masked: 'sk-…abcd' },
};

describe('provider form', () => {
  it('prefills the base URL for OpenAI-compatible servers and follows the type while untouched', () => {
    const form = emptyForm();
    expect(form.baseURL).toBe('http://127.0.0.1:11434/v1');
    expect(withType(form, 'anthropic').baseURL).toBe('');
    expect(withType(withType(form, 'anthropic'), 'openai-compatible').baseURL).toBe(
      'http://127.0.0.1:11434/v1',
    );
    const edited = { ...form, baseURL: 'http://gpu-box:8000/v1' };
    expect(withType(edited, 'openai').baseURL).toBe('http://gpu-box:8000/v1');
  });

  it('reads models one per line, trimmed and once each, and toggles them', () => {
    expect(parseModelLines(' a \n\nb\na\n')).toEqual(['a', 'b']);
    expect(toggleModel('a\nb', 'c', true)).toBe('a\nb\nc');
    expect(toggleModel('a\nb\nc', 'b', false)).toBe('a\nc');
    expect(toggleModel('a', 'a', true)).toBe('a');
  });

  it('never carries a key into the edit form', () => {
    expect(formFromProvider(view)).toEqual({
      id: 'anthropic',
      type: 'anthropic',
      baseURL: '',
      apiKey: '',
      apiKeyEnv: '',
      models: 'claude-a\nclaude-b',
    });
  });

  it('builds the putProvider input, with a key only when one was typed', () => {
    const form = { ...emptyForm('openai'), id: ' openai ', models: 'gpt-x\n', apiKeyEnv: 'OPENAI_API_KEY' };
    expect(checkForm(form, [])).toEqual({
      ok: true,
      provider: { id: 'openai', type: 'openai', models: ['gpt-x'], apiKeyEnv: 'OPENAI_API_KEY' },
    });
    const withKey = checkForm({ ...form, apiKey: ' sk-123 ' }, []);
    expect(withKey.ok && withKey.apiKey).toBe('sk-123');
  });

  it('explains every bad field in plain words', () => {
    const result = checkForm(
      { ...emptyForm(), id: 'no spaces', baseURL: 'ftp://x', apiKeyEnv: '1BAD', models: '' },
      [],
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.id).toMatch(/letters, digits/);
    expect(result.errors.baseURL).toMatch(/http:\/\/ or https:\/\//);
    expect(result.errors.apiKeyEnv).toMatch(/OPENAI_API_KEY/);
    const empty = checkForm(emptyForm(), []);
    expect(!empty.ok && empty.errors.id).toMatch(/Enter an id/);
  });

  it('refuses a taken id but lets a provider keep its own', () => {
    const form = { ...formFromProvider(view) };
    const taken = checkForm(form, ['anthropic']);
    expect(!taken.ok && taken.errors.id).toMatch(/already exists/);
    expect(checkForm(form, ['anthropic'], 'anthropic').ok).toBe(true);
  });

  it('needs a base URL for OpenAI-compatible providers', () => {
    const result = checkForm({ ...emptyForm(), id: 'local', baseURL: '' }, []);
    expect(!result.ok && result.errors.baseURL).toMatch(/needs its base URL/);
  });

  it('says where the key comes from without showing it', () => {
    expect(keyState(view)).toBe('stored (sk-…abcd)');
    expect(keyState({ key: { source: 'env', masked: 'sk-…wxyz' }, apiKeyEnv: 'OPENAI_API_KEY' })).toBe(
      'from $OPENAI_API_KEY',
    );
    expect(keyState({ key: { source: 'none' } })).toBe('none');
    expect(keyState({ key: { source: 'none' }, apiKeyEnv: 'X_KEY' })).toBe('none ($X_KEY is not set)');
  });

  it('lists every model as provider/model', () => {
    expect(modelRefs([view, { ...view, id: 'local', models: ['llama'] }])).toEqual([
      'anthropic/claude-a',
      'anthropic/claude-b',
      'local/llama',
    ]);
  });
});
