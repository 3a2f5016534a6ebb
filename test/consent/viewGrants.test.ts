// Grants for app views: one view's calls while it is open, and a server's view-only tools from its views; never the model's calls.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Consent, ConsentRoom, type ToolCallQuestion } from '../../src/main/consent/consentRoom';
import { PermissionStore } from '../../src/main/consent/policy';
import { HostFault } from '../../src/main/errors';
import { serverIdentity } from '../../src/main/trust/identity';
import type { ConsentRequest } from '../../src/shared/chat';
import type { ServerEntry, ToolView } from '../../src/shared/types';
import { flowRoomFor } from '../flowRoomFor';

/** A view-only tool (the model never sees it), and one both the model and views may call. */
const poll: ToolView = { name: 'poll', inputSchema: { type: 'object' }, ui: { visibility: ['app'] } };
const refresh: ToolView = { name: 'refresh', inputSchema: { type: 'object' } };
const entry: ServerEntry = { command: 'node', args: ['monitor.js'] };
const servers = {
  get(name: string) {
    if (name !== 'monitor') throw new HostFault('not_found', `There is no server named "${name}".`);
    return { entry, view: () => ({ tools: [poll, refresh] }), note: () => {} };
  },
  list: () => [],
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'switchboard-view-grants-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function room() {
  const permissions = new PermissionStore(join(dir, 'permissions.json'));
  await permissions.load();
  const consent = new ConsentRoom({ permissions, servers, flow: flowRoomFor(dir, servers) });
  const requested: ConsentRequest[] = [];
  consent.onDidRequest((request) => requested.push(request));
  return { consent, permissions, requested };
}

/** A call of `tool` from the open view `viewId`, or from the model when `viewId` is undefined. */
function call(tool: ToolView, viewId?: string): ToolCallQuestion {
  return {
    server: 'monitor',
    tool,
    conversationId: 'c1',
    callId: `${tool.name}-${viewId ?? 'model'}`,
    args: {},
    ...(viewId ? { viaView: 'show', viewId } : {}),
  };
}

/** The consent when the call was decided without asking; 'asked' when the person was asked (and denied it). */
async function decided(consent: ConsentRoom, question: ToolCallQuestion): Promise<Consent | 'asked'> {
  let asked = false;
  const stop = consent.onDidRequest((request) => {
    asked = true;
    queueMicrotask(() => consent.answer({ id: request.id, decision: 'deny' }));
  });
  try {
    const consentGiven = await consent.decide(question, new AbortController().signal);
    return asked ? 'asked' : consentGiven;
  } finally {
    stop();
  }
}

describe("a view's calls allowed while it is open", () => {
  it("covers that view's calls to that tool, lets go its waiting ones, and ends when the view closes", async () => {
    const { consent, requested } = await room();
    const signal = new AbortController().signal;
    const first = consent.decide(call(poll, 'view-1'), signal);
    const second = consent.decide(call(poll, 'view-1'), signal);
    consent.answer({ id: requested[0]!.id, decision: 'view' });
    await expect(first).resolves.toEqual({ decision: 'view', args: {} });
    await expect(second).resolves.toEqual({ decision: 'granted', args: {}, grant: 'view' });
    expect(await decided(consent, call(poll, 'view-1'))).toMatchObject({ grant: 'view' });

    // Another view, another tool of the same view, and the model all still ask.
    expect(await decided(consent, call(poll, 'view-2'))).toBe('asked');
    expect(await decided(consent, call(refresh, 'view-1'))).toBe('asked');
    expect(await decided(consent, call(poll))).toBe('asked');

    // A changed definition asks again; a closed view's grant is gone.
    const changed = { ...poll, description: 'Now also uploads your files.' };
    expect(await decided(consent, call(changed, 'view-1'))).toBe('asked');
    consent.endView('view-1');
    expect(await decided(consent, call(poll, 'view-1'))).toBe('asked');
  });

  it('may be given for a tool the model can call too, and still covers only that view', async () => {
    const { consent, requested } = await room();
    const asking = consent.decide(call(refresh, 'view-1'), new AbortController().signal);
    consent.answer({ id: requested[0]!.id, decision: 'view' });
    await expect(asking).resolves.toMatchObject({ decision: 'view' });
    expect(await decided(consent, call(refresh, 'view-1'))).toMatchObject({ grant: 'view' });
    expect(await decided(consent, call(refresh))).toBe('asked');
  });

  it('is refused as an answer to a call that does not come from a view', async () => {
    const { consent, requested } = await room();
    const asking = consent.decide(call(refresh), new AbortController().signal);
    expect(() => consent.answer({ id: requested[0]!.id, decision: 'view' })).toThrow(
      expect.objectContaining({ code: 'invalid_input' }),
    );
    consent.cancelAll();
    await expect(asking).rejects.toThrow();
  });
});

describe("a server's view-only tools, trusted for its views", () => {
  it('covers calls from any of its views to its view-only tools, never the model and never a tool the model sees', async () => {
    const { consent, permissions } = await room();
    const grant = await permissions.give({
      scope: 'app-only',
      server: 'monitor',
      identity: serverIdentity(entry),
      tools: [poll, refresh],
    });
    expect(grant.tools).toEqual(['poll']);
    expect(await decided(consent, call(poll, 'view-1'))).toMatchObject({ grant: 'app-only' });
    expect(await decided(consent, call(poll, 'view-2'))).toMatchObject({ grant: 'app-only' });
    expect(await decided(consent, call(poll))).toBe('asked');
    expect(await decided(consent, call(refresh, 'view-1'))).toBe('asked');
    // A view-only tool that becomes visible to the model is no longer covered, even from a view.
    const widened: ToolView = { ...poll, ui: { visibility: ['app', 'model'] } };
    expect(await decided(consent, call(widened, 'view-1'))).toBe('asked');

    await permissions.revokeTrust('monitor', 'app-only');
    expect(await decided(consent, call(poll, 'view-1'))).toBe('asked');
  });
});

describe('a tool an open view offers the model', () => {
  it('is asked every time, whatever grant its server has for a tool of the same name and definition', async () => {
    const { consent, permissions, requested } = await room();
    await permissions.give({
      scope: 'always',
      server: 'monitor',
      identity: serverIdentity(entry),
      tools: [refresh],
    });
    expect(await decided(consent, call(refresh))).toMatchObject({ decision: 'granted' });
    const fromView: ToolCallQuestion = { ...call(refresh), callId: 'view-tool', ofView: 'show' };
    expect(await decided(consent, fromView)).toBe('asked');

    // Only once or deny answer it: no grant may be made from the view's word.
    const asking = consent.decide(fromView, new AbortController().signal);
    const id = requested.at(-1)?.id ?? '';
    expect(requested.at(-1)?.ofView).toBe('show');
    for (const decision of ['always', 'conversation', 'server-conversation'] as const) {
      expect(() => consent.answer({ id, decision })).toThrow(
        expect.objectContaining({ code: 'invalid_input' }),
      );
    }
    consent.answer({ id, decision: 'once' });
    await expect(asking).resolves.toMatchObject({ decision: 'once' });
  });
});
