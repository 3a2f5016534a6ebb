// The consent room: a grant from one answer lets go exactly the waiting calls it covers, and every call settles once.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Settled } from '../../src/main/consent/broker';
import { type Consent, ConsentRoom, type ToolCallQuestion } from '../../src/main/consent/consentRoom';
import { PermissionStore } from '../../src/main/consent/policy';
import { HostFault } from '../../src/main/errors';
import { ConversationStore } from '../../src/main/storage/conversations';
import { serverIdentity } from '../../src/main/trust/identity';
import type { ConsentRequest } from '../../src/shared/chat';
import type { ServerEntry, ToolView } from '../../src/shared/types';
import { flowRoomFor } from '../flowRoomFor';

const tool = (name: string): ToolView => ({ name, inputSchema: { type: 'object' } });

/** The servers as the room reads them: each one's entry (its identity) and tools. */
const SERVERS: Record<string, { entry: ServerEntry; tools: ToolView[] }> = {
  files: { entry: { command: 'node', args: ['files.js'] }, tools: [tool('read'), tool('write')] },
  web: { entry: { command: 'node', args: ['web.js'] }, tools: [tool('fetch')] },
};
const servers = {
  get(name: string) {
    const server = SERVERS[name];
    if (!server) throw new HostFault('not_found', `There is no server named "${name}".`);
    return { entry: server.entry, view: () => ({ tools: server.tools }), note: () => {} };
  },
  list: () => [],
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'switchboard-consent-room-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A room over a real permission store in `path`, with what it announces. */
async function room(path = join(dir, 'permissions.json')) {
  const permissions = new PermissionStore(path);
  await permissions.load();
  const conversations = new ConversationStore(join(dir, 'conversations'));
  const flow = flowRoomFor(dir, servers, { conversations });
  const consent = new ConsentRoom({ permissions, servers, flow });
  const requested: ConsentRequest[] = [];
  const settled: Settled[] = [];
  consent.onDidRequest((request) => requested.push(request));
  consent.onDidSettle((item) => settled.push(item));
  return { consent, permissions, requested, settled, flow, conversations };
}

function call(server: string, name: string, conversationId = 'c1'): ToolCallQuestion {
  return { server, tool: tool(name), conversationId, callId: `${server}-${name}`, args: { name } };
}

/** How a decision ended: the consent, or the message of the fault it was refused with. */
function outcome(decided: Promise<Consent>): Promise<Consent | string> {
  return decided.then(
    (consent) => consent,
    (error: unknown) => (error instanceof HostFault ? `${error.code}: ${error.message}` : String(error)),
  );
}

describe('the consent room', () => {
  it('lets go the waiting calls a grant from an answer covers, but not one being edited or of another conversation', async () => {
    const { consent, requested } = await room();
    const signal = new AbortController().signal;
    const asking = consent.decide(call('files', 'write'), signal);
    const covered = consent.decide(call('files', 'read'), signal);
    const edited = consent.decide(call('files', 'read'), signal);
    const elsewhere = outcome(consent.decide(call('files', 'read', 'c2'), signal));
    const otherServer = outcome(consent.decide(call('web', 'fetch'), signal));
    expect(requested).toHaveLength(5);
    const [first, , third, fourth, fifth] = requested.map((request) => request.id);

    consent.answer({ id: first!, decision: 'server-conversation', editing: [third!] });
    await expect(asking).resolves.toEqual({ decision: 'server-conversation', args: { name: 'write' } });
    await expect(covered).resolves.toEqual({
      decision: 'granted',
      args: { name: 'read' },
      grant: 'server-conversation',
    });
    expect(consent.pending().map((request) => request.id)).toEqual([third, fourth, fifth]);

    consent.answer({ id: third!, decision: 'once', args: { name: 'edited' } });
    await expect(edited).resolves.toEqual({ decision: 'once', args: { name: 'edited' } });
    // The grant now covers a new call in that conversation at once, without asking.
    await expect(consent.decide(call('files', 'write'), signal)).resolves.toMatchObject({
      decision: 'granted',
      grant: 'server-conversation',
    });
    expect(requested).toHaveLength(5);
    consent.cancelAll();
    expect(await elsewhere).toBe('cancelled: The tool call was cancelled.');
    expect(await otherServer).toBe('cancelled: The tool call was cancelled.');
  });

  it('lets go the calls a grant given elsewhere covers, such as read-only trust', async () => {
    const { consent, permissions } = await room();
    const readOnly = { ...tool('read'), annotations: { readOnlyHint: true } };
    const waiting = consent.decide(
      { ...call('files', 'read'), tool: readOnly },
      new AbortController().signal,
    );
    await permissions.give({
      scope: 'read-only',
      server: 'files',
      identity: serverIdentity(SERVERS.files!.entry),
      tools: [readOnly],
    });
    await expect(waiting).resolves.toMatchObject({ decision: 'granted', grant: 'read-only' });
  });

  it('settles every call exactly once: answered, cancelled by its signal, its server gone, or all cancelled', async () => {
    const { consent, requested, settled } = await room();
    const signals = [0, 1, 2, 3].map(() => new AbortController());
    const decide = (question: ToolCallQuestion, index: number) =>
      outcome(consent.decide(question, signals[index]!.signal));
    const answered = decide(call('files', 'write'), 0);
    const aborted = decide(call('files', 'read'), 1);
    const gone = decide(call('web', 'fetch'), 2);
    const closed = decide(call('files', 'write', 'c2'), 3);
    const ids = requested.map((request) => request.id);

    consent.answer({ id: ids[0]!, decision: 'once' });
    signals[1]!.abort();
    consent.cancelServer('web');
    consent.cancelAll();
    // Whatever comes after a call settled changes nothing.
    for (const signal of signals) signal.abort();
    consent.cancelServer('files');
    consent.cancelAll();
    for (const id of ids) {
      expect(() => consent.answer({ id, decision: 'once' })).toThrow(
        expect.objectContaining({ code: 'not_found' }),
      );
    }

    expect(await answered).toEqual({ decision: 'once', args: { name: 'write' } });
    expect(await aborted).toBe('cancelled: The tool call was cancelled.');
    expect(await gone).toBe('cancelled: The server stopped before you answered.');
    expect(await closed).toBe('cancelled: The tool call was cancelled.');
    expect(settled).toEqual([
      { id: ids[0], reason: 'answered' },
      { id: ids[1], reason: 'cancelled' },
      { id: ids[2], reason: 'server-gone' },
      { id: ids[3], reason: 'cancelled' },
    ]);
    expect(consent.pending()).toEqual([]);
  });

  it('refuses an answer that cannot apply, and the call goes on waiting', async () => {
    const { consent, requested } = await room();
    const decided = consent.decide(call('files', 'write', ''), new AbortController().signal);
    const id = requested[0]!.id;
    expect(() => consent.answer({ id, decision: 'conversation' })).toThrow(/not for a conversation/);
    expect(consent.pending().map((request) => request.id)).toEqual([id]);
    consent.answer({ id, decision: 'always' });
    await expect(decided).resolves.toMatchObject({ decision: 'always' });
  });

  it('fails the call whose grant could not be saved, saying why', async () => {
    await writeFile(join(dir, 'not-a-folder'), '');
    const { consent, requested } = await room(join(dir, 'not-a-folder', 'permissions.json'));
    const decided = outcome(consent.decide(call('files', 'write'), new AbortController().signal));
    consent.answer({ id: requested[0]!.id, decision: 'always' });
    expect(await decided).toMatch(/^internal: Could not save your permissions/);
  });

  it('goes on telling the other listeners, and settling, when one listener fails', async () => {
    const { consent, requested, settled } = await room();
    consent.onDidRequest(() => {
      throw new Error('listener bug');
    });
    consent.onDidSettle(() => {
      throw new Error('listener bug');
    });
    const seen: string[] = [];
    consent.onDidRequest((request) => seen.push(request.callId));
    const reported: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => reported.push(args);
    try {
      const decided = consent.decide(call('files', 'write'), new AbortController().signal);
      consent.answer({ id: requested[0]!.id, decision: 'once' });
      await expect(decided).resolves.toMatchObject({ decision: 'once' });
    } finally {
      console.error = original;
    }
    expect(seen).toEqual(['files-write']);
    expect(settled).toHaveLength(1);
    expect(reported).toHaveLength(2);
  });
});

describe('the consent room under the flow rules', () => {
  /** A conversation that read a file and took in a fetched page, and a grant covering `files`' tools in it. */
  async function exposedRoom() {
    const parts = await room();
    await parts.conversations.load();
    const { id } = await parts.conversations.create();
    await parts.conversations.putMessage(id, { id: 'u1', role: 'user', text: 'go', time: 1 });
    await parts.permissions.give({
      scope: 'server-conversation',
      server: 'files',
      identity: serverIdentity(SERVERS.files!.entry),
      tools: SERVERS.files!.tools,
      conversationId: id,
    });
    const expose = () =>
      parts.flow.record(id, [
        { kind: 'private-data', server: 'files', what: 'read', via: 'tool', time: 1000, messageId: 'a1' },
        { kind: 'outside-content', server: 'web', what: 'fetch', via: 'tool', time: 2000, messageId: 'a2' },
      ]);
    return { ...parts, id, expose };
  }

  it('runs a covered call at once until the conversation is exposed, then holds it for Allow once or Deny only', async () => {
    const { consent, requested, id, expose } = await exposedRoom();
    const signal = new AbortController().signal;
    // Without the exposure the grant covers it: the same call runs without asking.
    await expect(consent.decide(call('files', 'write', id), signal)).resolves.toMatchObject({
      decision: 'granted',
      grant: 'server-conversation',
    });
    expect(requested).toHaveLength(0);

    await expose();
    const held = consent.decide(call('files', 'write', id), signal);
    expect(requested).toHaveLength(1);
    const request = requested[0]!;
    expect(request.hold).toMatchObject({
      reason: 'trifecta',
      grant: 'server-conversation',
      privateData: { what: 'read', time: 1000 },
      outsideContent: { what: 'fetch', time: 2000 },
    });
    expect(request.labels?.sendsOut.on).toBe(true);
    for (const decision of ['conversation', 'server-conversation', 'always'] as const) {
      expect(() => consent.answer({ id: request.id, decision })).toThrow(/allowed once or denied/);
    }
    consent.answer({ id: request.id, decision: 'deny' });
    await expect(held).resolves.toMatchObject({ decision: 'denied', hold: { reason: 'trifecta' } });
  });

  it('says a grant covers a tool only while no hold applies, asking and recording nothing', async () => {
    const { consent, requested, settled, id, expose } = await exposedRoom();
    const write = { server: 'files', tool: tool('write'), conversationId: id };
    expect(consent.covers(write)).toBe(true);
    expect(consent.covers({ ...write, conversationId: 'elsewhere' })).toBe(false);
    expect(consent.covers({ server: 'web', tool: tool('fetch'), conversationId: id })).toBe(false);
    expect(consent.covers({ ...write, server: 'gone' })).toBe(false);
    await expose();
    expect(consent.covers(write)).toBe(false);
    expect(requested).toHaveLength(0);
    expect(settled).toHaveLength(0);
    expect(consent.pending()).toHaveLength(0);
  });

  it('never lets a held call go for a grant given meanwhile', async () => {
    const { consent, permissions, requested, id, expose } = await exposedRoom();
    await expose();
    const held = outcome(consent.decide(call('files', 'write', id), new AbortController().signal));
    await permissions.give({
      scope: 'always',
      server: 'files',
      identity: serverIdentity(SERVERS.files!.entry),
      tools: [tool('write')],
    });
    expect(consent.pending().map((request) => request.callId)).toEqual(['files-write']);
    consent.answer({ id: requested[0]!.id, decision: 'once' });
    expect(await held).toMatchObject({ decision: 'once', hold: { reason: 'trifecta' } });
  });

  it('refuses a broader answer to a call asked before its conversation became exposed', async () => {
    const { consent, requested, id, expose } = await exposedRoom();
    const waiting = consent.decide(call('web', 'fetch', id), new AbortController().signal);
    expect(requested[0]?.hold).toBeUndefined();
    await expose();
    expect(() => consent.answer({ id: requested[0]!.id, decision: 'conversation' })).toThrow(/allowed once/);
    consent.answer({ id: requested[0]!.id, decision: 'once' });
    await expect(waiting).resolves.toMatchObject({ decision: 'once' });
  });
});
