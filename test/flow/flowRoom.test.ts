// The flow room: where results are reviewed first by default, what the policy forces, and blocking before the policy is read.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlowRoom } from '../../src/main/flow/flowRoom';
import { FlowSettings } from '../../src/main/flow/flowSettings';
import { parsePolicy } from '../../src/main/flow/orgPolicy';
import { ConversationStore } from '../../src/main/storage/conversations';
import type { ServerOriginView } from '../../src/shared/serverApprovals';
import type { ServerEntry, ServerView, ToolView } from '../../src/shared/types';

const fetchTool: ToolView = {
  name: 'fetch',
  inputSchema: { type: 'object' },
  annotations: { openWorldHint: true },
};
const SERVERS: Record<string, { entry: ServerEntry; origin: ServerOriginView['route'] }> = {
  market: { entry: { url: 'https://mcp.example.com/mcp' }, origin: 'registry' },
  linked: { entry: { url: 'https://other.example.com/mcp' }, origin: 'link' },
  typed: { entry: { url: 'https://typed.example.com/mcp' }, origin: 'outside' },
  local: {
    entry: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-fetch'] },
    origin: 'registry',
  },
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'switchboard-flow-room-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function room() {
  const settings = new FlowSettings(join(dir, 'flow-settings.json'));
  await settings.load();
  const conversations = new ConversationStore(join(dir, 'conversations'));
  await conversations.load();
  const flow = new FlowRoom({
    servers: {
      get: (name) => ({ entry: SERVERS[name]!.entry, view: () => ({ tools: [fetchTool] }), note: () => {} }),
      list: () => Object.keys(SERVERS).map((name) => ({ name, tools: [fetchTool] }) as unknown as ServerView),
    },
    settings,
    conversations,
    foldersOf: () => [],
    sandboxActive: () => false,
    originOf: (name) => ({ route: SERVERS[name]!.origin, from: 'a test' }),
    changedSinceGrant: () => false,
    audit: () => {},
    emit: () => {},
  });
  return { flow, conversations };
}

const reviewed = (flow: FlowRoom, server: string) =>
  flow.reviewsFirst(server, fetchTool, flow.labels(server, fetchTool));

describe('FlowRoom', () => {
  it('blocks every server until the policy is read', async () => {
    const { flow } = await room();
    expect(flow.blocked('local', SERVERS.local!.entry)).toMatch(/not been read yet/);
    flow.setPolicies([]);
    expect(flow.blocked('local', SERVERS.local!.entry)).toBeUndefined();
  });

  it('reviews results first for remote servers from the registry or a link, until the person turns it off', async () => {
    const { flow } = await room();
    flow.setPolicies([]);
    expect(Object.keys(SERVERS).map((name) => [name, reviewed(flow, name)])).toEqual([
      ['market', true],
      ['linked', true],
      ['typed', false],
      ['local', false],
    ]);
    await flow.setReview('market', undefined, false);
    expect(reviewed(flow, 'market')).toBe(false);
    await flow.setReview('typed', 'fetch', true);
    expect(reviewed(flow, 'typed')).toBe(true);
    expect(flow.view().servers.find((server) => server.server === 'market')?.review).toEqual({
      on: false,
      source: 'person',
    });
  });

  it('a policy forces review and holds, whatever the person chose', async () => {
    const { flow } = await room();
    flow.setPolicies([
      parsePolicy(
        JSON.stringify({
          version: 1,
          reviewBeforeModel: [{ name: 'market' }],
          alwaysHold: [{ tool: 'fetch' }],
        }),
        'policy.json',
      ),
    ]);
    await flow.setReview('market', undefined, false);
    await flow.setReview('market', 'fetch', false);
    expect(reviewed(flow, 'market')).toBe(true);
    expect(flow.alwaysHeld('local', 'fetch')).toBe(true);
    expect(flow.alwaysHeld('local', 'read')).toBe(false);
  });

  it('marks a conversation by what the person attached, and saves it with the conversation', async () => {
    const { flow, conversations } = await room();
    flow.setPolicies([]);
    const { id } = await conversations.create();
    await conversations.putMessage(id, { id: 'u1', role: 'user', text: 'look', time: 1 });
    await flow.recordContext(id, 'u1', [
      { kind: 'resource', server: 'market', uri: 'https://mcp.example.com/page', contents: [] },
      { kind: 'resource', server: 'local', uri: 'file:///home/me/a.txt', name: 'a.txt', contents: [] },
    ]);
    expect(flow.exposure(id)).toMatchObject({
      privateData: { what: 'a.txt', via: 'resource', messageId: 'u1' },
      outsideContent: { server: 'market', via: 'resource' },
    });
    expect(flow.exposure('')).toBeUndefined();
  });
});
