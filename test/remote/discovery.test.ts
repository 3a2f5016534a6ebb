// Authorization server discovery: the 2025-03-26 back-compat path accepts an issuer on the MCP server's own
// origin; any other issuer mismatch is still refused (RFC 8414 §3.3).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverAuthorization } from '../../src/main/servers/auth/discovery';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A server answering the well-known documents `documents(origin)` gives, 404 for anything else. */
async function serve(documents: (origin: string) => Record<string, unknown>): Promise<string> {
  let origin = '';
  server = createServer((request, response) => {
    const body = documents(origin)[request.url ?? ''];
    if (body === undefined) return response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return origin;
}

const metadata = (issuer: string, origin: string) => ({
  issuer,
  authorization_endpoint: `${origin}/oauth/authorize`,
  token_endpoint: `${origin}/oauth/token`,
  response_types_supported: ['code'],
});

describe('discovering the authorization server', () => {
  it('accepts a 2025-03-26 server whose issuer is a path on its own origin', async () => {
    const origin = await serve((o) => ({
      '/.well-known/oauth-authorization-server': metadata(`${o}/oauth`, o),
    }));
    const found = await discoverAuthorization(new URL(`${origin}/mcp`), {});
    expect(found.resourceMetadata).toBeUndefined();
    expect(found.authorizationServerMetadata?.issuer).toBe(`${origin}/oauth`);
  });

  it('refuses an issuer on another origin on that path', async () => {
    const origin = await serve((o) => ({
      '/.well-known/oauth-authorization-server': metadata('https://auth.elsewhere.example', o),
    }));
    await expect(discoverAuthorization(new URL(`${origin}/mcp`), {})).rejects.toThrow(/Issuer mismatch/);
  });

  it('refuses a mismatched issuer when the resource names its authorization server', async () => {
    const origin = await serve((o) => ({
      '/.well-known/oauth-protected-resource/mcp': { resource: `${o}/mcp`, authorization_servers: [o] },
      '/.well-known/oauth-authorization-server': metadata(`${o}/oauth`, o),
    }));
    await expect(discoverAuthorization(new URL(`${origin}/mcp`), {})).rejects.toThrow(/Issuer mismatch/);
  });
});
