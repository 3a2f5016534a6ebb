// The real entry, src/workspace/main.ts, bundled the way the app ships it and run as a stdio child of plain Node.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeAll, tempFolder, textOf, writeTree } from './harness';

const rolldown = await import('rolldown').catch(() => undefined);

describe.skipIf(!rolldown)('the stdio entry', { timeout: 30_000 }, () => {
  let build: string;
  let root: string;
  let script: string;
  let client: Client;
  let transport: StdioClientTransport;

  beforeAll(async () => {
    build = await tempFolder('ws-build-');
    root = await tempFolder('ws-stdio-');
    await writeTree(root, { 'hello.txt': 'hello over stdio' });
    script = path.join(build, 'workspace.mjs');
    await rolldown?.build({
      input: path.resolve('src/workspace/main.ts'),
      platform: 'node',
      logLevel: 'silent',
      output: { file: script, format: 'esm' },
    });
    transport = new StdioClientTransport({ command: process.execPath, args: [script], stderr: 'pipe' });
    client = new Client(
      { name: 'stdio-test', version: '1.0.0' },
      { capabilities: { roots: { listChanged: true } } },
    );
    client.setRequestHandler('roots/list', () => ({
      roots: [{ uri: pathToFileURL(root).href, name: 'root' }],
    }));
    await client.connect(transport);
  }, 30_000);

  afterAll(async () => {
    await client?.close();
    await removeAll(build, root);
  });

  it('introduces itself and works inside the roots the host lists', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'switchboard-workspace', title: 'Workspace' });
    const read = await client.callTool({ name: 'read_file', arguments: { path: 'hello.txt' } });
    expect(textOf(read)).toBe('hello over stdio');
    const refused = await client.callTool({ name: 'read_file', arguments: { path: '../../etc/passwd' } });
    expect(refused.isError).toBe(true);
  });

  it('exits promptly when its stdin closes', async () => {
    const pid = transport.pid;
    expect(pid).toBeTypeOf('number');
    const started = Date.now();
    await client.close();
    expect(Date.now() - started).toBeLessThan(1500);
    expect(() => process.kill(pid as number, 0)).toThrow();
  });
});
