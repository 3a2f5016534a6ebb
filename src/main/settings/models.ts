// The `models` section of config.json: providers, their keys (never sent to the renderer) and the default model.
import type { z } from 'zod';
import type { ModelOptions, ModelsView, ProviderView } from '../../shared/chat';
import type { ProviderConfig } from '../../shared/configSchema';
import type { providerInputSchema } from '../../shared/contract';
import type { ConfigStore } from '../config/configStore';
import { HostFault } from '../errors';
import type { ResolvedProvider } from '../llm/providers';
import type { ModelOptionsStore } from './modelOptions';
import { maskKey, type SecretStore } from './secrets';

export type ProviderInput = z.infer<typeof providerInputSchema>;

export class ModelSettings {
  constructor(
    private readonly config: ConfigStore,
    private readonly secrets?: SecretStore,
    private readonly env: NodeJS.ProcessEnv = process.env,
    /** What the person set per model; none without it. */
    private readonly modelOptions?: ModelOptionsStore,
  ) {}

  private get providers(): ProviderConfig[] {
    return this.config.current.models?.providers ?? [];
  }

  async view(): Promise<ModelsView> {
    const providers = await Promise.all(this.providers.map((provider) => this.providerView(provider)));
    return {
      providers,
      default: this.config.current.models?.default,
      options: this.modelOptions?.all() ?? {},
    };
  }

  /** What the person set for `model` (`provider/model`). */
  optionsOf(model: string): ModelOptions {
    return this.modelOptions?.of(model) ?? {};
  }

  /** Replaces what the person set for `model`, whose provider must exist. */
  async setOptions(model: string, options: ModelOptions): Promise<void> {
    await this.resolve(model);
    if (!this.modelOptions) throw new HostFault('unsupported', { id: 'host.settings.modelOptionsNotSaved' });
    await this.modelOptions.set(model, options);
  }

  /** The default model, or the first model of the first provider. */
  defaultModel(): string | undefined {
    const models = this.config.current.models;
    if (models?.default) return models.default;
    const first = models?.providers.find((provider) => provider.models.length > 0);
    return first ? `${first.id}/${first.models[0]}` : undefined;
  }

  async resolve(modelRef: string): Promise<{ provider: ResolvedProvider; modelId: string }> {
    const slash = modelRef.indexOf('/');
    const providerId = modelRef.slice(0, slash);
    const modelId = modelRef.slice(slash + 1);
    return { provider: await this.resolveProvider(providerId), modelId };
  }

  async resolveProvider(id: string): Promise<ResolvedProvider> {
    const provider = this.providers.find((candidate) => candidate.id === id);
    if (!provider) throw new HostFault('not_found', { id: 'host.settings.noSuchProvider', values: { id } });
    return { ...provider, apiKey: await this.keyOf(provider) };
  }

  async putProvider(input: ProviderInput, apiKey?: string, previousId?: string): Promise<void> {
    const oldId = previousId ?? input.id;
    const duplicate = (providers: ProviderConfig[]) => {
      if (input.id !== oldId && providers.some((provider) => provider.id === input.id)) {
        throw new HostFault('invalid_input', {
          id: 'host.settings.providerExists',
          values: { id: input.id },
        });
      }
    };
    duplicate(this.providers);
    if (this.secrets) {
      const secret = apiKey ?? (await this.secrets.get(oldId));
      if (oldId !== input.id) await this.secrets.delete(oldId);
      if (secret) await this.secrets.set(input.id, secret);
    }
    // The edit is made on config.json as it is now, which may have changed outside the app.
    await this.config.update((config) => {
      config.models ??= { providers: [] };
      const models = config.models;
      duplicate(models.providers);
      const index = models.providers.findIndex((provider) => provider.id === oldId);
      const storedKey = this.secrets ? undefined : (apiKey ?? models.providers[index]?.apiKey);
      const next: ProviderConfig = { ...input, ...(storedKey ? { apiKey: storedKey } : {}) };
      if (index >= 0) models.providers[index] = next;
      else models.providers.push(next);
      if (models.default?.startsWith(`${oldId}/`) && oldId !== input.id) {
        models.default = `${input.id}/${models.default.slice(oldId.length + 1)}`;
      }
    });
  }

  async removeProvider(id: string): Promise<void> {
    await this.secrets?.delete(id);
    await this.config.update((config) => {
      if (!config.models) return;
      config.models.providers = config.models.providers.filter((provider) => provider.id !== id);
      if (config.models.default?.startsWith(`${id}/`)) delete config.models.default;
    });
  }

  async setDefault(model: string): Promise<void> {
    await this.resolve(model);
    await this.config.update((config) => {
      config.models ??= { providers: [] };
      config.models.default = model;
    });
  }

  private async keyOf(provider: ProviderConfig): Promise<string | undefined> {
    return (
      (await this.secrets?.get(provider.id)) ??
      provider.apiKey ??
      (provider.apiKeyEnv ? this.env[provider.apiKeyEnv] : undefined)
    );
  }

  private async providerView(provider: ProviderConfig): Promise<ProviderView> {
    const stored = (await this.secrets?.get(provider.id)) ?? provider.apiKey;
    const fromEnv = provider.apiKeyEnv ? this.env[provider.apiKeyEnv] : undefined;
    const key: ProviderView['key'] = stored
      ? { source: 'stored', masked: maskKey(stored) }
      : fromEnv
        ? { source: 'env', masked: maskKey(fromEnv) }
        : { source: 'none' };
    return {
      id: provider.id,
      type: provider.type,
      baseURL: provider.baseURL,
      models: provider.models,
      apiKeyEnv: provider.apiKeyEnv,
      key,
    };
  }
}
