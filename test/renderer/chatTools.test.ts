// Tool selection of a conversation: enabled checks, counts, toggles, pins and tool sets.
import { describe, expect, it } from 'vitest';
import type { ToolSelection } from '../../src/shared/chat';
import {
  countEnabledTools,
  enabledToolCount,
  isPinned,
  isToolEnabled,
  matchesTool,
  serversInUse,
  setFromSelection,
  setPinned,
  setServerEnabled,
  setToolEnabled,
  startingSelection,
  switchSet,
} from '../../src/shared/toolSelection';

const none: ToolSelection = { disabledServers: [], disabledTools: [] };
const servers = [
  { name: 'files', tools: [{ name: 'read' }, { name: 'write' }, { name: 'list' }] },
  { name: 'web', tools: [{ name: 'fetch' }] },
];

describe('counting', () => {
  it('counts every tool of every server when nothing is off', () => {
    expect(countEnabledTools(none, servers)).toBe(4);
  });

  it('leaves out switched-off servers and tools', () => {
    const selection = setToolEnabled(setServerEnabled(none, 'web', false), 'files', 'write', false);
    expect(countEnabledTools(selection, servers)).toBe(2);
    expect(enabledToolCount(selection, servers[1]!)).toBe(0);
    expect(isToolEnabled(selection, 'files', 'write')).toBe(false);
    expect(isToolEnabled(selection, 'files', 'read')).toBe(true);
    expect(isToolEnabled(selection, 'web', 'fetch')).toBe(false);
  });
});

describe('toggles', () => {
  it('turns a server off and on without touching its tools’ own switches', () => {
    const off = setServerEnabled(setToolEnabled(none, 'files', 'read', false), 'files', false);
    expect(off.disabledServers).toEqual(['files']);
    const on = setServerEnabled(off, 'files', true);
    expect(on.disabledServers).toEqual([]);
    expect(on.disabledTools).toEqual([{ server: 'files', tool: 'read' }]);
  });

  it('is idempotent and does not list a tool twice', () => {
    const once = setToolEnabled(none, 'files', 'read', false);
    expect(setToolEnabled(once, 'files', 'read', false).disabledTools).toHaveLength(1);
    expect(setToolEnabled(once, 'files', 'read', true)).toEqual(none);
    expect(setServerEnabled(setServerEnabled(none, 'web', false), 'web', false).disabledServers).toEqual([
      'web',
    ]);
  });

  it('keeps a same-named tool of another server apart', () => {
    const selection = setToolEnabled(none, 'files', 'fetch', false);
    expect(isToolEnabled(selection, 'web', 'fetch')).toBe(true);
  });
});

describe('matchesTool', () => {
  it('matches every word against name, title and description', () => {
    const tool = { name: 'read_file', description: 'Reads a file from disk' };
    expect(matchesTool(tool, '')).toBe(true);
    expect(matchesTool(tool, 'READ disk')).toBe(true);
    expect(matchesTool(tool, 'write')).toBe(false);
  });
});

describe('a choice from a tool set', () => {
  const writing: ToolSelection = {
    ...none,
    set: 'Writing',
    servers: ['files'],
    tools: [{ server: 'web', tool: 'fetch' }],
  };
  const more = [...servers, { name: 'mail', tools: [{ name: 'send' }, { name: 'read' }] }];

  it('offers only its servers and single tools, not servers added later', () => {
    expect(countEnabledTools(writing, more)).toBe(4);
    expect(isToolEnabled(writing, 'mail', 'send')).toBe(false);
    expect(serversInUse(writing, more).map((server) => server.name)).toEqual(['files', 'web']);
  });

  it('adds a whole server or one tool when switched on, and takes either out when switched off', () => {
    const withMail = setServerEnabled(writing, 'mail', true);
    expect(withMail.servers).toEqual(['files', 'mail']);
    expect(countEnabledTools(withMail, more)).toBe(6);
    const oneTool = setToolEnabled(writing, 'mail', 'read', true);
    expect(oneTool.tools).toContainEqual({ server: 'mail', tool: 'read' });
    expect(enabledToolCount(oneTool, more[2]!)).toBe(1);
    const noFiles = setServerEnabled(writing, 'files', false);
    expect(countEnabledTools(noFiles, more)).toBe(1);
    expect(setServerEnabled(noFiles, 'files', true)).toEqual({ ...writing, disabledServers: [] });
  });

  it('switches sets keeping the pins, and starts new conversations with the default set', () => {
    const pinned = setPinned(none, 'web', 'fetch', true);
    expect(isPinned(pinned, 'web', 'fetch')).toBe(true);
    const set = { name: 'Code', servers: ['files'], pinned: [{ server: 'files', tool: 'read' }] };
    const switched = switchSet(pinned, set);
    expect(switched).toMatchObject({ set: 'Code', servers: ['files'], tools: [] });
    expect(switched.pinned).toEqual([
      { server: 'web', tool: 'fetch' },
      { server: 'files', tool: 'read' },
    ]);
    expect(switchSet(switched, undefined)).toEqual({ ...none, pinned: switched.pinned });
    expect(startingSelection([set, { name: 'Other', default: true, servers: ['web'] }]).servers).toEqual([
      'web',
    ]);
    expect(startingSelection([set])).toEqual(none);
  });

  it('saves a conversation’s choice as whole servers and single tools', () => {
    const choice = setToolEnabled(setServerEnabled(none, 'web', false), 'files', 'write', false);
    expect(setFromSelection('Mine', setPinned(choice, 'files', 'read', true), servers)).toEqual({
      name: 'Mine',
      servers: [],
      tools: [
        { server: 'files', tool: 'read' },
        { server: 'files', tool: 'list' },
      ],
      pinned: [{ server: 'files', tool: 'read' }],
    });
    expect(setFromSelection('All', none, servers)).toEqual({ name: 'All', servers: ['files', 'web'] });
  });
});
