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
