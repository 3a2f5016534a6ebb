// What the person set for each model (its context window, whether and how much it thinks), in model-options.json.
import { z } from 'zod';
import type { ModelOptions } from '../../shared/chat';
import { modelOptionsSchema } from '../../shared/contract/settings';
import { HostFault, messageOf } from '../errors';
import { JsonSettingsStore, type SettingsWords } from '../storage/jsonSettingsStore';

const fileSchema = z.record(z.string().min(3), modelOptionsSchema);

const WORDS: SettingsWords = {
  unreadable: (why) => `Could not read the model options (${why}); none are used.`,
  damaged: (kept) =>
    `The model options file could not be used; none are used until they are saved again. ${kept}`,
};

/** Options by model reference (`provider/model`); a model without any follows its provider's defaults. */
export class ModelOptionsStore {
  private value: Record<string, ModelOptions> = {};
  private readonly file: JsonSettingsStore<Record<string, ModelOptions>>;

  constructor(path: string, onProblem: (message: string) => void = () => {}) {
    this.file = new JsonSettingsStore(path, { schema: fileSchema, words: WORDS, onProblem });
  }

  async load(): Promise<void> {
    this.value = (await this.file.load()) ?? {};
  }

  all(): Record<string, ModelOptions> {
    return structuredClone(this.value);
  }

  of(model: string): ModelOptions {
    return structuredClone(this.value[model] ?? {});
  }

  /** Replaces one model's options; empty options forget the model. */
  async set(model: string, options: ModelOptions): Promise<void> {
    const next = { ...this.value };
    if (options.contextWindow === undefined && options.thinking === undefined) delete next[model];
    else next[model] = structuredClone(options);
    try {
      await this.file.save(next);
    } catch (error) {
      throw new HostFault('internal', {
        id: 'host.settings.modelOptionsSaveFailed',
        values: { error: messageOf(error) },
      });
    }
    this.value = next;
  }
}
