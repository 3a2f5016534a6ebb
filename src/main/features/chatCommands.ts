// Commands about models, conversations, tool-call consent, permissions and the audit log.
import type { ModelsView } from '../../shared/chat';
import type { ChatService } from '../chat/chatService';
import type { AuditLog } from '../consent/audit';
import type { ConsentBroker } from '../consent/broker';
import type { PermissionStore } from '../consent/policy';
import type { CommandHandlers } from '../host';
import { testProvider } from '../llm/providers';
import type { ModelSettings } from '../settings/models';

type ChatCommandNames = Extract<
  keyof CommandHandlers,
  `models.${string}` | `chat.${string}` | `consent.${string}` | `permissions.${string}` | 'audit.list'
>;

export type ChatCommandDeps = {
  models: ModelSettings;
  chat: ChatService;
  broker: ConsentBroker;
  permissions: PermissionStore;
  audit: AuditLog;
  /** Announces changed model settings and answers with them. */
  modelsChanged: () => Promise<ModelsView>;
};

export function chatCommands(deps: ChatCommandDeps): Pick<CommandHandlers, ChatCommandNames> {
  return {
    'models.get': () => deps.models.view(),
    'models.putProvider': async ({ provider, apiKey, previousId }) => {
      await deps.models.putProvider(provider, apiKey, previousId);
      return deps.modelsChanged();
    },
    'models.removeProvider': async ({ id }) => {
      await deps.models.removeProvider(id);
      return deps.modelsChanged();
    },
    'models.setDefault': async ({ model }) => {
      await deps.models.setDefault(model);
      return deps.modelsChanged();
    },
    'models.test': async ({ id }) => testProvider(await deps.models.resolveProvider(id)),

    'chat.list': async () => deps.chat.list(),
    'chat.get': async ({ id }) => deps.chat.get(id),
    'chat.create': ({ model }) => deps.chat.create(model),
    'chat.rename': ({ id, title }) => deps.chat.rename(id, title),
    'chat.delete': async ({ id }) => {
      await deps.chat.delete(id);
      return null;
    },
    'chat.setModel': ({ id, model }) => deps.chat.setModel(id, model),
    'chat.setTools': ({ id, tools }) => deps.chat.setTools(id, tools),
    'chat.send': async ({ id, text, context }) => {
      await deps.chat.send(id, text, context);
      return null;
    },
    'chat.stop': async ({ id }) => {
      deps.chat.stop(id);
      return null;
    },

    'consent.pending': async () => deps.broker.pending(),
    'consent.answer': async ({ id, decision, args }) => {
      deps.broker.answer(id, decision, args);
      return null;
    },
    'permissions.list': async () => deps.permissions.list(),
    'permissions.revoke': async ({ server, tool }) => {
      await deps.permissions.revoke(server, tool);
      return deps.permissions.list();
    },
    'audit.list': ({ limit }) => deps.audit.list(limit),
  };
}
