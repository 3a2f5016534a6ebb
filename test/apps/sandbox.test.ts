import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type SandboxServer, startSandboxServer } from '../../src/main/apps/sandboxServer';

const HOST = 'http://127.0.0.1:4100';
const servers: SandboxServer[] = [];

afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function start(): Promise<SandboxServer> {
  const server = await startSandboxServer({ hostOrigin: HOST });
  servers.push(server);
  return server;
}

/** A raw GET, so the Host header can be anything (fetch does not allow setting it). */
function get(
  url: string,
  host?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      { host: target.hostname, port: target.port, path: target.pathname, headers: host ? { host } : {} },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the sandbox origin', () => {
  it('serves an open view with its policy, and the proxy that only talks to the app', async () => {
    const sandbox = await start();
    sandbox.register('abcdefghijklmnopqrstuvwx', "default-src 'none'; frame-ancestors http://127.0.0.1:4100");
    const view = await get(`${sandbox.sandboxOrigin}/view/abcdefghijklmnopqrstuvwx`);
    expect(view.status).toBe(200);
    const nonce = /<script src="\/proxy\.js" nonce="([A-Za-z0-9_-]{24})" defer>/.exec(view.body)?.[1];
    expect(view.headers['content-security-policy']).toBe(
      `default-src 'none'; frame-ancestors http://127.0.0.1:4100, script-src 'nonce-${nonce}' 'strict-dynamic' 'unsafe-eval'`,
    );
    expect(view.headers['permissions-policy']).toContain('display-capture=()');
    const again = await get(`${sandbox.sandboxOrigin}/view/abcdefghijklmnopqrstuvwx`);
    expect(again.body).not.toContain(`nonce="${nonce}"`);
    const proxy = await get(`${sandbox.sandboxOrigin}/proxy.js`);
    expect(proxy.status).toBe(200);
    expect(proxy.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(proxy.body).toContain('"hostOrigin":"http://127.0.0.1:4100"');
    expect(proxy.body).toMatch(/["']allow-scripts allow-forms["']/);
    expect(proxy.body).not.toContain('allow-same-origin');
    expect(proxy.body).toContain('MutationObserver');
  });

  it('serves nothing else: closed or unknown views, other paths, other methods, other host names', async () => {
    const sandbox = await start();
    sandbox.register('abcdefghijklmnopqrstuvwx', "default-src 'none'");
    sandbox.unregister('abcdefghijklmnopqrstuvwx');
    expect((await get(`${sandbox.sandboxOrigin}/view/abcdefghijklmnopqrstuvwx`)).status).toBe(404);
    expect((await get(`${sandbox.sandboxOrigin}/view/nope`)).status).toBe(404);
    expect((await get(`${sandbox.sandboxOrigin}/`)).status).toBe(404);
    expect((await get(`${sandbox.sandboxOrigin}/../package.json`)).status).toBe(404);
    expect((await fetch(`${sandbox.sandboxOrigin}/proxy.js`, { method: 'POST' })).status).toBe(405);
    expect((await get(`${sandbox.sandboxOrigin}/proxy.js`, 'evil.example.com')).status).toBe(421);
    expect(new URL(sandbox.sandboxOrigin).hostname).toBe('127.0.0.1');
    expect(sandbox.sandboxOrigin).not.toBe(HOST);
  });
});
