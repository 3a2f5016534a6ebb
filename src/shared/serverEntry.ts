// How a server entry of config.json looks: local (stdio) and remote entries, with their OAuth settings.
import type { SandboxSetting } from './sandbox';

/** How one server entry of config.json looks (Claude Desktop compatible, plus remote entries). */
export type StdioServerEntry = {
  type?: 'stdio';
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  disabled?: boolean;
  /** False turns the server's app views off: its tools show their text results only. */
  apps?: boolean;
  /** `false`: started on first use instead of at launch. */
  autoStart?: boolean;
  /** Absent: sandboxed with the default network list; `false`: not sandboxed. */
  sandbox?: SandboxSetting;
};
export type RemoteServerEntry = {
  /** Absent: Streamable HTTP, falling back to the older HTTP+SSE transport. */
  type?: 'http' | 'sse';
  url: string;
  headers?: Record<string, string>;
  /** A client pre-registered with the authorization server, or a grant that needs no person. */
  oauth?: OAuthSettings;
  disabled?: boolean;
  /** False turns the server's app views off: its tools show their text results only. */
  apps?: boolean;
  autoStart?: boolean;
};
export type ServerEntry = StdioServerEntry | RemoteServerEntry;

/** A client registered beforehand, for the browser sign-in (the authorization code flow). */
export type BrowserOAuth = {
  grant?: 'authorization_code';
  clientId: string;
  clientSecret?: string;
  scopes?: string[];
};

/** The algorithms a private_key_jwt client may sign its assertion with. */
export const JWT_ALGORITHMS = [
  'ES256',
  'ES384',
  'ES512',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
] as const;
export type JwtAlgorithm = (typeof JWT_ALGORITHMS)[number];

/** What every grant without a person shares; `issuer` pins the authorization server the credentials go to. */
type MachineOAuthBase = { clientId: string; scopes?: string[]; issuer?: string };

/** A grant that gets tokens without a person: no Sign in, no browser. */
export type MachineOAuth =
  | (MachineOAuthBase & { grant: 'client_credentials'; clientSecret: string })
  | (MachineOAuthBase & {
      grant: 'private_key_jwt';
      privateKey?: string;
      privateKeyFile?: string;
      algorithm?: JwtAlgorithm;
    })
  | (MachineOAuthBase & {
      grant: 'cross_app';
      clientSecret: string;
      idpTokenEndpoint: string;
      idpClientId: string;
      idpClientSecret?: string;
      idToken?: string;
      idTokenFile?: string;
    });

export type OAuthSettings = BrowserOAuth | MachineOAuth;

/** The entry's grant when it needs no person, else undefined. */
export function machineOAuthOf(entry: ServerEntry): MachineOAuth | undefined {
  const oauth = 'url' in entry ? entry.oauth : undefined;
  if (!oauth || oauth.grant === undefined || oauth.grant === 'authorization_code') return undefined;
  return oauth as MachineOAuth;
}

export function isRemoteEntry(entry: ServerEntry): entry is RemoteServerEntry {
  return 'url' in entry;
}
