// Sign-in without a person (client credentials, private_key_jwt, cross-app access): the SDK's own providers behind
// the host's remote-auth seam. The app offers none of these in its UI or config; the conformance client uses them.
import {
  ClientCredentialsProvider,
  CrossAppAccessProvider,
  type OAuthClientProvider,
  PrivateKeyJwtProvider,
  requestJwtAuthorizationGrant,
} from '@modelcontextprotocol/client';
import type { RemoteAuth } from '../http';

/** How a machine client authenticates. */
export type MachineGrant =
  | { kind: 'client-secret'; clientId: string; clientSecret: string }
  | { kind: 'private-key-jwt'; clientId: string; privateKeyPem: string; algorithm?: string }
  | {
      kind: 'cross-app';
      clientId: string;
      clientSecret: string;
      idp: { clientId: string; idToken: string; tokenEndpoint: string };
    };

/** A RemoteAuth whose OAuth client needs no person. */
export function machineAuth(grant: MachineGrant): RemoteAuth {
  let provider: OAuthClientProvider | undefined;
  return {
    providerFor: () => {
      provider ??= machineProvider(grant);
      return provider;
    },
    observe: () => {},
  };
}

function machineProvider(grant: MachineGrant): OAuthClientProvider {
  switch (grant.kind) {
    case 'client-secret':
      return new ClientCredentialsProvider({ clientId: grant.clientId, clientSecret: grant.clientSecret });
    case 'private-key-jwt':
      return new PrivateKeyJwtProvider({
        clientId: grant.clientId,
        privateKey: grant.privateKeyPem,
        algorithm: grant.algorithm ?? 'ES256',
      });
    case 'cross-app':
      return new CrossAppAccessProvider({
        clientId: grant.clientId,
        clientSecret: grant.clientSecret,
        assertion: async (context) =>
          (
            await requestJwtAuthorizationGrant({
              tokenEndpoint: grant.idp.tokenEndpoint,
              audience: context.authorizationServerUrl,
              resource: context.resourceUrl,
              idToken: grant.idp.idToken,
              clientId: grant.idp.clientId,
              fetchFn: context.fetchFn,
            })
          ).jwtAuthGrant,
      });
  }
}
