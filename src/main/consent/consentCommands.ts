// The tool-call consent commands: pending requests and answers, remembered grants, and the audit log.
import type { CommandHandlers } from '../../shared/contract';
import type { AuditLog } from './audit';
import type { ConsentBroker } from './broker';
import type { PermissionStore } from './policy';

type ConsentCommandName = Extract<
  keyof CommandHandlers,
  `consent.${string}` | `permissions.${string}` | 'audit.list'
>;

export type ConsentCommandDeps = { broker: ConsentBroker; permissions: PermissionStore; audit: AuditLog };

export function consentCommands(deps: ConsentCommandDeps): Pick<CommandHandlers, ConsentCommandName> {
  return {
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
