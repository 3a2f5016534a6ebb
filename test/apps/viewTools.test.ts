// Tools a view offers the model: named in the host's namespace, at most 50, its conversation's only, every call settled.
import { describe, expect, it } from 'vitest';
import { MAX_VIEW_TOOLS, type ViewToolAsk, ViewTools } from '../../src/main/apps/viewTools';
import type { ToolView } from '../../src/shared/types';

const tool = (name: string): ToolView => ({
  name,
  description: `Does ${name}.`,
  inputSchema: { type: 'object' },
});
const owner = (appId: string, conversationId = 'c1') => ({
  appId,
  server: 'notes',
  viewOf: 'show_notes',
  conversationId,
});

function room(timeoutMs?: number) {
  const asked: ViewToolAsk[] = [];
  const tools = new ViewTools((call) => asked.push(call), timeoutMs);
  return { tools, asked };
}

describe('ViewTools', () => {
  it("offers a view's tools to its conversation only, under the host's namespace, and routes a name back", () => {
    const { tools } = room();
    expect(tools.set(owner('a'), [tool('get_notes'), tool('add_note')])).toEqual({
      offered: ['get_notes', 'add_note'],
      refused: [],
    });
    expect(tools.definitions('c1').map((definition) => definition.name)).toEqual([
      'switchboard__view1_get_notes',
      'switchboard__view1_add_note',
    ]);
    expect(tools.definitions('c1')[0]?.description).toBe(
      'Does get_notes. (a tool of the open view of show_notes from notes)',
    );
    expect(tools.definitions('c2')).toEqual([]);
    expect(tools.find('c1', 'switchboard__view1_add_note')?.tool.name).toBe('add_note');
    expect(tools.find('c2', 'switchboard__view1_add_note')).toBeUndefined();
  });

  it('refuses tools beyond 50, repeated names and names that are not plain', () => {
    const { tools } = room();
    const many = Array.from({ length: MAX_VIEW_TOOLS + 2 }, (_, index) => tool(`t${index}`));
    const outcome = tools.set(owner('a'), [tool('bad name'), tool('t0'), ...many, tool('x'.repeat(49))]);
    expect(outcome.offered).toHaveLength(MAX_VIEW_TOOLS);
    expect(outcome.refused).toEqual(['bad name', 't0', 't50', 't51', 'x'.repeat(49)]);
  });

  it("hands a call to the view and resolves with its answer; another view's answer does not count", async () => {
    const { tools, asked } = room();
    tools.set(owner('a'), [tool('get_notes')]);
    const route = tools.find('c1', 'switchboard__view1_get_notes');
    if (!route) throw new Error('not offered');
    const calling = tools.call(route, { q: 1 }, new AbortController().signal);
    expect(asked).toEqual([{ appId: 'a', requestId: expect.any(String), name: 'get_notes', args: { q: 1 } }]);
    const requestId = asked[0]?.requestId ?? '';
    tools.answer({ appId: 'b', requestId, result: { content: [{ type: 'text', text: 'forged' }] } });
    tools.answer({ appId: 'a', requestId, result: { content: [{ type: 'text', text: 'two notes' }] } });
    await expect(calling).resolves.toEqual({ content: [{ type: 'text', text: 'two notes' }] });
  });

  it('settles a waiting call when the view closes, and refuses calls once it is closed', async () => {
    const { tools } = room();
    tools.set(owner('a'), [tool('get_notes')]);
    const route = tools.find('c1', 'switchboard__view1_get_notes');
    if (!route) throw new Error('not offered');
    const calling = tools.call(route, {}, new AbortController().signal);
    tools.end('a');
    await expect(calling).rejects.toThrow('The view of show_notes closed before it answered.');
    expect(tools.definitions('c1')).toEqual([]);
    await expect(tools.call(route, {}, new AbortController().signal)).rejects.toThrow(
      'The view of show_notes that offered get_notes is closed, so its tool is gone.',
    );
  });

  it('settles a call the view does not answer in time, and one the reply stops', async () => {
    const { tools } = room(20);
    tools.set(owner('a'), [tool('get_notes')]);
    const route = tools.find('c1', 'switchboard__view1_get_notes');
    if (!route) throw new Error('not offered');
    await expect(tools.call(route, {}, new AbortController().signal)).rejects.toThrow(
      'The view did not answer get_notes within 0.02 s.',
    );
    const stop = new AbortController();
    const calling = tools.call(route, {}, stop.signal);
    stop.abort();
    await expect(calling).rejects.toThrow('The call was cancelled.');
  });
});
