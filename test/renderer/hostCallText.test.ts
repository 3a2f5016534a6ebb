// The one line of a host tool's card: what search found, and which characters of a kept result the model read.
import { describe, expect, it } from 'vitest';
import { hostCallLine } from '../../src/renderer/src/features/chat/hostCallText';
import type { ToolCallView } from '../../src/shared/chat';

const call = (tool: string, more: Partial<ToolCallView>): ToolCallView => ({
  id: 'c',
  server: '',
  tool,
  name: `switchboard__${tool}`,
  args: {},
  status: 'done',
  host: true,
  ...more,
});
const answer = (text: string, isError = false) => ({ content: [{ type: 'text' as const, text }], isError });

describe('a host call’s line', () => {
  it('says which characters of a kept result were read, from the answer’s first line only', () => {
    const read = call('read_result', {
      result: answer('[r-1: characters 0 to 39 of 300,000; the next offset is 40]\nsecret middle text'),
    });
    expect(hostCallLine(read)).toEqual({
      title: 'Read a kept result',
      detail: 'r-1: characters 0 to 39 of 300,000; the next offset is 40',
    });
  });

  it('says why a kept result could not be read, and when the read is under way or ended without an answer', () => {
    const missing = call('read_result', {
      result: answer('There is no kept result "r-x" in this conversation.', true),
    });
    expect(hostCallLine(missing).detail).toBe(
      'could not: There is no kept result "r-x" in this conversation.',
    );
    expect(hostCallLine(call('read_result', { status: 'running' })).detail).toBe('reading…');
    expect(hostCallLine(call('read_result', { status: 'cancelled' })).detail).toBe('cancelled');
  });

  it('lists what a search found', () => {
    const found = { tools: [{ name: 'github__create_issue' }, { name: 'jira__create_issue' }] };
    const search = call('search_tools', {
      args: { query: 'create issue' },
      result: { content: [], structuredContent: found },
    });
    expect(hostCallLine(search)).toEqual({
      title: 'Looked for tools',
      detail: '“create issue” → github__create_issue, jira__create_issue',
    });
    expect(hostCallLine(call('search_tools', { status: 'running' })).detail).toBe('with no words (looking…)');
  });
});
