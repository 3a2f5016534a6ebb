// Tool selection of a conversation: enabled checks, counts and toggles.
import { describe, expect, it } from 'vitest';
import type { ToolSelection } from '../../src/shared/chat';
import {
  countEnabledTools,
  enabledToolCount,
  isToolEnabled,
  matchesTool,
  setServerEnabled,
  setToolEnabled,
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
