import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type SandboxServer, startSandboxServer } from '../../src/main/apps/sandboxServer';
import { modelTools } from '../../src/main/chat/modelTools';
import { Host } from '../../src/main/host';
import type { ConsentRequest } from '../../src/shared/chat';
import type { CommandArgs, CommandName, CommandResult } from '../../src/shared/contract';
import type { StdioServerEntry } from '../../src/shared/types';
import { fixtureEntry, until } from '../helpers';

type Running = { host: Host; sandbox: SandboxServer; dir: string };
const running: Running[] = [];

afterEach(async () => {
  for (const { host, sandbox, dir } of running.splice(0)) {
    sandbox.close();
    await host.shutdown();
    await rm(dir, { recursive: true, force: true });
  }
});

async function start(entries: Record<string, StdioServerEntry>): Promise<Running> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-apps-'));
  await writeFile(join(dir, 'config.json'), JSON.stringify({ mcpServers: entries }));
  const host = await Host.create({ dataDir: dir });
  const sandbox = await startSandboxServer({ hostOrigin: 'http://127.0.0.1:1' });
  host.attachAppViews(sandbox);
  await host.ready();
  const started = { host, sandbox, dir };
  running.push(started);
  return started;
}

function run<N extends CommandName>(host: Host, name: N, args: CommandArgs<N>): Promise<CommandResult<N>> {
  return (host.commands[name] as (input: CommandArgs<N>) => Promise<CommandResult<N>>)(args);
}

/** Answers every consent request with `decision`, and collects them. */
function answerConsent(host: Host, decision: 'once' | 'deny'): ConsentRequest[] {
  const seen: ConsentRequest[] = [];
  host.on('consent.requested', (request) => {
    seen.push(request);
    void run(host, 'consent.answer', { id: request.id, decision });
  });
  return seen;
}

/** The tools/call requests the host sent to `server`, from its protocol log. */
async function toolCallsSent(host: Host, server: string): Promise<unknown[]> {
  const wire = await run(host, 'servers.wire', { server });
  return wire
    .filter((entry) => entry.direction === 'out')
    .map((entry) => entry.message as { method?: string; params?: unknown })
    .filter((message) => message.method === 'tools/call')
    .map((message) => message.params);
}

const APPS = {
  apps: fixtureEntry('apps.mjs'),
  vault: fixtureEntry('apps.mjs', { env: { EXTRA_APP_ONLY: 'vault_open' } }),
};

describe('app views on the host', () => {
  it('declares the extension and reads each tool view and visibility; the model never gets app-only tools', async () => {
    const { host } = await start(APPS);
    const servers = await run(host, 'servers.list', {});
    const apps = servers.find((server) => server.name === 'apps')!;
    const tool = (name: string) => apps.tools.find((candidate) => candidate.name === name);
    expect(tool('show_counter')?.ui).toEqual({
      resourceUri: 'ui://apps/counter.html',
      visibility: ['model', 'app'],
    });
    expect(tool('increment')?.ui?.visibility).toEqual(['app']);
    expect(tool('model_only')?.ui).toEqual({ visibility: ['model'] });
    expect(tool('ui_support')?.ui).toBeUndefined();
    const support = await run(host, 'tools.call', { server: 'apps', tool: 'ui_support', args: {} });
    expect(support.content).toEqual([{ type: 'text', text: 'apps: yes' }]);

    const offered = modelTools(servers, { disabledServers: [], disabledTools: [] }).tools.map(
      (item) => item.name,
    );
    expect(offered).toContain('apps__show_counter');
    expect(offered).toContain('apps__model_only');
    expect(offered).not.toContain('apps__increment');
    expect(offered).not.toContain('vault__vault_open');
  });

  it('opens a view on the sandbox origin with the policy its resource declares, no looser', async () => {
    const { host, sandbox } = await start(APPS);
    const counter = await run(host, 'apps.open', { server: 'apps', tool: 'show_counter' });
    expect(counter.frameUrl.startsWith(`${sandbox.sandboxOrigin}/view/`)).toBe(true);
    expect(counter.html).toContain('<h1>Counter</h1>');
    expect(counter.prefersBorder).toBe(true);
    const page = await fetch(counter.frameUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'none'");

    const misbehave = await run(host, 'apps.open', { server: 'apps', tool: 'misbehave' });
    expect(misbehave.csp.connectDomains).toEqual(['https://api.example.com']);
    expect(misbehave.refusedSources).toEqual(["'unsafe-eval'", 'http://evil.example.com']);
    const header = (await fetch(misbehave.frameUrl)).headers.get('content-security-policy') ?? '';
    expect(header).toContain('connect-src https://api.example.com;');
    expect(header).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: data:;");
    expect(misbehave.permissions).toEqual({ requested: ['microphone'], granted: [] });

    await run(host, 'apps.setPermissions', {
      server: 'apps',
      resourceUri: 'ui://apps/misbehave.html',
      permissions: ['microphone', 'camera'],
    });
    const again = await run(host, 'apps.open', { server: 'apps', tool: 'misbehave' });
    expect(again.permissions.granted).toEqual(['microphone']);

    await run(host, 'apps.close', { appId: counter.appId, reason: 'test over', confirmed: true });
    expect((await fetch(counter.frameUrl)).status).toBe(404);
    const logs = await run(host, 'servers.logs', { server: 'apps' });
    expect(logs.map((entry) => entry.text)).toContain(
      'The view of show_counter was closed (test over); it confirmed the teardown.',
    );
    await expect(
      run(host, 'apps.callTool', { appId: counter.appId, name: 'increment', args: { by: 1 } }),
    ).rejects.toThrow(/closed/);
  });

  it("asks the person before a view's tool call, and says so when they decline", async () => {
    const { host } = await start(APPS);
    const asked = answerConsent(host, 'once');
    const view = await run(host, 'apps.open', { server: 'apps', tool: 'show_counter' });
    const result = await run(host, 'apps.callTool', {
      appId: view.appId,
      name: 'increment',
      args: { by: 2 },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'count is 2' }]);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ server: 'apps', viaView: 'show_counter', args: { by: 2 } });
    expect(asked[0]?.tool.name).toBe('increment');
    const [recorded] = await run(host, 'audit.list', {});
    expect(recorded).toMatchObject({
      server: 'apps',
      tool: 'increment',
      viaView: 'show_counter',
      decision: 'once',
    });
  });

  it('a declined call comes back to the view as an error result', async () => {
    const { host } = await start(APPS);
    answerConsent(host, 'deny');
    const view = await run(host, 'apps.open', { server: 'apps', tool: 'show_counter' });
    const result = await run(host, 'apps.callTool', {
      appId: view.appId,
      name: 'increment',
      args: { by: 1 },
    });
    expect(result).toEqual({
      content: [{ type: 'text', text: 'The person declined this call.' }],
      isError: true,
    });
  });

  it('refuses, without asking, tools of other servers and tools not visible to apps', async () => {
    const { host } = await start(APPS);
    const asked = answerConsent(host, 'once');
    const view = await run(host, 'apps.open', { server: 'apps', tool: 'misbehave' });
    const call = (name: string) => run(host, 'apps.callTool', { appId: view.appId, name, args: {} });
    await expect(call('model_only')).rejects.toThrow(/not offered to app views/);
    await expect(call('vault_open')).rejects.toThrow(/only tools of its own server/);
    await expect(call('vault__vault_open')).rejects.toThrow(/only tools of its own server/);
    expect(asked).toEqual([]);
    expect(await toolCallsSent(host, 'vault')).toEqual([]);
    expect(await toolCallsSent(host, 'apps')).toEqual([]);
    const logs = await run(host, 'servers.logs', { server: 'apps' });
    expect(logs.some((entry) => entry.text.includes('tried to call "model_only"'))).toBe(true);
  });

  it('with apps off for a server, it does not declare the extension and opens no view', async () => {
    const { host } = await start({ apps: { ...fixtureEntry('apps.mjs'), apps: false } });
    const support = await run(host, 'tools.call', { server: 'apps', tool: 'ui_support', args: {} });
    expect(support.content).toEqual([{ type: 'text', text: 'apps: no' }]);
    await expect(run(host, 'apps.open', { server: 'apps', tool: 'show_counter' })).rejects.toThrow(
      /turned off/,
    );
  });

  it('deleting a conversation cancels what its views wait for', async () => {
    const { host } = await start(APPS);
    const chat = await run(host, 'chat.create', {});
    const asked: ConsentRequest[] = [];
    host.on('consent.requested', (request) => asked.push(request));
    const view = await run(host, 'apps.open', {
      server: 'apps',
      tool: 'show_counter',
      conversationId: chat.id,
    });
    const call = run(host, 'apps.callTool', { appId: view.appId, name: 'increment', args: { by: 1 } });
    await until('the consent request', () => asked.length === 1);
    // Awaited from before the delete: the call may settle while the delete is still under way.
    const cancelled = expect(call).rejects.toThrow(/cancelled/);
    await run(host, 'chat.delete', { id: chat.id });
    await cancelled;
    expect(await run(host, 'consent.pending', {})).toEqual([]);
  });
});
