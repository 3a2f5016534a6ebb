// Servers that need the person, and the tools menu's words for what the model cannot use now.
import { describe, expect, it } from 'vitest';
import {
  needsAttention,
  unavailableServers,
  unavailableText,
} from '../../src/renderer/src/features/servers/attention';
import { listServers, serversInitial } from '../../src/renderer/src/store/serversSlice';
import type { ConnectionState, ServerView } from '../../src/shared/types';

const NONE = { disabledServers: [], disabledTools: [] };
const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });

function view(name: string, state: ConnectionState, tools = 0, disabled = false): ServerView {
  return {
    name,
    entry: { command: 'x', ...(disabled ? { disabled } : {}) },
    transport: 'stdio',
    state,
    tools: Array.from({ length: tools }, (_, index) => tool(`t${index}`)),
    prompts: [],
    resources: [],
    resourceTemplates: [],
  };
}

const failed: ConnectionState = { kind: 'error', error: { message: 'gone', stderrTail: [] } };

describe('needsAttention', () => {
  it('is true for a failed server and one waiting for a sign-in, not for the person’s own stop', () => {
    expect(needsAttention(view('a', failed))).toBe(true);
    expect(
      needsAttention(view('a', { kind: 'sign-in-required', message: 'x' } as unknown as ConnectionState)),
    ).toBe(true);
    expect(needsAttention(view('a', { kind: 'stopped' }))).toBe(false);
    expect(needsAttention(view('a', { kind: 'running', since: 1 }))).toBe(false);
    expect(needsAttention(view('a', { kind: 'restarting', attempt: 1 }))).toBe(false);
    expect(needsAttention(view('a', failed, 0, true))).toBe(false);
  });
});

describe('unavailableServers and unavailableText', () => {
  it('counts the tools a failed server had when it last ran', () => {
    const ran = listServers(serversInitial, [view('github', { kind: 'running', since: 1 }, 2)]);
    const now = listServers(ran, [view('github', failed), view('tidy', { kind: 'running', since: 1 }, 3)]);
    const list = unavailableServers(Object.values(now.servers), now.lastToolCounts, NONE);
    expect(list).toEqual([{ server: 'github', trouble: 'notRunning', tools: 2 }]);
    expect(unavailableText(list)).toBe('2 tools unavailable: github is not running');
  });

  it('says so without a count when none is known, and names every server', () => {
    const list = unavailableServers(
      [view('github', failed), view('files', { kind: 'sign-in-required' } as unknown as ConnectionState, 1)],
      {},
      NONE,
    );
    expect(unavailableText(list)).toBe(
      'Tools unavailable: github is not running, files needs you to sign in',
    );
    expect(unavailableText([{ server: 'a', trouble: 'notRunning', tools: 1 }])).toBe(
      '1 tool unavailable: a is not running',
    );
  });

  it('leaves out a server switched off for this conversation', () => {
    const list = unavailableServers(
      [view('github', failed, 2)],
      {},
      { ...NONE, disabledServers: ['github'] },
    );
    expect(list).toEqual([]);
  });
});
