// Permissions of every scope through a real host: conversation grants, server grants, read-only trust, edits and the audit log.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantMessage, ConsentRequest, ToolCallView } from '../../src/shared/chat';
import type { ToolAuditEntry } from '../../src/shared/consent';
import type { Json } from '../../src/shared/types';
import { startTestHost, type TestHost } from '../faults/hostHarness';
import { fixtureEntry, until } from '../helpers';
import { type ScriptedModel, startModel } from '../scriptedModel';

let llm: ScriptedModel;
let base: string;
beforeAll(async () => {
  llm = await startModel();
  base = llm.url.replace(/\/v1$/, '');
});
afterAll(() => llm.close());

const hosts: TestHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close().catch(() => {})));
}, 30_000);

async function toolsHost(): Promise<TestHost> {
  const models = {
    providers: [{ id: 'local', type: 'openai-compatible', baseURL: llm.url, models: ['scripted-model'] }],
    default: 'local/scripted-model',
  };
  const t = await startTestHost({ mcpServers: { tools: fixtureEntry('chat-tools.mjs') }, models });
  hosts.push(t);
  return t;
}

type Call = { name: string; arguments: Record<string, unknown> };

/**
 * One turn in `conversation` where the model makes `calls` at once; `answer` decides each consent
 * question as it comes. Resolves with the finished cards and the questions asked.
 */
async function turn(
  t: TestHost,
  conversation: string,
  calls: Call[],
  answer: (request: ConsentRequest) => void,
): Promise<{ cards: ToolCallView[]; asked: ConsentRequest[] }> {
  await fetch(`${base}/__reset`, { method: 'POST' });
  await fetch(`${base}/__script`, {
    method: 'POST',
    body: JSON.stringify([{ toolCalls: calls }, { echoToolResults: true, prefix: 'got: ' }]),
  });
  const asked: ConsentRequest[] = [];
  const stop = t.host.on('consent.requested', (request) => {
    asked.push(request);
    answer(request);
  });
  const before = t.events('chat.message').length;
  try {
    await sendWhenFree(t, conversation);
    const reply = await until(
      'the turn to end',
      () =>
        t
          .events('chat.message')
          .slice(before)
          .find(
            ({ conversationId, message }) =>
              conversationId === conversation &&
              message.role === 'assistant' &&
              message.status !== 'streaming',
          )?.message as AssistantMessage | undefined,
      15_000,
    );
    const cards = reply.parts.flatMap((part) => (part.type === 'tool' ? [part.call] : []));
    return { cards, asked };
  } finally {
    stop();
  }
}

/** Sends once the conversation's previous turn has let go (its reply is published just before). */
async function sendWhenFree(t: TestHost, conversation: string): Promise<void> {
  await until('the conversation to take a message', async () => {
    try {
      await t.host.commands['chat.send']({ id: conversation, text: 'go' });
      return true;
    } catch (error) {
      if (!/still answering/.test(String(error))) throw error;
      return false;
    }
  });
}

const answerWith =
  (t: TestHost, decision: 'once' | 'conversation' | 'server-conversation' | 'always' | 'deny', args?: Json) =>
  (request: ConsentRequest) =>
    void t.host.commands['consent.answer']({ id: request.id, decision, ...(args ? { args } : {}) });

const greet = (name: string): Call => ({ name: 'tools__greet', arguments: { name } });

describe('grant scopes through a real host', { timeout: 60_000 }, () => {
  it('"for this conversation" holds in that conversation only, and goes with it', async () => {
    const t = await toolsHost();
    const first = await t.host.commands['chat.create']({});
    const granting = await turn(t, first.id, [greet('Ada')], answerWith(t, 'conversation'));
    // An empty conversation is offered again rather than made twice: the second comes once the first has a message.
    const second = await t.host.commands['chat.create']({});
    expect(second.id).not.toBe(first.id);
    expect(granting.asked).toHaveLength(1);
    expect(granting.cards[0]).toMatchObject({ status: 'done', decision: 'conversation' });

    const again = await turn(t, first.id, [greet('Bob')], answerWith(t, 'deny'));
    expect(again.asked).toHaveLength(0);
    expect(again.cards[0]).toMatchObject({ status: 'done', decision: 'granted', grant: 'conversation' });

    const elsewhere = await turn(t, second.id, [greet('Cy')], answerWith(t, 'deny'));
    expect(elsewhere.asked).toHaveLength(1);
    expect(elsewhere.cards[0]).toMatchObject({ status: 'denied' });

    expect(await t.host.commands['permissions.list']({})).toEqual([
      expect.objectContaining({
        scope: 'conversation',
        server: 'tools',
        tool: 'greet',
        conversationId: first.id,
      }),
    ]);
    await t.host.commands['chat.delete']({ id: first.id });
    expect(await t.host.commands['permissions.list']({})).toEqual([]);
  });

  it('"this server\'s tools for this conversation" covers its other tools, and waiting calls it covers run at once', async () => {
    const t = await toolsHost();
    const conversation = await t.host.commands['chat.create']({});
    let first = true;
    const parallel = await turn(t, conversation.id, [greet('A'), greet('B'), greet('C')], (request) => {
      if (!first) return;
      first = false;
      // Answer once all three wait, so the grant finds the other two waiting.
      void until('three waiting', () => t.events('consent.requested').length === 3).then(() =>
        t.host.commands['consent.answer']({ id: request.id, decision: 'server-conversation' }),
      );
    });
    expect(parallel.asked).toHaveLength(3);
    expect(parallel.cards.map((card) => card.status)).toEqual(['done', 'done', 'done']);
    expect(parallel.cards.map((card) => card.decision).sort()).toEqual([
      'granted',
      'granted',
      'server-conversation',
    ]);
    expect(await t.host.commands['consent.pending']({})).toEqual([]);

    const other = await turn(
      t,
      conversation.id,
      [{ name: 'tools__fail', arguments: {} }],
      answerWith(t, 'deny'),
    );
    expect(other.asked).toHaveLength(0);
    expect(other.cards[0]).toMatchObject({ decision: 'granted', grant: 'server-conversation' });
  });

  it('leaves a waiting call the person is editing to their own answer', async () => {
    const t = await toolsHost();
    const conversation = await t.host.commands['chat.create']({});
    const result = await turn(t, conversation.id, [greet('A'), greet('B'), greet('C')], () => {
      const asked = t.events('consent.requested');
      if (asked.length < 3) return;
      const [first, , third] = asked as [ConsentRequest, ConsentRequest, ConsentRequest];
      void (async () => {
        await t.host.commands['consent.answer']({
          id: first.id,
          decision: 'conversation',
          editing: [third.id],
        });
        await until('the second call to run', () => t.events('consent.settled').length === 2);
        expect((await t.host.commands['consent.pending']({})).map((request) => request.id)).toEqual([
          third.id,
        ]);
        await t.host.commands['consent.answer']({ id: third.id, decision: 'once', args: { name: 'Edited' } });
      })();
    });
    expect(result.cards.map((card) => [card.decision, card.args])).toEqual([
      ['conversation', { name: 'A' }],
      ['granted', { name: 'B' }],
      ['once', { name: 'Edited' }],
    ]);
  });

  it('read-only trust runs the tools the server marks read-only, and only those, without asking', async () => {
    const t = await toolsHost();
    const conversation = await t.host.commands['chat.create']({});
    const grants = await t.host.commands['permissions.trustReadOnly']({ server: 'tools', enabled: true });
    expect(grants).toEqual([expect.objectContaining({ scope: 'read-only', tools: ['greet'] })]);

    const trusted = await turn(t, conversation.id, [greet('Ada')], answerWith(t, 'deny'));
    expect(trusted.asked).toHaveLength(0);
    expect(trusted.cards[0]).toMatchObject({ status: 'done', decision: 'granted', grant: 'read-only' });

    const asked = await turn(
      t,
      conversation.id,
      [{ name: 'tools__fail', arguments: {} }],
      answerWith(t, 'deny'),
    );
    expect(asked.asked).toHaveLength(1);

    await t.host.commands['permissions.trustReadOnly']({ server: 'tools', enabled: false });
    expect(await t.host.commands['permissions.list']({})).toEqual([]);
    expect((await turn(t, conversation.id, [greet('Bo')], answerWith(t, 'deny'))).asked).toHaveLength(1);
  });

  it('records edited arguments on the card and in the audit log, and a result marked isError as failed', async () => {
    const t = await toolsHost();
    const conversation = await t.host.commands['chat.create']({});
    const edited = await turn(t, conversation.id, [greet('Ada')], answerWith(t, 'once', { name: 'Grace' }));
    expect(edited.cards[0]).toMatchObject({
      status: 'done',
      args: { name: 'Grace' },
      modelArgs: { name: 'Ada' },
    });
    const failing = await turn(
      t,
      conversation.id,
      [{ name: 'tools__fail', arguments: {} }],
      answerWith(t, 'once'),
    );
    expect(failing.cards[0]?.result).toMatchObject({ isError: true });

    const audit = (await t.host.commands['audit.list']({})) as ToolAuditEntry[];
    expect(audit[1]).toMatchObject({
      tool: 'greet',
      conversationId: conversation.id,
      args: { name: 'Grace' },
      modelArgs: { name: 'Ada' },
      decision: 'once',
      outcome: 'done',
    });
    expect(audit[0]).toMatchObject({ tool: 'fail', outcome: 'failed' });
    expect(audit[0]).not.toHaveProperty('modelArgs');
  });

  it('refuses a conversation scope for a call outside any conversation', async () => {
    const { checkAnswer } = await import('../../src/main/consent/grantDecisions');
    const request = { conversationId: '' } as ConsentRequest;
    expect(() => checkAnswer(request, 'conversation')).toThrow(/not for a conversation/);
    expect(() => checkAnswer(request, 'server-conversation')).toThrow(/not for a conversation/);
    expect(() => checkAnswer(request, 'always')).not.toThrow();
  });
});

describe('a changed definition', { timeout: 60_000 }, () => {
  it('suspends a conversation permission, and the question says which permission and what changed', async () => {
    const t = await toolsHost();
    const conversation = await t.host.commands['chat.create']({});
    await turn(t, conversation.id, [greet('Ada')], answerWith(t, 'conversation'));
    await turn(t, conversation.id, [{ name: 'tools__mutate', arguments: {} }], answerWith(t, 'once'));
    await until('the new definition', () =>
      t
        .events('server.changed')
        .some((view) => view.tools.some((tool) => tool.description?.includes('records every name'))),
    );
    const after = await turn(t, conversation.id, [greet('Bob')], answerWith(t, 'deny'));
    expect(after.asked).toHaveLength(1);
    expect(after.asked[0]?.changed?.scope).toBe('conversation');
    expect(after.asked[0]?.changed?.before).toContain('"description": "Greets someone by name."');
    expect(after.asked[0]?.changed?.after).toContain('records every name it sees');
  });
});
