// What the person is told when a runtime is missing or the registry cannot be read.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RegistryClient } from '../../src/main/registry/registryClient';
import { checkRuntime, missingRuntimeText } from '../../src/main/registry/runtimeCheck';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('runtimes on PATH', () => {
  it('finds an executable on the given PATH and says plainly when one is missing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'switchboard-path-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await writeFile(join(dir, 'uvx'), '#!/bin/sh\n');
    await chmod(join(dir, 'uvx'), 0o755);
    await writeFile(join(dir, 'docker'), 'not executable');
    expect(await checkRuntime('uvx', dir)).toEqual({ command: 'uvx', found: true });
    expect(await checkRuntime('docker', dir)).toEqual({ command: 'docker', found: false });
    expect(await checkRuntime('npx', dir)).toEqual({ command: 'npx', found: false });
    expect(missingRuntimeText('docker')).toBe(
      'docker was not found on your PATH, so this server cannot start yet. Install Docker (docs.docker.com/get-docker), then restart Switchboard.',
    );
  });
});

describe('a registry that cannot be read', () => {
  it('says so, naming the address and what to check', async () => {
    const down = new RegistryClient(() => 'http://127.0.0.1:9', { timeoutMs: 2000 });
    await expect(down.list({})).rejects.toThrow(
      /Could not reach the registry at http:\/\/127\.0\.0\.1:9 .*registry address in Settings/,
    );

    const html = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>not a registry</html>');
    });
    await expect(new RegistryClient(() => html).list({})).rejects.toThrow(/not a list of MCP servers/);

    const failing = await serve((_request, response) => {
      response.writeHead(503, 'Service Unavailable');
      response.end();
    });
    await expect(new RegistryClient(() => failing).list({})).rejects.toThrow(
      /answered 503 Service Unavailable/,
    );

    const huge = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ servers: [], pad: 'x'.repeat(5000) }));
    });
    await expect(new RegistryClient(() => huge, { maxBytes: 1000 }).list({})).rejects.toThrow(/too large/);

    await expect(new RegistryClient(() => 'http://registry.example.com').list({})).rejects.toThrow(
      /over https/,
    );
  });

  it('leaves out entries that do not fit the schema, and shows the rest', async () => {
    const mixed = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          servers: [
            { server: { name: 'io.example/ok', version: '1.0.0', description: 'fine' } },
            { server: { name: 'io.example/no-version' } },
            'not an object',
          ],
          metadata: { count: 3 },
        }),
      );
    });
    const page = await new RegistryClient(() => mixed).list({});
    expect(page.items.map((item) => item.server.name)).toEqual(['io.example/ok']);
    expect(page.unreadable).toBe(2);
    expect(page.nextCursor).toBeUndefined();
  });
});
