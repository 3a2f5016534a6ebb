// The consent commands: pending tool calls and answers, write previews, remembered permissions, and the audit log.
import { isAppOnly } from '../../shared/apps';
import type { CommandHandlers } from '../../shared/contract';
import type { RootView } from '../../shared/roots';
import type { ToolView } from '../../shared/types';
import { HostFault, type HostText } from '../errors';
import { foldersHolding } from '../roots/argumentFolders';
import type { ServerLookup } from '../servers/runningServers';
import { serverIdentity } from '../trust/identity';
import type { AuditLog } from './audit';
import type { ConsentRoom } from './consentRoom';
import { claimsReadOnly, type PermissionStore, type TrustScope } from './policy';
import { previewWrite } from './writePreview';

type ConsentCommandName = Extract<
  keyof CommandHandlers,
  `consent.${string}` | `permissions.${string}` | 'audit.list'
>;

export type ConsentCommandDeps = {
  consent: Pick<ConsentRoom, 'pending' | 'waiting' | 'answer'>;
  permissions: PermissionStore;
  audit: AuditLog;
  servers: Pick<ServerLookup, 'get'>;
  /** The folders a server sees, for write previews. */
  foldersOf: (server: string) => RootView[];
  /** The folders a server's arguments name that it is not shown, to offer when a preview cannot be shown. */
  argumentFolders: (server: string) => Promise<string[]>;
  /** True while a server runs in the sandbox with no network. */
  sandboxedWithoutNetwork: (server: string) => boolean;
};

/** What each trust covers, and what to say when a server has none of it. */
const TRUSTS: Record<
  TrustScope,
  { covers: (tool: ToolView) => boolean; none: (server: string) => HostText }
> = {
  'read-only': {
    covers: claimsReadOnly,
    none: (server) => ({ id: 'host.consent.noReadOnlyTools', values: { server } }),
  },
  'app-only': {
    covers: isAppOnly,
    none: (server) => ({ id: 'host.consent.noAppOnlyTools', values: { server } }),
  },
};

export function consentCommands(deps: ConsentCommandDeps): Pick<CommandHandlers, ConsentCommandName> {
  /** Turns the person's trust of `scope` in `server` on (for its tools as they are now) or off. */
  const trust = async (server: string, scope: TrustScope, enabled: boolean) => {
    if (!enabled) {
      await deps.permissions.revokeTrust(server, scope);
      return deps.permissions.list();
    }
    const connection = deps.servers.get(server);
    const view = connection.view();
    if (view.state.kind !== 'running') {
      throw new HostFault('not_running', { id: 'host.consent.startFirst', values: { server } });
    }
    await connection.listsSettled();
    const tools = connection.view().tools;
    if (!tools.some(TRUSTS[scope].covers)) throw new HostFault('invalid_input', TRUSTS[scope].none(server));
    await deps.permissions.give({ scope, server, identity: serverIdentity(connection.entry), tools });
    return deps.permissions.list();
  };
  return {
    'consent.pending': async () => deps.consent.pending(),
    'consent.answer': async (reply) => {
      deps.consent.answer(reply);
      return null;
    },
    'consent.writePreview': async ({ id, args }) => {
      const request = deps.consent.waiting(id);
      const preview = await previewWrite(request, args, deps.foldersOf(request.server));
      if (preview.kind !== 'unavailable') return preview;
      const offer = foldersHolding(preview.path, await deps.argumentFolders(request.server));
      return offer.length > 0 ? { ...preview, offer } : preview;
    },
    'permissions.list': async () => deps.permissions.list(),
    'permissions.revoke': async ({ id }) => {
      await deps.permissions.revokeId(id);
      return deps.permissions.list();
    },
    'permissions.trustReadOnly': ({ server, enabled }) => trust(server, 'read-only', enabled),
    'permissions.trustViewTools': ({ server, enabled }) => trust(server, 'app-only', enabled),
    'permissions.trustSandboxed': async ({ server, enabled }) => {
      if (!enabled) {
        await deps.permissions.revokeSandboxed(server);
        return deps.permissions.list();
      }
      const connection = deps.servers.get(server);
      if (!deps.sandboxedWithoutNetwork(server)) {
        throw new HostFault('invalid_input', { id: 'host.consent.notOffline', values: { server } });
      }
      await deps.permissions.give({
        scope: 'sandboxed',
        server,
        identity: serverIdentity(connection.entry),
        tools: [],
      });
      return deps.permissions.list();
    },
    'audit.list': ({ limit }) => deps.audit.list(limit),
  };
}
