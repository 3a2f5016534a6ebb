import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { modelTools } from '../../src/main/chat/modelTools';
import { APPS_CAPABILITY, capabilitiesFor, withToolUi } from '../../src/main/servers/catalogue/appMeta';
import { appMayCall, isAppOnly, showsView, visibleToApp, visibleToModel } from '../../src/shared/apps';
import type { ServerView, ToolView } from '../../src/shared/types';

const raw = (name: string, meta?: Record<string, unknown>): Tool =>
  ({ name, inputSchema: { type: 'object' }, ...(meta ? { _meta: meta } : {}) }) as Tool;

function read(tool: Tool): { view: ToolView; problems: string[] } {
  const problems: string[] = [];
  return { view: withToolUi(tool, (text) => problems.push(text)), problems };
}

describe("reading a tool's _meta.ui", () => {
  it('leaves a tool without ui metadata visible to both, with no view', () => {
    const { view } = read(raw('plain'));
    expect(view.ui).toBeUndefined();
    expect(visibleToModel(view)).toBe(true);
    expect(visibleToApp(view)).toBe(true);
  });

  it('takes the nested resourceUri and defaults visibility to model and app', () => {
    const { view } = read(raw('chart', { ui: { resourceUri: 'ui://s/chart.html' } }));
    expect(view.ui).toEqual({ resourceUri: 'ui://s/chart.html', visibility: ['model', 'app'] });
  });

  it('still reads the deprecated flat key', () => {
    const { view } = read(raw('old', { 'ui/resourceUri': 'ui://s/old.html' }));
    expect(view.ui?.resourceUri).toBe('ui://s/old.html');
  });

  it('reads app-only, model-only and an empty visibility', () => {
    const appOnly = read(raw('refresh', { ui: { visibility: ['app'] } })).view;
    expect(isAppOnly(appOnly)).toBe(true);
    expect(visibleToModel(appOnly)).toBe(false);
    const modelOnly = read(raw('secret', { ui: { visibility: ['model'] } })).view;
    expect(visibleToApp(modelOnly)).toBe(false);
    expect(visibleToModel(modelOnly)).toBe(true);
    const nobody = read(raw('nobody', { ui: { visibility: [] } })).view;
    expect(visibleToModel(nobody)).toBe(false);
    expect(visibleToApp(nobody)).toBe(false);
  });

  it('ignores unknown audiences and a visibility that is not a list', () => {
    expect(read(raw('odd', { ui: { visibility: ['app', 'everyone'] } })).view.ui?.visibility).toEqual([
      'app',
    ]);
    expect(
      read(raw('text', { ui: { resourceUri: 'ui://s/v', visibility: 'app' } })).view.ui?.visibility,
    ).toEqual(['model', 'app']);
  });

  it('reports a view that is not ui:// and shows the tool without it', () => {
    const { view, problems } = read(raw('web', { ui: { resourceUri: 'https://evil.example.com/page' } }));
    expect(view.ui).toBeUndefined();
    expect(problems).toEqual([expect.stringContaining('not a ui:// resource')]);
  });

  it("does not keep a server's own top-level ui field", () => {
    const spoofed = {
      ...raw('spoof'),
      ui: { resourceUri: 'ui://x', visibility: ['app'] },
    } as unknown as Tool;
    expect(read(spoofed).view.ui).toBeUndefined();
  });
});

describe('who may call what', () => {
  const tool = (visibility: ('model' | 'app')[]): ToolView => ({
    name: 't',
    inputSchema: {},
    ui: { visibility },
  });

  it("lets a view call only its own server's tools that are visible to apps", () => {
    expect(appMayCall('a', 'a', tool(['app']))).toBe(true);
    expect(appMayCall('a', 'a', tool(['model', 'app']))).toBe(true);
    expect(appMayCall('a', 'a', tool(['model']))).toBe(false);
    expect(appMayCall('a', 'b', tool(['app']))).toBe(false);
    expect(appMayCall('a', 'a', undefined)).toBe(false);
  });

  it('offers the model every running tool but the app-only ones', () => {
    const server = (name: string, tools: ToolView[]): ServerView => ({
      name,
      entry: { command: 'x' },
      transport: 'stdio',
      state: { kind: 'running', since: 0 },
      tools,
      prompts: [],
      resources: [],
      resourceTemplates: [],
    });
    const views = [
      server('a', [
        { ...tool(['model', 'app']), name: 'both' },
        { ...tool(['app']), name: 'apponly' },
        { ...tool(['model']), name: 'modelonly' },
        { name: 'plain', inputSchema: {} },
      ]),
    ];
    const offered = modelTools(views, { disabledServers: [], disabledTools: [] }).tools.map(
      (item) => item.name,
    );
    expect(offered).toEqual(['a__both', 'a__modelonly', 'a__plain']);
  });

  it('shows a view only when the tool has one and the server has apps on', () => {
    const withView: ToolView = {
      name: 'v',
      inputSchema: {},
      ui: { resourceUri: 'ui://v', visibility: ['model'] },
    };
    const on = { entry: { command: 'x' } } as ServerView;
    const off = { entry: { command: 'x', apps: false } } as ServerView;
    expect(showsView(on, withView)).toBe(true);
    expect(showsView(off, withView)).toBe(false);
    expect(showsView(on, { name: 'p', inputSchema: {} })).toBe(false);
  });
});

describe('the apps capability', () => {
  it('is declared as an extension, and left out for a server with apps off', () => {
    const base = { sampling: {}, ...APPS_CAPABILITY };
    expect(capabilitiesFor({ command: 'x' }, base).extensions).toEqual({
      'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
    });
    const off = capabilitiesFor({ command: 'x', apps: false }, base);
    expect(off.extensions).toBeUndefined();
    expect(off.sampling).toEqual({});
    const other = capabilitiesFor(
      { command: 'x', apps: false },
      { extensions: { ...APPS_CAPABILITY.extensions, 'example/other': {} } },
    );
    expect(other.extensions).toEqual({ 'example/other': {} });
  });
});
