// The consent commands: pending tool calls and answers, write previews, remembered permissions, and the audit log.
import type { CommandHandlers } from '../../shared/contract';
import type { RootView } from '../../shared/roots';
import { HostFault } from '../errors';
import type { ServerManager } from '../servers/manager';
import { serverIdentity } from '../trust/identity';
import type { AuditLog } from './audit';
import type { ConsentRoom } from './consentRoom';
import { claimsReadOnly, type PermissionStore } from './policy';
import { previewWrite } from './writePreview';

type ConsentCommandName = Extract<
  keyof CommandHandlers,
  `consent.${string}` | `permissions.${string}` | 'audit.list'
>;

export type ConsentCommandDeps = {
  consent: Pick<ConsentRoom, 'pending' | 'waiting' | 'answer'>;
  permissions: PermissionStore;
  audit: AuditLog;
  servers: Pick<ServerManager, 'get'>;
  /** The folders a server sees, for write previews. */
  foldersOf: (server: string) => RootView[];
};

export function consentCommands(deps: ConsentCommandDeps): Pick<CommandHandlers, ConsentCommandName> {
  return {
    'consent.pending': async () => deps.consent.pending(),
    'consent.answer': async (reply) => {
      deps.consent.answer(reply);
      return null;
    },
    'consent.writePreview': async ({ id, args }) => {
      const request = deps.consent.waiting(id);
      return previewWrite(request, args, deps.foldersOf(request.server));
    },
    'permissions.list': async () => deps.permissions.list(),
    'permissions.revoke': async ({ id }) => {
      await deps.permissions.revokeId(id);
      return deps.permissions.list();
    },
    'permissions.trustReadOnly': async ({ server, enabled }) => {
      if (!enabled) {
        await deps.permissions.revokeReadOnly(server);
        return deps.permissions.list();
      }
      const connection = deps.servers.get(server);
      const view = connection.view();
      if (view.state.kind !== 'running') {
        throw new HostFault(
          'not_running',
          `"${server}" is not running. Start it first, so its tools can be read.`,
        );
      }
      await connection.listsSettled();
      const tools = connection.view().tools;
      if (!tools.some(claimsReadOnly)) {
        throw new HostFault(
          'invalid_input',
          `"${server}" marks none of its tools read-only, so there is nothing to run without asking.`,
        );
      }
      await deps.permissions.give({
        scope: 'read-only',
        server,
        identity: serverIdentity(connection.entry),
        tools,
      });
      return deps.permissions.list();
    },
    'audit.list': ({ limit }) => deps.audit.list(limit),
  };
}
