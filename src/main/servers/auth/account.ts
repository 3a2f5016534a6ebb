// What the person may see of their sign-in: who the token says it is for, when it expires, its scopes — never the token.
import type { AuthView } from '../../../shared/types';
import type { Credentials } from './credentials';

/** The signed-in part of a server's AuthView. */
export function describeSignIn(credentials: Credentials | undefined): Omit<AuthView, 'status'> {
  const tokens = credentials?.tokens;
  const metadataIssuer = credentials?.discovery?.authorizationServerMetadata?.issuer;
  const server = metadataIssuer ?? credentials?.discovery?.authorizationServerUrl;
  const view: Omit<AuthView, 'status'> = { authorizationServer: originOf(server) };
  if (!tokens) return view;
  const claims = claimsOf(tokens.id_token) ?? claimsOf(tokens.access_token);
  const account = ['email', 'preferred_username', 'name', 'sub']
    .map((claim) => claims?.[claim])
    .find((value): value is string => typeof value === 'string' && value.length > 0);
  return {
    ...view,
    account,
    expiresAt:
      tokens.expires_in !== undefined && credentials?.tokensSavedAt !== undefined
        ? credentials.tokensSavedAt + tokens.expires_in * 1000
        : undefined,
    refreshable: tokens.refresh_token !== undefined,
    scopes: tokens.scope ? tokens.scope.split(' ').filter(Boolean) : undefined,
  };
}

/** The claims of a JWT, read for display only (the signature is not checked: nothing is trusted from it). */
function claimsOf(token: unknown): Record<string, unknown> | undefined {
  if (typeof token !== 'string') return undefined;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function originOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}
