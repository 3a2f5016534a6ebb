// Browser mode's sandbox origin: a second loopback server that serves only the app view proxy.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AppViewHosting, sandboxResponse, ViewPolicies } from './viewHosting';

export type SandboxServer = AppViewHosting & { close(): void };

/**
 * Listens on 127.0.0.1 (a free port unless `port` is given), so views get an origin that is not the
 * app's. It answers only requests addressed to itself (a `Host` header naming another name, as a
 * rebinding page would send, is refused) and only the proxy routes.
 */
export async function startSandboxServer(options: {
  hostOrigin: string;
  port?: number;
}): Promise<SandboxServer> {
  const policies = new ViewPolicies();
  let expectedHost = '';
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.headers.host !== expectedHost) {
      response.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Wrong host.');
      return;
    }
    const path = new URL(request.url ?? '/', `http://${expectedHost}`).pathname;
    const answer = sandboxResponse({ method: request.method ?? 'GET', path }, policies, options.hostOrigin);
    response.writeHead(answer.status, answer.headers);
    response.end(request.method === 'HEAD' ? undefined : answer.body);
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(options.port ?? 0, '127.0.0.1', () => listening());
  });
  expectedHost = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    sandboxOrigin: `http://${expectedHost}`,
    hostOrigin: options.hostOrigin,
    register: (appId, header) => policies.register(appId, header),
    unregister: (appId) => policies.unregister(appId),
    close: () => {
      server.close();
      server.closeAllConnections();
    },
  };
}
