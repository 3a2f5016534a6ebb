// Browser features the person let an app view use (camera, microphone …), per server and view, in app-permissions.json.
import { z } from 'zod';
import { APP_PERMISSIONS, type AppPermission, type AppPermissionGrant } from '../../shared/apps';
import { HostFault, messageOf } from '../errors';
import { JsonSettingsStore, type SettingsWords } from '../storage/jsonSettingsStore';

const grantSchema = z.object({
  server: z.string(),
  serverIdentity: z.string(),
  resourceUri: z.string(),
  permissions: z.array(z.enum(APP_PERMISSIONS)),
  grantedAt: z.number(),
});
const fileSchema = z.object({ version: z.literal(1), grants: z.array(grantSchema) });

const WORDS: SettingsWords = {
  unreadable: (why) => `Could not read the app view permissions (${why}); none are granted.`,
  damaged: (kept) => `The app view permissions file was damaged; none are granted. ${kept}`,
};

/** Nothing is allowed until the person allows it here; an unreadable file allows nothing. */
export class AppPermissionStore {
  private grants: AppPermissionGrant[] = [];
  private readonly file: JsonSettingsStore<z.infer<typeof fileSchema>>;

  constructor(path: string, onProblem: (message: string) => void = () => {}) {
    this.file = new JsonSettingsStore(path, { schema: fileSchema, words: WORDS, onProblem });
  }

  async load(): Promise<void> {
    const stored = await this.file.load();
    if (stored) this.grants = stored.grants;
  }

  /** What the view `resourceUri` of `server` may use, as long as the server is still `identity`. */
  allowed(server: string, identity: string, resourceUri: string): AppPermission[] {
    const grant = this.find(server, resourceUri);
    return grant && grant.serverIdentity === identity ? [...grant.permissions] : [];
  }

  /** Every grant, for the server's Overview. */
  list(server: string): AppPermissionGrant[] {
    return this.grants.filter((grant) => grant.server === server).map((grant) => ({ ...grant }));
  }

  /** Replaces what the view may use; an empty list forgets the grant. */
  async set(
    server: string,
    identity: string,
    resourceUri: string,
    permissions: readonly AppPermission[],
  ): Promise<void> {
    const others = this.grants.filter(
      (grant) => !(grant.server === server && grant.resourceUri === resourceUri),
    );
    const kept = APP_PERMISSIONS.filter((name) => permissions.includes(name));
    this.grants =
      kept.length > 0
        ? [
            ...others,
            { server, serverIdentity: identity, resourceUri, permissions: kept, grantedAt: Date.now() },
          ]
        : others;
    try {
      await this.file.save({ version: 1, grants: this.grants });
    } catch (error) {
      throw new HostFault('internal', {
        id: 'host.apps.permissionsSaveFailed',
        values: { error: messageOf(error) },
      });
    }
  }

  private find(server: string, resourceUri: string): AppPermissionGrant | undefined {
    return this.grants.find((grant) => grant.server === server && grant.resourceUri === resourceUri);
  }
}
