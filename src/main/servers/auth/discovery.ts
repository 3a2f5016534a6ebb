// Finds a server's authorization server (RFC 9728, then RFC 8414 / OpenID discovery) with the SDK's helpers.
import {
  discoverOAuthServerInfo,
  type FetchLike,
  IssuerMismatchError,
  type OAuthDiscoveryState,
} from '@modelcontextprotocol/client';

/**
 * What discovery finds for `serverUrl`, with `resourceMetadataUrl` from the server's 401 challenge when it gave one.
 *
 * RFC 8414 §3.3 says the `issuer` in an authorization server's metadata must equal the URL the metadata
 * was looked up from, and the SDK enforces that. Servers written to the 2025-03-26 revision of the spec
 * break it without being malicious: that revision has no protected resource metadata, so the client takes
 * the MCP server's own origin as the authorization base URL, while such servers often serve their OAuth
 * routes under a path and publish that path in `issuer` (e.g. `https://mcp.example/oauth`). The check
 * exists against mix-up attacks, where metadata sends the client's secrets to another party. On exactly
 * this path — no protected resource metadata, and an issuer on the MCP server's own origin — the metadata
 * came from the origin the tokens are meant for anyway, so there is no other party to mix up with, and
 * Switchboard accepts it. Anywhere else (a resource that names its authorization server, or an issuer on
 * another origin) the check stays strict and the sign-in fails with the SDK's error.
 */
export async function discoverAuthorization(
  serverUrl: URL,
  options: { resourceMetadataUrl?: URL; fetchFn?: FetchLike },
): Promise<OAuthDiscoveryState> {
  const resourceMetadataUrl = options.resourceMetadataUrl?.href;
  try {
    const info = await discoverOAuthServerInfo(serverUrl, options);
    return { ...info, resourceMetadataUrl };
  } catch (error) {
    if (!(error instanceof IssuerMismatchError) || error.kind !== 'metadata') throw error;
    if (!sameUrl(error.expected, serverUrl.origin) || !onOrigin(error.received, serverUrl.origin))
      throw error;
    const info = await discoverOAuthServerInfo(serverUrl, { ...options, skipIssuerMetadataValidation: true });
    const issuer = info.authorizationServerMetadata?.issuer;
    if (info.resourceMetadata || !issuer || !onOrigin(issuer, serverUrl.origin)) throw error;
    return { ...info, resourceMetadataUrl };
  }
}

function sameUrl(a: string | undefined, b: string): boolean {
  return a !== undefined && a.replace(/\/$/, '') === b.replace(/\/$/, '');
}

function onOrigin(url: string | undefined, origin: string): boolean {
  try {
    return url !== undefined && new URL(url).origin === origin;
  } catch {
    return false;
  }
}
