// The model settings commands: providers, their keys, the default model and a connection test.
import type { ModelsView } from '../../shared/chat';
import type { CommandHandlers } from '../../shared/contract';
import { testProvider } from '../llm/providers';
import type { ModelSettings } from './models';

type ModelCommandName = Extract<keyof CommandHandlers, `models.${string}`>;

/** `modelsChanged` announces changed settings and answers with them. */
export function modelCommands(
  models: ModelSettings,
  modelsChanged: () => Promise<ModelsView>,
): Pick<CommandHandlers, ModelCommandName> {
  return {
    'models.get': () => models.view(),
    'models.putProvider': async ({ provider, apiKey, previousId }) => {
      await models.putProvider(provider, apiKey, previousId);
      return modelsChanged();
    },
    'models.removeProvider': async ({ id }) => {
      await models.removeProvider(id);
      return modelsChanged();
    },
    'models.setDefault': async ({ model }) => {
      await models.setDefault(model);
      return modelsChanged();
    },
    'models.setOptions': async ({ model, options }) => {
      await models.setOptions(model, options);
      return modelsChanged();
    },
    'models.test': async ({ id }) => testProvider(await models.resolveProvider(id)),
  };
}
