// Remembered permissions of every scope, each pinned to the server's identity (trust/identity.ts) and the exact tool definitions given.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { isAppOnly } from '../../shared/apps';
import type { DefinitionChange } from '../../shared/chat';
import type { Grant, GrantScope } from '../../shared/consent';
import type { ToolView } from '../../shared/types';
import { Emitter, toCaller } from '../emitter';
import { HostFault, messageOf } from '../errors';
import { JsonSettingsStore, type SettingsWords } from '../storage/jsonSettingsStore';
import { definitionHash, prettyDefinition } from './definitions';

export { definitionHash };

export type GrantCheck =
  | { kind: 'granted'; scope: GrantScope }
  | { kind: 'ask' }
  | { kind: 'changed'; change: DefinitionChange };

export type PermissionStoreOptions = {
  /** Told when the file could not be used; the store then starts with no grants. */
  onProblem?: (message: string) => void;
};

/** What a new grant covers: one tool, or (server scopes) every tool given, in a conversation where the scope says so. */
export type GrantRequest = {
  scope: GrantScope;
  server: string;
  identity: string;
  tools: readonly ToolView[];
  conversationId?: string;
};

/** One tool a grant covers, as it was defined when the grant was given. */
const coveredSchema = z.object({ name: z.string(), definitionHash: z.string(), definition: z.string() });

const storedGrantSchema = z.object({
  id: z.string(),
  scope: z.enum(['always', 'conversation', 'server-conversation', 'read-only', 'app-only', 'sandboxed']),
  server: z.string(),
  serverIdentity: z.string(),
  grantedAt: z.number(),
  conversationId: z.string().optional(),
  tools: z.array(coveredSchema),
});
type StoredGrant = z.infer<typeof storedGrantSchema>;

/** Grants kept by earlier versions: "Always allow" of one tool. */
const versionOneSchema = z.object({
  version: z.literal(1),
  grants: z.array(
    z.object({
      server: z.string(),
      tool: z.string(),
      serverIdentity: z.string(),
      definitionHash: z.string(),
      grantedAt: z.number(),
      definition: z.string(),
    }),
  ),
});
const versionTwoSchema = z.object({ version: z.literal(2), grants: z.array(storedGrantSchema) });
/** The file as this version writes it; one of an earlier version reads as its grants of scope "always". */
const fileSchema = z.union([
  versionTwoSchema,
  versionOneSchema.transform(
    (file): z.infer<typeof versionTwoSchema> => ({
      version: 2,
      grants: file.grants.map((grant) => ({
        id: randomUUID(),
        scope: 'always',
        server: grant.server,
        serverIdentity: grant.serverIdentity,
        grantedAt: grant.grantedAt,
        tools: [{ name: grant.tool, definitionHash: grant.definitionHash, definition: grant.definition }],
      })),
    }),
  ),
]);

const WORDS: SettingsWords = {
  unreadable: (why) => `Could not read your saved permissions (${why}). Every tool will ask again.`,
  damaged: (kept) => `Your saved permissions file was damaged, so every tool will ask again. ${kept}`,
};

/** Scopes that hold in one conversation only. */
const IN_CONVERSATION: ReadonlySet<GrantScope> = new Set(['conversation', 'server-conversation']);
/** Scopes that cover a set of tools of the server rather than one. */
const SERVER_WIDE: ReadonlySet<GrantScope> = new Set([
  'server-conversation',
  'read-only',
  'app-only',
  'sandboxed',
]);
/** When several grants cover a call, the one named is the narrowest. */
const PREFERENCE: readonly GrantScope[] = [
  'conversation',
  'server-conversation',
  'always',
  'read-only',
  'app-only',
  'sandboxed',
];
/** The scopes kept in the file: a person's trust of a server's own claims, one switch per server. */
export type TrustScope = 'read-only' | 'app-only';

/** Who asks for a call: the model, or an app view of the tool's server. */
export type Caller = 'model' | 'view';

/** True when the server claims `tool` only reads (its `readOnlyHint`); a claim, never verified. */
export function claimsReadOnly(tool: ToolView): boolean {
  return tool.annotations?.readOnlyHint === true;
}

/** The grants, kept in a JSON file written atomically and readable only by its owner. */
export class PermissionStore {
  private grants: StoredGrant[] = [];
  /** A failing listener fails the change that told it. */
  private readonly changes = new Emitter<Grant[]>(toCaller);
  private readonly file: JsonSettingsStore<z.infer<typeof versionTwoSchema>>;

  constructor(
    private readonly path: string,
    options: PermissionStoreOptions = {},
  ) {
    this.file = new JsonSettingsStore(path, {
      schema: fileSchema,
      words: WORDS,
      onProblem: options.onProblem,
    });
  }

  /** Reads the file. Missing means no grants; a corrupt file is kept aside as `.bak` and no grants hold. */
  async load(): Promise<void> {
    this.grants = (await this.file.load())?.grants ?? [];
  }

  /** Every grant, including ones suspended because a tool changed since. */
  list(): Grant[] {
    return this.grants.map(view);
  }

  /**
   * Whether `tool` of `server` may run without asking in `conversationId`: a grant of any scope
   * that covers it as it is defined now; `changed` when one covered it as it was defined before.
   * The trust in a server's view-only tools covers only calls from its views, of tools no model sees.
   */
  check(
    server: string,
    identity: string,
    tool: ToolView,
    conversationId?: string,
    caller: Caller = 'model',
  ): GrantCheck {
    const hash = definitionHash(tool);
    let changed: { grant: StoredGrant; definition: string } | undefined;
    const granted = new Set<GrantScope>();
    for (const grant of this.grants) {
      if (grant.server !== server || grant.serverIdentity !== identity) continue;
      if (IN_CONVERSATION.has(grant.scope) && (!conversationId || grant.conversationId !== conversationId))
        continue;
      if (grant.scope === 'app-only' && (caller !== 'view' || !isAppOnly(tool))) continue;
      const covered = grant.tools.find((item) => item.name === tool.name);
      if (!covered) continue;
      if (covered.definitionHash === hash) granted.add(grant.scope);
      else changed ??= { grant, definition: covered.definition };
    }
    const scope = PREFERENCE.find((candidate) => granted.has(candidate));
    if (scope) return { kind: 'granted', scope };
    if (!changed) return { kind: 'ask' };
    return {
      kind: 'changed',
      change: { before: changed.definition, after: prettyDefinition(tool), scope: changed.grant.scope },
    };
  }

  /** True when a grant of `server` covered `tool` as it was defined before, not as it is now. */
  changedSince(server: string, identity: string, tool: ToolView): boolean {
    const hash = definitionHash(tool);
    return this.grants.some(
      (grant) =>
        grant.server === server &&
        grant.serverIdentity === identity &&
        grant.tools.some((item) => item.name === tool.name && item.definitionHash !== hash),
    );
  }

  /** Always allow `tool` as it is now defined; replaces any earlier "always" grant for it. */
  async grant(server: string, identity: string, tool: ToolView): Promise<void> {
    await this.give({ scope: 'always', server, identity, tools: [tool] });
  }

  /**
   * Gives a grant of `request.scope` for the tools as they are defined now (for `read-only`, the
   * ones the server marks read-only; for `app-only`, the ones only its views may call), replacing the
   * grant it supersedes. Answers the new grant.
   */
  async give(request: GrantRequest): Promise<Grant> {
    const { scope, server, identity, conversationId } = request;
    if (IN_CONVERSATION.has(scope) && !conversationId) {
      throw new HostFault('invalid_input', { id: 'host.consent.needsConversation' });
    }
    if (scope === 'view') throw new HostFault('invalid_input', { id: 'host.consent.viewNotSaved' });
    const tools =
      scope === 'read-only'
        ? request.tools.filter(claimsReadOnly)
        : scope === 'app-only'
          ? request.tools.filter(isAppOnly)
          : request.tools;
    if (!SERVER_WIDE.has(scope) && tools.length !== 1) {
      throw new HostFault('invalid_input', { id: 'host.consent.oneToolOnly' });
    }
    const grant: StoredGrant = {
      id: randomUUID(),
      scope,
      server,
      serverIdentity: identity,
      grantedAt: Date.now(),
      ...(IN_CONVERSATION.has(scope) ? { conversationId } : {}),
      tools: tools.map((tool) => ({
        name: tool.name,
        definitionHash: definitionHash(tool),
        definition: prettyDefinition(tool),
      })),
    };
    this.grants = [...this.grants.filter((item) => !supersedes(grant, item)), grant];
    await this.changed();
    return view(grant);
  }

  /** Forgets the "always" grant for `tool` of `server`; nothing happens when there is none. */
  async revoke(server: string, tool: string): Promise<void> {
    await this.removeWhere(
      (item) => item.scope === 'always' && item.server === server && item.tools[0]?.name === tool,
    );
  }

  /** Forgets the grant `id`; nothing happens when there is none. */
  async revokeId(id: string): Promise<void> {
    await this.removeWhere((item) => item.id === id);
  }

  /** Forgets the read-only trust of `server`, if it has one. */
  async revokeReadOnly(server: string): Promise<void> {
    await this.revokeTrust(server, 'read-only');
  }

  /** Forgets the trust of `scope` in `server`, if it has one. */
  async revokeTrust(server: string, scope: TrustScope): Promise<void> {
    await this.removeWhere((item) => item.scope === scope && item.server === server);
  }

  /** True when `server`, as `identity`, may run every tool without asking while it is sandboxed with no network. */
  trustsSandboxed(server: string, identity: string): boolean {
    return this.grants.some(
      (grant) => grant.scope === 'sandboxed' && grant.server === server && grant.serverIdentity === identity,
    );
  }

  /** Forgets `server`'s permission to run its tools without asking while sandboxed, if it has one. */
  async revokeSandboxed(server: string): Promise<void> {
    await this.removeWhere((item) => item.scope === 'sandboxed' && item.server === server);
  }

  /** Forgets every grant given in a conversation that `exists` says is gone. */
  async forgetConversations(exists: (conversationId: string) => boolean): Promise<void> {
    await this.removeWhere((item) => item.conversationId !== undefined && !exists(item.conversationId));
  }

  onDidChange(listener: (grants: Grant[]) => void): () => void {
    return this.changes.on(listener);
  }

  private async removeWhere(match: (grant: StoredGrant) => boolean): Promise<void> {
    const kept = this.grants.filter((item) => !match(item));
    if (kept.length === this.grants.length) return;
    this.grants = kept;
    await this.changed();
  }

  /** Saves the current grants (writes run one at a time, each with the latest state) and tells listeners. */
  private async changed(): Promise<void> {
    const saved = this.file.save({ version: 2, grants: this.grants });
    const grants = this.list();
    this.changes.emit(grants);
    try {
      await saved;
    } catch (error) {
      throw new HostFault('internal', {
        id: 'host.consent.saveFailed',
        values: { path: this.path, error: messageOf(error) },
      });
    }
  }
}

/** True when `older` is replaced by `newer`: same scope, server and conversation, and (for one-tool scopes) tool. */
function supersedes(newer: StoredGrant, older: StoredGrant): boolean {
  if (older.scope !== newer.scope || older.server !== newer.server) return false;
  if (older.conversationId !== newer.conversationId) return false;
  if (SERVER_WIDE.has(newer.scope)) return true;
  return older.tools[0]?.name === newer.tools[0]?.name;
}

function view(grant: StoredGrant): Grant {
  const single = SERVER_WIDE.has(grant.scope) ? undefined : grant.tools[0];
  return {
    id: grant.id,
    scope: grant.scope,
    server: grant.server,
    ...(single ? { tool: single.name, definitionHash: single.definitionHash } : {}),
    tools: grant.tools.map((tool) => tool.name),
    ...(grant.conversationId ? { conversationId: grant.conversationId } : {}),
    serverIdentity: grant.serverIdentity,
    grantedAt: grant.grantedAt,
  };
}
