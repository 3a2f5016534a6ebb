// Token revocation (RFC 7009) at sign-out, where the authorization server offers it; the SDK has no helper for it.
import {
  assertSecureTokenEndpoint,
  type FetchLike,
  selectClientAuthMethod,
} from '@modelcontextprotocol/client';
import type { Credentials } from './credentials';

/** Asks the authorization server to revoke the refresh and access tokens; true when it said yes to each. */
export async function revokeTokens(credentials: Credentials, fetchFn: FetchLike): Promise<boolean> {
  const metadata = credentials.discovery?.authorizationServerMetadata;
  const endpoint = metadata && 'revocation_endpoint' in metadata ? metadata.revocation_endpoint : undefined;
  const client = credentials.client;
  const tokens = credentials.tokens;
  if (typeof endpoint !== 'string' || !client || !tokens) return false;
  try {
    // Credentials go to https endpoints only (or this machine), as for the token endpoint.
    assertSecureTokenEndpoint(endpoint);
  } catch {
    return false;
  }
  const method = selectClientAuthMethod(
    client,
    (metadata && 'revocation_endpoint_auth_methods_supported' in metadata
      ? (metadata.revocation_endpoint_auth_methods_supported as string[] | undefined)
      : undefined) ??
      metadata?.token_endpoint_auth_methods_supported ??
      [],
  );
  const revoke = async (token: string, hint: string) => {
    const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' });
    const body = new URLSearchParams({ token, token_type_hint: hint });
    const secret = 'client_secret' in client ? client.client_secret : undefined;
    if (method === 'client_secret_basic' && secret) {
      const pair = `${encodeURIComponent(client.client_id)}:${encodeURIComponent(secret)}`;
      headers.set('Authorization', `Basic ${Buffer.from(pair).toString('base64')}`);
    } else {
      body.set('client_id', client.client_id);
      if (method === 'client_secret_post' && secret) body.set('client_secret', secret);
    }
    const response = await fetchFn(endpoint, { method: 'POST', headers, body });
    // Only drains the body so the connection is freed; the status says how it went.
    await response.text().catch(() => '');
    return response.ok;
  };
  const results = await Promise.all([
    tokens.refresh_token ? revoke(tokens.refresh_token, 'refresh_token') : true,
    revoke(tokens.access_token, 'access_token'),
  ]);
  return results.every(Boolean);
}
