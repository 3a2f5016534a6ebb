// The first-run walkthrough's logic: when it shows, the state of each step, and setting up Ollama.
import type { ModelsView, ProviderTest } from '../../../../shared/chat';
import type { CommandArgs } from '../../../../shared/contract';
import type { RootsView } from '../../../../shared/roots';
import { translate } from '../../i18n';

/** Where the dismissal is remembered. */
export const WELCOME_DISMISSED_KEY = 'switchboard.welcome.dismissed';
/** The built-in server a first-run config starts with. */
export const BUILTIN_SERVER = 'workspace';
/** The command the welcome teaches, typed the same in every language. */
export const REVIEW_COMMAND = '/review-file';

export const OLLAMA_HOST = '127.0.0.1:11434';
/** The Ollama provider on this machine, with the models it listed. */
export function ollamaProvider(
  models: readonly string[] = [],
): CommandArgs<'models.putProvider'>['provider'] {
  return {
    id: 'ollama',
    type: 'openai-compatible',
    baseURL: `http://${OLLAMA_HOST}/v1`,
    models: models.slice(0, 500),
  };
}

/** True when the config holds no servers besides the built-in workspace server. */
export function onlyBuiltinServers(servers: readonly string[]): boolean {
  return servers.every((name) => name === BUILTIN_SERVER);
}

export type WelcomeInputs = {
  chatsLoaded: boolean;
  chatCount: number;
  servers: readonly string[];
  dismissed: boolean;
};

/** A first run: nothing chatted yet, no servers of the person's own, and not dismissed. */
export function shouldShowWelcome({ chatsLoaded, chatCount, servers, dismissed }: WelcomeInputs): boolean {
  return chatsLoaded && chatCount === 0 && onlyBuiltinServers(servers) && !dismissed;
}

/** How far the model step is: still loading, no provider, providers without models, or ready. */
export type ModelStepState = 'loading' | 'no-provider' | 'no-model' | 'ready';

export function modelStepState(models: ModelsView | null): ModelStepState {
  if (models === null) return 'loading';
  if (models.providers.length === 0) return 'no-provider';
  return models.providers.some((provider) => provider.models.length > 0) ? 'ready' : 'no-model';
}

export type WelcomeSteps = { folder: boolean; model: boolean };

/** Which steps are done: a folder is shared; a provider has a model. */
export function welcomeSteps(roots: RootsView | null, models: ModelsView | null): WelcomeSteps {
  return { folder: (roots?.roots.length ?? 0) > 0, model: modelStepState(models) === 'ready' };
}

/** `Done` or `Not done yet`, for the step's status text. */
export function stepStatus(done: boolean): string {
  return done ? translate('welcome.step.done') : translate('welcome.step.notDone');
}

/** The model a fresh provider should default to: the first one that is not an embedding model. */
export function pickDefaultModel(models: readonly string[]): string | undefined {
  return models.find((model) => !/embed/i.test(model)) ?? models[0];
}

/** What to say after testing Ollama; null when it answered with models. */
export function ollamaProblem(test: ProviderTest): string | null {
  if (!test.ok) return translate('welcome.ollama.notAnswering', { host: OLLAMA_HOST });
  if ((test.models ?? []).length === 0)
    return translate('welcome.ollama.noModels', { command: 'ollama pull llama3.2' });
  return null;
}

/** Reads the dismissal; storage that throws (private mode, blocked) counts as not dismissed. */
export function readDismissed(storage: Pick<Storage, 'getItem'> | null): boolean {
  try {
    return storage?.getItem(WELCOME_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Remembers the dismissal where it can. */
export function writeDismissed(storage: Pick<Storage, 'setItem'> | null): void {
  try {
    storage?.setItem(WELCOME_DISMISSED_KEY, 'true');
  } catch {
    // Storage is unavailable: the welcome stays dismissed for this window only.
  }
}
