// The host against the reference server-everything over stdio: start, discovery, a tool call, logging, list changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConnection } from '../src/main/servers/session/connection';
import type { ServerView, WireEntry } from '../src/shared/types';
import { Connections, everythingEntry, until } from './helpers';

const connections = new Connections();
let everything: ServerConnection;
const views: ServerView[] = [];

beforeAll(async () => {
  everything = connections.create('everything', everythingEntry(), {
    // Declaring sampling and elicitation makes the server add its conditional tools after initialize.
    capabilities: { sampling: {}, elicitation: { form: {} } },
  });
  everything.onDidChange((view) => views.push(view));
  await everything.start();
}, 30_000);

afterAll(() => connections.stopAll(), 20_000);

describe('server-everything over stdio', { timeout: 20_000 }, () => {
  it('becomes running with a pid', () => {
    const view = everything.view();
    expect(view.state.kind, JSON.stringify(view.state)).toBe('running');
    expect(view.transport).toBe('stdio');
    expect(view.pid).toBeTypeOf('number');
    expect(everything.pid).toBe(view.pid);
  });

  it('reports the server info, instructions and capabilities', () => {
    const view = everything.view();
    expect(view.info).toMatchObject({ name: 'mcp-servers/everything', title: 'Everything Reference Server' });
    expect(view.info?.version).toBeTypeOf('string');
    expect(view.instructions).toBeTypeOf('string');
    expect(view.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(view.capabilities ?? {})).toEqual(
      expect.arrayContaining(['tools', 'prompts', 'resources', 'logging']),
    );
  });

  it('lists its tools, prompts, resources and resource templates', async () => {
    const view = await until('all four lists', () => {
      const v = everything.view();
      return v.tools.length > 0 && v.resourceTemplates.length > 0 ? v : undefined;
    });
    const toolNames = view.tools.map((tool) => tool.name);
    expect(toolNames).toEqual(
      expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'toggle-simulated-logging']),
    );
    expect(new Set(toolNames).size).toBe(toolNames.length);
    const echo = view.tools.find((tool) => tool.name === 'echo');
    expect(echo?.inputSchema).toMatchObject({ type: 'object' });
    expect(view.prompts.map((prompt) => prompt.name).sort()).toEqual([
      'args-prompt',
      'completable-prompt',
      'resource-prompt',
      'simple-prompt',
    ]);
    const args = view.prompts.find((prompt) => prompt.name === 'args-prompt');
    expect(args?.arguments?.find((arg) => arg.name === 'city')?.required).toBe(true);
    expect(view.resources).toHaveLength(7);
    for (const resource of view.resources) expect(resource.uri).toMatch(/^demo:\/\//);
    expect(view.resourceTemplates.map((template) => template.uriTemplate).sort()).toEqual([
      'demo://resource/dynamic/blob/{resourceId}',
      'demo://resource/dynamic/text/{resourceId}',
    ]);
  });

  it('returns the echoed text from the echo tool', async () => {
    const result = await everything.callTool('echo', { message: 'hello from switchboard' });
    expect(result.isError ?? false).toBe(false);
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: hello from switchboard' }]);
  });

  it('records the tool call on the wire', () => {
    const call = everything
      .wire()
      .find(
        (frame) =>
          frame.direction === 'out' && (frame.message as { method?: string }).method === 'tools/call',
      );
    expect(call?.message).toMatchObject({
      params: { name: 'echo', arguments: { message: 'hello from switchboard' } },
    });
  });

  it('shows log notifications once the log level is debug', { timeout: 20_000 }, async () => {
    await everything.setLogLevel('debug');
    expect(everything.view().logLevel).toBe('debug');
    // The server sends one message at once when simulated logging starts, then one every 5 s.
    await everything.callTool('toggle-simulated-logging', {});
    const entry = await until(
      'a notifications/message in the log',
      () => everything.logs().find((log) => log.source === 'notification'),
      12_000,
    );
    expect(entry.text).toMatch(/message/i);
    expect(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']).toContain(
      entry.level,
    );
    await everything.callTool('toggle-simulated-logging', {});
  });

  it('refreshes its tool list when the server sends tools/list_changed', async () => {
    const method = (frame: WireEntry) => (frame.message as { method?: string }).method;
    // The client waits a little after list_changed before fetching again.
    const refetched = await until(
      'a tools/list sent after notifications/tools/list_changed',
      () => {
        const wire = everything.wire();
        const changed = wire.findIndex(
          (frame) => frame.direction === 'in' && method(frame) === 'notifications/tools/list_changed',
        );
        if (changed < 0) return undefined;
        return wire
          .slice(changed + 1)
          .find((frame) => frame.direction === 'out' && method(frame) === 'tools/list');
      },
      5000,
    );
    const id = (refetched.message as { id?: number | string }).id;
    await until('the answer to that tools/list', () =>
      everything
        .wire()
        .some((frame) => frame.direction === 'in' && (frame.message as { id?: unknown }).id === id),
    );
    await until('the view to hold the refreshed list', () =>
      everything.view().tools.some((tool) => tool.name === 'trigger-sampling-request'),
    );
    expect(everything.view().tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['echo', 'trigger-sampling-request', 'trigger-elicitation-request']),
    );
  });

  it('announces each change through onDidChange', () => {
    expect(views.map((view) => view.state.kind)).toContain('starting');
    expect(views.at(-1)?.state.kind).toBe('running');
  });
});
