// Tool labels: from annotations, shared folders, the network a sandbox leaves, the built-in list, and the person's own marks.
import { describe, expect, it } from 'vitest';
import { packageOf } from '../../src/main/flow/entryPackage';
import { knownServerOf } from '../../src/main/flow/knownServers';
import { type FlowServer, labelsOf } from '../../src/main/flow/labels';
import { networkReach } from '../../src/main/flow/networkReach';
import type { ToolLabels } from '../../src/shared/flow';
import type { ServerEntry, ToolView } from '../../src/shared/types';

const tool = (name: string, annotations?: ToolView['annotations']): ToolView => ({
  name,
  inputSchema: { type: 'object' },
  ...(annotations ? { annotations } : {}),
});
const local: ServerEntry = { command: 'node', args: ['server.js'] };
const remote: ServerEntry = { url: 'https://mcp.example.com/mcp' };

function server(entry: ServerEntry, extra: Partial<FlowServer> = {}): FlowServer {
  return { entry, hasRoots: false, reach: networkReach(entry, false), known: knownServerOf(entry), ...extra };
}

/** The labels as `on` values with their sources, for compact expectations. */
function shown(labels: ToolLabels) {
  return Object.fromEntries(
    Object.entries(labels).map(([key, value]) => [key, `${value.on} ${value.source}`]),
  );
}

describe('labelsOf', () => {
  it('reads private data where folders are shared, and always for the workspace server', () => {
    expect(labelsOf(server(local), tool('read')).privateData.on).toBe(false);
    expect(labelsOf(server(local, { hasRoots: true }), tool('read')).privateData).toMatchObject({
      on: true,
      source: 'server',
    });
    const workspace = server({ command: 'builtin:workspace' });
    expect(labelsOf(workspace, tool('read_file')).privateData).toMatchObject({ on: true, source: 'server' });
  });

  it('brings in outside content by the openWorldHint claim, by being remote, or by the built-in list', () => {
    expect(labelsOf(server(local), tool('greet')).outsideContent.on).toBe(false);
    expect(labelsOf(server(local), tool('fetch', { openWorldHint: true })).outsideContent).toMatchObject({
      on: true,
      source: 'annotation',
    });
    // A remote server's claim of a closed world lowers nothing the host cannot check.
    expect(labelsOf(server(remote), tool('search', { openWorldHint: false })).outsideContent).toMatchObject({
      on: true,
      source: 'server',
    });
    const fetchServer = server({ command: 'uvx', args: ['mcp-server-fetch'] });
    expect(shown(labelsOf(fetchServer, tool('fetch', { readOnlyHint: true })))).toEqual({
      privateData: 'false default',
      outsideContent: 'true built-in',
      sendsOut: 'true built-in',
      runsCode: 'false annotation',
    });
    expect(labelsOf(fetchServer, tool('other')).outsideContent.on).toBe(false);
  });

  it('can send data out unless read-only or sandboxed without network, and only while that sandbox really runs', () => {
    expect(labelsOf(server(local), tool('post')).sendsOut).toMatchObject({ on: true, source: 'server' });
    expect(labelsOf(server(local), tool('read', { readOnlyHint: true })).sendsOut).toMatchObject({
      on: false,
      source: 'annotation',
    });
    expect(labelsOf(server(remote), tool('post')).sendsOut.on).toBe(true);

    const noNetwork = { command: 'node', args: ['s.js'], sandbox: { network: 'none' } } as ServerEntry;
    expect(networkReach(noNetwork, true)).toBe('none');
    expect(networkReach(noNetwork, false)).toBe('any');
    expect(
      labelsOf(server(noNetwork, { reach: networkReach(noNetwork, true) }), tool('post')).sendsOut,
    ).toMatchObject({ on: false, source: 'server' });
    expect(labelsOf(server(noNetwork), tool('post')).sendsOut.on).toBe(true);

    // A sandbox with a host list, the default host list, or off still reaches out.
    const hosts = { command: 'node', sandbox: { network: ['api.example.com'] } } as ServerEntry;
    expect(networkReach(hosts, true)).toBe('limited');
    expect(networkReach({ command: 'npx', args: ['-y', '@acme/server'] }, true)).toBe('limited');
    // A default list with no host in it (nothing to download, no address in the arguments) is no network.
    expect(networkReach(local, true)).toBe('none');
    expect(networkReach({ command: 'node', sandbox: { network: [] } } as ServerEntry, true)).toBe('none');
    expect(networkReach({ command: 'node', sandbox: { network: 'any' } } as ServerEntry, true)).toBe('any');
    expect(networkReach({ command: 'node', sandbox: false } as ServerEntry, true)).toBe('any');
    expect(networkReach(remote, true)).toBe('any');
    expect(labelsOf(server(hosts, { reach: 'limited' }), tool('post')).sendsOut.on).toBe(true);
  });

  it('runs code by the built-in list, or by whole words of its name, whatever the server claims', () => {
    const runs = (name: string, annotations?: ToolView['annotations'], entry = local) =>
      labelsOf(server(entry), tool(name, annotations)).runsCode;
    for (const name of [
      'run_command',
      'runCommand',
      'run-code',
      'execute_command',
      'exec',
      'shell.exec',
      'bash',
      'open_terminal',
      'eval_js',
      'python_repl',
      'spawnProcess',
      'start_process',
      'RunPythonScript',
    ])
      expect(runs(name), name).toMatchObject({ on: true, source: 'name' });
    expect(runs('run_command').why).toBe('its name says it runs code (“run command”)');
    for (const name of [
      'read_file',
      'executive_summary',
      'shellfish',
      'evaluate_answer',
      'run_query',
      'runtime_info',
      'get_process',
      'bashful',
      'search_pythons',
    ])
      expect(runs(name), name).toMatchObject({ on: false, source: 'default' });
    // A server's unchecked claim that it only reads does not lower what the name says.
    expect(runs('run_command', { readOnlyHint: true })).toMatchObject({ on: true, source: 'name' });
    expect(runs('lookup', { readOnlyHint: true })).toMatchObject({ on: false, source: 'annotation' });
    expect(runs('run_command', { readOnlyHint: false }).on).toBe(true);
    // Where the sandbox leaves no network, code still runs.
    const noNetwork = { command: 'node', args: ['s.js'], sandbox: { network: 'none' } } as ServerEntry;
    expect(labelsOf(server(noNetwork, { reach: 'none' }), tool('shell')).runsCode.on).toBe(true);

    const playwright = { command: 'npx', args: ['@playwright/mcp@latest'] };
    expect(runs('browser_evaluate', { readOnlyHint: true }, playwright)).toMatchObject({
      on: true,
      source: 'built-in',
    });
    expect(runs('browser_run_code_unsafe', undefined, playwright).why).toMatch(
      'a known tool of io.github.microsoft/playwright-mcp',
    );
    expect(runs('browser_snapshot', undefined, playwright).on).toBe(false);
    const puppeteer = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-puppeteer'] };
    expect(runs('puppeteer_evaluate', undefined, puppeteer).source).toBe('built-in');
  });

  it('lets the person mark and unmark any label, over every rule', () => {
    const labels = labelsOf(server(local, { hasRoots: true }), tool('mail', { readOnlyHint: true }), {
      outsideContent: true,
      sendsOut: true,
      privateData: false,
      runsCode: true,
    });
    expect(shown(labels)).toEqual({
      privateData: 'false person',
      outsideContent: 'true person',
      sendsOut: 'true person',
      runsCode: 'true person',
    });
    const unmarked = labelsOf(server(local), tool('run_command'), { runsCode: false });
    expect(unmarked.runsCode).toEqual({ on: false, source: 'person', why: 'you unmarked it' });
  });
});

describe('packageOf', () => {
  it('names the package a runner starts, without its version', () => {
    expect(packageOf({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-fetch@1.2.0'] })).toBe(
      '@modelcontextprotocol/server-fetch',
    );
    expect(packageOf({ command: '/usr/bin/uvx', args: ['mcp-server-fetch==2025.1'] })).toBe(
      'mcp-server-fetch',
    );
    expect(
      packageOf({ command: 'docker', args: ['run', '-i', '--rm', '-e', 'TOKEN', 'mcp/fetch:latest'] }),
    ).toBe('mcp/fetch');
    expect(packageOf({ command: 'pnpm', args: ['dlx', '@playwright/mcp'] })).toBe('@playwright/mcp');
    expect(packageOf({ command: 'node', args: ['server.js'] })).toBeUndefined();
    expect(packageOf(remote)).toBeUndefined();
  });
});
