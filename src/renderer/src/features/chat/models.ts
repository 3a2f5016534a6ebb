// Model references for the picker: `provider/model` grouped by provider, and the one a conversation uses.
import type { ModelsView } from '../../../../shared/chat';

export type ModelGroup = { provider: string; refs: string[] };

/** Every configured model as `provider/model`, grouped by provider in the host's order. */
export function modelGroups(models: ModelsView | null): ModelGroup[] {
  if (!models) return [];
  return models.providers
    .filter((provider) => provider.models.length > 0)
    .map((provider) => ({
      provider: provider.id,
      refs: provider.models.map((model) => `${provider.id}/${model}`),
    }));
}

/** The model a conversation uses: its own, else the default. */
export function currentModel(
  conversationModel: string | undefined,
  models: ModelsView | null,
): string | undefined {
  return conversationModel ?? models?.default;
}

/** True when `ref` names a configured model. */
export function isKnownModel(groups: readonly ModelGroup[], ref: string): boolean {
  return groups.some((group) => group.refs.includes(ref));
}
