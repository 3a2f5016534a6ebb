// Pure logic of the first-run welcome: when it shows, step states, the Ollama setup and the remembered dismissal.
import { describe, expect, it } from 'vitest';
import {
  modelStepState,
  ollamaProblem,
  ollamaProvider,
  onlyBuiltinServers,
  pickDefaultModel,
  readDismissed,
  shouldShowWelcome,
  stepStatus,
  WELCOME_DISMISSED_KEY,
  welcomeSteps,
  writeDismissed,
} from '../../src/renderer/src/features/welcome/welcome';
import type { ModelsView, ProviderView } from '../../src/shared/chat';
import { commandInputs } from '../../src/shared/contract';
import type { RootsView } from '../../src/shared/roots';

const provider = (id: string, models: string[]): ProviderView => ({
  id,
  type: 'openai-compatible',
  models,
  key: { source: 'none' },
});

const firstRun = { chatsLoaded: true, chatCount: 0, servers: ['workspace'], dismissed: false };

describe('when the welcome shows', () => {
  it('shows on a first run: no conversations, only the workspace server (or none), not dismissed', () => {
    expect(shouldShowWelcome(firstRun)).toBe(true);
    expect(shouldShowWelcome({ ...firstRun, servers: [] })).toBe(true);
  });

  it('hides once there is a conversation, a server of the person’s own, or a dismissal', () => {
    expect(shouldShowWelcome({ ...firstRun, chatCount: 1 })).toBe(false);
    expect(shouldShowWelcome({ ...firstRun, servers: ['workspace', 'github'] })).toBe(false);
    expect(shouldShowWelcome({ ...firstRun, dismissed: true })).toBe(false);
  });

  it('waits for the conversation list', () => {
    expect(shouldShowWelcome({ ...firstRun, chatsLoaded: false })).toBe(false);
  });

  it('knows the built-in server by name', () => {
    expect(onlyBuiltinServers(['workspace'])).toBe(true);
    expect(onlyBuiltinServers(['files'])).toBe(false);
  });
});

describe('step states', () => {
  const roots: RootsView = { roots: [{ uri: 'file:///a', name: 'a', path: '/a' }], servers: {} };

  it('the folder step is done once a root exists', () => {
    expect(welcomeSteps(null, null).folder).toBe(false);
    expect(welcomeSteps({ roots: [], servers: {} }, null).folder).toBe(false);
    expect(welcomeSteps(roots, null).folder).toBe(true);
  });

  it('the model step is done once a provider has a model', () => {
    expect(modelStepState(null)).toBe('loading');
    expect(modelStepState({ providers: [] })).toBe('no-provider');
    expect(modelStepState({ providers: [provider('ollama', [])] })).toBe('no-model');
    const ready: ModelsView = { providers: [provider('a', []), provider('b', ['m'])] };
    expect(modelStepState(ready)).toBe('ready');
    expect(welcomeSteps(roots, ready)).toEqual({ folder: true, model: true });
  });

  it('says each state in words', () => {
    expect(stepStatus(true)).toBe('Done');
    expect(stepStatus(false)).toBe('Not done yet');
  });
});

describe('Use Ollama', () => {
  it('sends a provider the contract accepts', () => {
    const input = { provider: ollamaProvider() };
    expect(commandInputs['models.putProvider'].parse(input)).toEqual({
      provider: { id: 'ollama', type: 'openai-compatible', baseURL: 'http://127.0.0.1:11434/v1', models: [] },
    });
    expect(ollamaProvider(['llama3.2', 'qwen3']).models).toEqual(['llama3.2', 'qwen3']);
    expect(ollamaProvider(Array.from({ length: 600 }, (_, i) => `m${i}`)).models).toHaveLength(500);
  });

  it('explains a failed or empty answer', () => {
    expect(ollamaProblem({ ok: false, message: 'ECONNREFUSED' })).toBe(
      'Ollama is not answering on 127.0.0.1:11434.',
    );
    expect(ollamaProblem({ ok: true, message: 'Connected: 0 models', models: [] })).toMatch(/no models yet/);
    expect(ollamaProblem({ ok: true, message: 'Connected: 1 model', models: ['llama3.2'] })).toBeNull();
  });

  it('defaults to a chat model, not an embedding model', () => {
    expect(pickDefaultModel(['nomic-embed-text', 'llama3.2'])).toBe('llama3.2');
    expect(pickDefaultModel(['nomic-embed-text'])).toBe('nomic-embed-text');
    expect(pickDefaultModel([])).toBeUndefined();
  });
});

describe('the remembered dismissal', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      items,
    };
  };

  it('writes and reads the localStorage key', () => {
    const storage = memory();
    expect(readDismissed(storage)).toBe(false);
    writeDismissed(storage);
    expect(storage.items.get(WELCOME_DISMISSED_KEY)).toBe('true');
    expect(readDismissed(storage)).toBe(true);
  });

  it('treats missing or throwing storage as not dismissed', () => {
    const broken = {
      getItem: (): string | null => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readDismissed(null)).toBe(false);
    expect(readDismissed(broken)).toBe(false);
    expect(() => writeDismissed(broken)).not.toThrow();
  });
});
